/**
 * A project's Postgres configuration (`PUT …/config/database/postgres`)
 * applied to its database as far as PostgreSQL allows per database: every
 * setting a session may change (`pg_settings.context` `user` or `superuser`:
 * `statement_timeout`, `work_mem`, `maintenance_work_mem`,
 * `effective_cache_size`, `session_replication_role`, the parallel-worker
 * limits, …) becomes `ALTER DATABASE … SET`. Server-wide ones
 * (`shared_buffers`, `max_connections`, `max_wal_size`, …) cannot apply to
 * one database of a shared server: they are stored and answered only.
 */
import type { AppliedSettings, SqlExecutor } from "./types";

/** A setting's value as a SQL literal (booleans as on/off). */
export function settingLiteral(value: unknown): string {
  const text = typeof value === "boolean" ? (value ? "on" : "off") : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/** Splits the settings into those the database can take and the server-wide rest. */
export async function classifySettings(db: SqlExecutor, settings: Record<string, unknown>): Promise<AppliedSettings> {
  const names = Object.keys(settings).filter((n) => NAME.test(n));
  if (names.length === 0) return { applied: [], stored: [] };
  const { rows } = await db.query<{ name: string }>(
    "SELECT name FROM pg_catalog.pg_settings WHERE name = ANY($1::text[]) AND context IN ('user', 'superuser')",
    [names],
  );
  const perDatabase = new Set(rows.map((r) => r.name));
  return {
    applied: names.filter((n) => perDatabase.has(n)),
    stored: Object.keys(settings).filter((n) => !perDatabase.has(n)),
  };
}

/** `ALTER DATABASE` statements that replace the database's settings with `applied` ones. */
export function alterDatabaseSql(database: string, settings: Record<string, unknown>, applied: string[]): string {
  const db = `"${database.replace(/"/g, '""')}"`;
  return [
    `ALTER DATABASE ${db} RESET ALL`,
    ...applied.map((n) => `ALTER DATABASE ${db} SET ${n} = ${settingLiteral(settings[n])}`),
  ].join(";\n");
}
