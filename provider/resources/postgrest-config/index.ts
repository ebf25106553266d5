/**
 * PostgrestConfig: a project's Data API settings, only the declared ones. Its
 * documentation is `postgrestConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { PostgrestConfigFields, PostgrestConfigSettings } from "../../client/config-schemas";
import { CONFIG_ADOPTS } from "../config/factory";
import { defineKind } from "../../kind";
import { patchConfig } from "../config/patch";
import { usageProjectRef } from "../../resource-doc";

const postgrest = patchConfig({
  settings: PostgrestConfigSettings,
  fields: PostgrestConfigFields,
  import: { kind: "postgrestConfig", what: "data-api" },
  apiPath: "postgrest",
  doc: {
    name: "PostgrestConfig",
    page: "postgrest-config",
    usage: {
      name: "data-api",
      inputs: { projectRef: usageProjectRef(), dbSchema: "public,graphql_public", maxRows: 1000 },
    },
    manages: "the REST API's configuration (only declared fields)",
    summary:
      "A project's Data API (PostgREST) settings: exposed schemas, extra search path, max rows, pool size. Only the declared settings are managed.",
    notes: [
      "`dbSchema` and `dbExtraSearchPath` are compared as comma-separated lists whose order matters (spacing does not).",
      "The `jwt_secret` the service returns on GET is never read into state.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
});

export const postgrestConfigInputs = postgrest.inputs;
export const postgrestConfigDoc = postgrest.doc;

export default defineKind(postgrest.resource, postgrest.doc, { recover: CONFIG_ADOPTS, importer: postgrest.importer });
