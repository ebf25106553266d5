/**
 * AuthConfig: a project's auth settings, only the declared ones. Its
 * documentation is `authConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { AuthConfigFields, AuthConfigSettings } from "../../client/config-schemas";
import { CONFIG_ADOPTS } from "../config/factory";
import { defineKind } from "../../kind";
import { patchConfig } from "../config/patch";
import { usageProjectRef } from "../../resource-doc";

const secretFields = Object.entries(AuthConfigFields)
  .filter(([, f]) => f.kind === "secret")
  .map(([name]) => name);

const auth = patchConfig({
  settings: AuthConfigSettings,
  fields: AuthConfigFields,
  import: { kind: "authConfig", what: "auth" },
  apiPath: "config/auth",
  doc: {
    name: "AuthConfig",
    page: "auth-config",
    usage: {
      name: "auth",
      inputs: {
        projectRef: usageProjectRef(),
        siteUrl: "https://app.acme.example.com",
        jwtExp: 3600,
        passwordMinLength: 10,
        samlEnabled: true,
      },
    },
    manages: "the auth service's configuration (only declared fields)",
    summary:
      "A project's auth settings: site URL, redirect URLs, external OAuth providers, SMTP, e-mail templates, MFA, hooks, rate limits (about 230 fields, typed from the spec). Only the declared settings are managed.",
    drift:
      "Refresh compares the declared fields only, normalized. Write-only secrets are compared by the digest the service answers (HMAC-SHA256 keyed with the project ref): a secret changed out of band shows as changed, never by value; a masked answer shows nothing.",
    destroy:
      "Removes the resource from the stack only, by default. With `restoreOnDestroy: true`, writes back the values the declared fields had before (secrets cannot be restored).",
    notes: [
      `Write-only secrets (${secretFields.map((f) => `\`${f}\``).join(", ")}) are kept in state only as their digest, and marked secret in inputs.`,
      "Values are normalized before comparison: booleans or numbers given as strings, trailing slashes in URLs, the order and spacing of comma-separated sets such as `uriAllowList`, enum letter case.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
});

export const authConfigInputs = auth.inputs;
export const authConfigDoc = auth.doc;

export default defineKind(auth.resource, auth.doc, { recover: CONFIG_ADOPTS, importer: auth.importer });
