/**
 * PostgresConfig: a project's Postgres settings, only the declared ones. Its
 * documentation is `postgresConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { PostgresConfigFields, PostgresConfigSettings } from "../../client/config-schemas";
import { defineKind } from "../../kind";
import { configDoc } from "../config/doc";
import { configInputs } from "../config/inputs";
import { call, configResource, configWrite, CONFIG_ADOPTS } from "../config/factory";
import { configImporter } from "../config/import";
import { waitHealthy } from "../project";
import { usageProjectRef } from "../../resource-doc";

export const postgresConfigInputs = configInputs(PostgresConfigSettings);

const path = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}/config/database/postgres`;

const read = (ref: string) => call("GET", path(ref));

export const postgresConfig = configResource({
  fields: PostgresConfigFields,
  inputs: postgresConfigInputs,
  read,
  write: (ref, body, current) => configWrite("PUT", path(ref), { ...current, ...body }),
  afterWrite: (ref) => waitHealthy(ref, 600).then(() => undefined),
  restoreByDefault: false,
});

export const postgresConfigDoc = configDoc({
  name: "PostgresConfig",
  page: "postgres-config",
  usage: { name: "postgres", inputs: { projectRef: usageProjectRef(), statementTimeout: "60s" } },
  manages: "the database's configuration (only declared fields)",
  summary:
    "A project's Postgres settings (connections, memory, timeouts, WAL…). The service applies a change with a database restart where needed, and the resource waits until the project is healthy again. Only the declared settings are managed.",
  inputs: postgresConfigInputs,
  apiPath: "config/database/postgres",
  method: "PUT",
  writeCalls:
    "1 `GET /v1/projects/{ref}` + 1 `GET …/config/database/postgres` (+1 `PUT …/config/database/postgres` with the current overrides and the declared fields, then `GET /v1/projects/{ref}` polls until healthy again after the restart)",
  deleteCalls: "0 (with `restoreOnDestroy`: 1 `GET` project + 1 `GET` + 1 `PUT` + polls)",
  notes: [
    "The service's `PUT` replaces the whole set of overrides, so a write reads the current overrides and sends them back together with the declared fields: settings made by others are kept.",
    "A change restarts the database: the project reads `RESTARTING` until the restart is over, and create and update wait until it is `ACTIVE_HEALTHY` again.",
    'Durations (`statementTimeout: "60s"` equals `"60000ms"`) and sizes (`"1GB"` equals `"1024MB"`) are compared normalized.',
  ],
});

export default defineKind(postgresConfig, postgresConfigDoc, {
  recover: CONFIG_ADOPTS,
  importer: configImporter({ kind: "postgresConfig", what: "postgres", fields: PostgresConfigFields, read }),
});
