/**
 * PostgresConfig: a project's Postgres settings, only the declared ones. Its
 * documentation is `postgresConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { z } from "zod";
import { PostgresConfigFields, PostgresConfigSettings, CONFIG_COMMON_FIELDS } from "../client/config-schemas";
import type { ResourceDoc } from "../resource-doc";
import { call, configResource, configWrite } from "./config/factory";
import { waitHealthy } from "./project";
import { projectRef } from "./shared";

export const postgresConfigInputs = PostgresConfigSettings.extend({
  projectRef: projectRef.describe(CONFIG_COMMON_FIELDS.projectRef),
  restoreOnDestroy: z
    .boolean({ error: "restoreOnDestroy must be a boolean" })
    .optional()
    .describe(CONFIG_COMMON_FIELDS.restoreOnDestroy),
}).strict();

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/config/database/postgres`;

export const postgresConfig = configResource({
  fields: PostgresConfigFields,
  inputs: postgresConfigInputs,
  read: (ref) => call("GET", path(ref)),
  write: (ref, body, current) => configWrite("PUT", path(ref), { ...current, ...body }),
  afterWrite: (ref) => waitHealthy(ref, 600).then(() => undefined),
  restoreByDefault: false,
});

export const postgresConfigDoc: ResourceDoc = {
  name: "PostgresConfig",
  page: "postgres-config",
  summary:
    "A project's Postgres settings (connections, memory, timeouts, WAL…). The service applies a change with a database restart where needed, and the resource waits until the project is healthy again. Only the declared settings are managed.",
  inputs: postgresConfigInputs,
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
      "The service's `PUT` replaces the whole set of overrides, so a write reads the current overrides and sends them back together with the declared fields: settings made by others are kept.",
      "A change restarts the database: the project reads `RESTARTING` until the restart is over, and create and update wait until it is `ACTIVE_HEALTHY` again.",
      'Durations (`statementTimeout: "60s"` equals `"60000ms"`) and sizes (`"1GB"` equals `"1024MB"`) are compared normalized.',
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0" },
    {
      operation: "create, update",
      calls:
        "1 `GET /v1/projects/{ref}` + 1 `GET …/config/database/postgres` (+1 `PUT …/config/database/postgres` with the current overrides and the declared fields, then `GET /v1/projects/{ref}` polls until healthy again after the restart)",
    },
    { operation: "read (refresh)", calls: "1 `GET /v1/projects/{ref}/config/database/postgres`" },
    { operation: "delete", calls: "0 (with `restoreOnDestroy`: 1 `GET` project + 1 `GET` + 1 `PUT` + polls)" },
  ],
};

export default postgresConfig;
