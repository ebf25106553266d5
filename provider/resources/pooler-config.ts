/**
 * PoolerConfig: a project's connection pooler settings, only the declared ones. Its
 * documentation is `poolerConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { PoolerConfigFields, PoolerConfigSettings, CONFIG_COMMON_FIELDS } from "../client/config-schemas";
import type { ResourceDoc } from "../resource-doc";
import { call, configResource, configWrite } from "./config/factory";
import { projectRef } from "./shared";

export const poolerConfigInputs = PoolerConfigSettings.extend({
  projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef),
  restoreOnDestroy: z
    .boolean({ error: "restoreOnDestroy must be a boolean" })
    .optional()
    .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
}).strict();

/** The primary database's pooler (the list also holds read replicas). */
function primary(list: Record<string, unknown>[]): Record<string, unknown> {
  return list.find((p) => p.database_type === "PRIMARY") ?? list[0] ?? {};
}

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/config/database/pooler`;

export const poolerConfig = configResource({
  fields: PoolerConfigFields,
  inputs: poolerConfigInputs,
  read: async (ref) => primary(await call<Record<string, unknown>[]>("GET", path(ref))),
  write: (ref, body) => configWrite("PATCH", path(ref), body),
  restoreByDefault: false,
});

export const poolerConfigDoc: ResourceDoc = {
  name: "PoolerConfig",
  page: "pooler-config",
  summary:
    "A project's connection pooler (Supavisor) settings: pool size and pool mode. Only the declared settings are managed.",
  inputs: poolerConfigInputs,
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
      "Reads the `PRIMARY` entry of the pooler list.",
      'Writes wait until the project is `ACTIVE_HEALTHY`, and retry the 500 "error adding pooler tenant" the service answers while the pooler of a new project is not ready yet.',
      "`poolMode` is compared without regard to letter case.",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create, update",
      calls:
        "1 `GET /v1/projects/{ref}` + 1 `GET …/config/database/pooler` (+1 `PATCH …/config/database/pooler` with the declared fields that differ)",
    },
    { operation: "read (refresh)", calls: "1 `GET /v1/projects/{ref}/config/database/pooler`" },
    { operation: "delete", calls: "0 (with `restoreOnDestroy`: 1 `GET` project + 1 `GET` + 1 `PATCH`)" },
  ],
};

export default poolerConfig;
