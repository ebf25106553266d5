/**
 * PoolerConfig: a project's connection pooler settings, only the declared ones. Its
 * documentation is `poolerConfigDoc` below; the rules it shares with the other
 * configuration resources are in config/factory.ts.
 */
import { PoolerConfigFields, PoolerConfigSettings } from "../../client/config-schemas";
import { CONFIG_ADOPTS } from "../config/factory";
import { defineKind } from "../../kind";
import { patchConfig } from "../config/patch";
import { usageProjectRef } from "../../resource-doc";

/** The primary database's pooler (the list also holds read replicas). */
function primary(list: Record<string, unknown>[]): Record<string, unknown> {
  return list.find((p) => p.database_type === "PRIMARY") ?? list[0] ?? {};
}

const pooler = patchConfig({
  settings: PoolerConfigSettings,
  fields: PoolerConfigFields,
  import: { kind: "poolerConfig", what: "pooler" },
  apiPath: "config/database/pooler",
  pick: (answer) => primary(answer as Record<string, unknown>[]),
  doc: {
    name: "PoolerConfig",
    page: "pooler-config",
    usage: { name: "pooler", inputs: { projectRef: usageProjectRef(), defaultPoolSize: 30 } },
    manages: "the connection pooler's configuration (only declared fields)",
    summary:
      "A project's connection pooler (Supavisor) settings: pool size and pool mode. Only the declared settings are managed.",
    notes: [
      "Reads the `PRIMARY` entry of the pooler list.",
      'Writes wait until the project is `ACTIVE_HEALTHY`, and retry the 500 "error adding pooler tenant" the service answers while the pooler of a new project is not ready yet.',
      "`poolMode` is compared without regard to letter case.",
    ],
  },
});

export const poolerConfigInputs = pooler.inputs;
export const poolerConfigDoc = pooler.doc;

export default defineKind(pooler.resource, pooler.doc, { recover: CONFIG_ADOPTS, importer: pooler.importer });
