/**
 * PostgrestConfig: a project's Data API settings, only the declared ones. Its
 * documentation is `postgrestConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { PostgrestConfigFields, PostgrestConfigSettings, CONFIG_COMMON_FIELDS } from "../client/config-schemas";
import type { ResourceDoc } from "../resource-doc";
import { call, configResource, configWrite } from "./config/factory";
import { projectRef } from "./shared";

export const postgrestConfigInputs = PostgrestConfigSettings.extend({
  projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef),
  restoreOnDestroy: z
    .boolean({ error: "restoreOnDestroy must be a boolean" })
    .optional()
    .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
}).strict();

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/postgrest`;

export const postgrestConfig = configResource({
  fields: PostgrestConfigFields,
  inputs: postgrestConfigInputs,
  read: (ref) => call("GET", path(ref)),
  write: (ref, body) => configWrite("PATCH", path(ref), body),
  restoreByDefault: false,
});

export const postgrestConfigDoc: ResourceDoc = {
  name: "PostgrestConfig",
  page: "postgrest-config",
  summary:
    "A project's Data API (PostgREST) settings: exposed schemas, extra search path, max rows, pool size. Only the declared settings are managed.",
  inputs: postgrestConfigInputs,
  outputs: {
    previous:
      "The values the declared fields had before this stack managed them (secrets excepted), in the API's names.",
    drift:
      "After a refresh that found drift: the declared fields changed out of band (secrets only by name). Cleared by `up`.",
  },
  behaviour: {
    replace: "Only a change of `projectRef`.",
    adopt: "The default: declaring adopts whatever the project has; only declared fields that differ are written.",
    drift:
      "Refresh compares the declared fields only, normalized. A value changed out of band shows in the refreshed outputs, and `up` writes the declared one back.",
    destroy:
      "Removes the resource from the stack only, by default. With `restoreOnDestroy: true`, writes back the values the declared fields had before.",
    notes: [
      "`dbSchema` and `dbExtraSearchPath` are compared as comma-separated lists whose order matters (spacing does not).",
      "The `jwt_secret` the service returns on GET is never read into state.",
      "Writes wait until the project is `ACTIVE_HEALTHY` and retry the transient errors of a project that just came up.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create, update",
      calls:
        "1 `GET /v1/projects/{ref}` + 1 `GET …/postgrest` (+1 `PATCH …/postgrest` with the declared fields that differ)",
    },
    { operation: "read (refresh)", calls: "1 `GET /v1/projects/{ref}/postgrest`" },
    { operation: "delete", calls: "0 (with `restoreOnDestroy`: 1 `GET` project + 1 `GET` + 1 `PATCH`)" },
  ],
};

export default postgrestConfig;
