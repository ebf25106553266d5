/**
 * Writes provider/resources/config/new-project-defaults.json: what each
 * configuration endpoint answers for a new project, read from the emulator
 * (whose defaults follow the service). `supabase-pulumi import` declares only
 * the settings that differ from these. Run with `ts-node --transpile-only
 * scripts/gen-import-defaults.ts` (then prettier); a provider-tier test
 * fails when the file no longer matches the emulator.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { readyProject, startTestEmulator } from "../harness/emulator";

export const DEFAULTS_FILE = path.resolve(__dirname, "../provider/resources/config/new-project-defaults.json");

/** The endpoints read, by the kind whose settings they hold. */
const ENDPOINTS: Record<string, string> = {
  authConfig: "config/auth",
  postgrestConfig: "postgrest",
  postgresConfig: "config/database/postgres",
  poolerConfig: "config/database/pooler",
  storageConfig: "config/storage",
  realtimeConfig: "config/realtime",
  sslEnforcement: "ssl-enforcement",
  networkRestriction: "network-restrictions",
  legacyApiKeys: "api-keys/legacy",
  backupSchedule: "database/backups/schedule",
  projectAddons: "billing/addons",
};

/**
 * Facts of one project (its JWT secret, ref, hosts, connection strings), times
 * and the add-ons catalog with its prices are not defaults.
 */
const PER_PROJECT = new Set([
  "jwt_secret",
  "identifier",
  "db_user",
  "db_host",
  "connection_string",
  "connectionString",
  "db_port",
  "updated_at",
  "available_addons",
]);

export async function readNewProjectDefaults(): Promise<Record<string, Record<string, unknown>>> {
  const emu = await startTestEmulator();
  try {
    const { ref } = await readyProject(emu, "defaults");
    const out: Record<string, Record<string, unknown>> = {};
    for (const [kind, endpoint] of Object.entries(ENDPOINTS)) {
      const res = await emu.api("GET", `/v1/projects/${ref}/${endpoint}`);
      if (res.status !== 200) throw new Error(`GET ${endpoint} answered ${res.status}`);
      let body = res.body as Record<string, unknown> | Record<string, unknown>[];
      if (Array.isArray(body)) body = body.find((p) => p.database_type === "PRIMARY") ?? {};
      out[kind] = Object.fromEntries(Object.entries(body).filter(([k]) => !PER_PROJECT.has(k)));
    }
    return out;
  } finally {
    await emu.close();
  }
}

const renderDefaults = (d: unknown): string => `${JSON.stringify(d, null, 2)}\n`;

if (require.main === module) {
  readNewProjectDefaults()
    .then((d) => fs.writeFileSync(DEFAULTS_FILE, renderDefaults(d)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
