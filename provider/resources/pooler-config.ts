/**
 * PoolerConfig: a project's connection pooler settings, only the declared ones. Its
 * documentation is `poolerConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { PoolerConfigFields, PoolerConfigSettings } from "../client/config-schemas";
import { configDoc } from "./config/doc";
import { configInputs } from "./config/inputs";
import { call, configResource, configWrite } from "./config/factory";

export const poolerConfigInputs = configInputs(PoolerConfigSettings);

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

export const poolerConfigDoc = configDoc({
  name: "PoolerConfig",
  page: "pooler-config",
  summary:
    "A project's connection pooler (Supavisor) settings: pool size and pool mode. Only the declared settings are managed.",
  inputs: poolerConfigInputs,
  apiPath: "config/database/pooler",
  method: "PATCH",
  notes: [
    "Reads the `PRIMARY` entry of the pooler list.",
    'Writes wait until the project is `ACTIVE_HEALTHY`, and retry the 500 "error adding pooler tenant" the service answers while the pooler of a new project is not ready yet.',
    "`poolMode` is compared without regard to letter case.",
  ],
});

export default poolerConfig;
