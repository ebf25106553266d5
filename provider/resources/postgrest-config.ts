/**
 * PostgrestConfig: a project's Data API settings, only the declared ones. Its
 * documentation is `postgrestConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { PostgrestConfigFields, PostgrestConfigSettings } from "../client/config-schemas";
import { configDoc } from "./config/doc";
import { configInputs } from "./config/inputs";
import { call, configResource, configWrite } from "./config/factory";

export const postgrestConfigInputs = configInputs(PostgrestConfigSettings);

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/postgrest`;

export const postgrestConfig = configResource({
  fields: PostgrestConfigFields,
  inputs: postgrestConfigInputs,
  read: (ref) => call("GET", path(ref)),
  write: (ref, body) => configWrite("PATCH", path(ref), body),
  restoreByDefault: false,
});

export const postgrestConfigDoc = configDoc({
  name: "PostgrestConfig",
  page: "postgrest-config",
  summary:
    "A project's Data API (PostgREST) settings: exposed schemas, extra search path, max rows, pool size. Only the declared settings are managed.",
  inputs: postgrestConfigInputs,
  apiPath: "postgrest",
  method: "PATCH",
  notes: [
    "`dbSchema` and `dbExtraSearchPath` are compared as comma-separated lists whose order matters (spacing does not).",
    "The `jwt_secret` the service returns on GET is never read into state.",
    "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
  ],
});

export default postgrestConfig;
