/**
 * pgschema: the declared-schema engine that `DatabaseSchema` (provider/) and
 * the emulator may both use; it imports neither of them.
 *
 * The model: declared SQL is loaded into a scratch PGlite seeded with the
 * platform's baseline; ONE catalog query (a single JSON row) reads the owned
 * schemas of the scratch database and of the live one (through the SQL
 * route, so it works against the real service); the planner diffs the two
 * catalog models into ordered DDL. See docs/schema-engine.md.
 *
 * API:
 * - `readCatalog(run, schemas) → Catalog`: `run(sql)` answers rows (the
 *   management API's read-only SQL route, PGlite, a `pg` client). One call.
 * - `planMigration(live, desired, { allowDestructive }) → { statements, refused }`:
 *   each statement `{ sql, destructive, object, reason }`; `refused` lists the
 *   destructive ones unless allowed. Pure.
 * - `describeDrift(live, desired) → DriftItem[]`: the objects that differ
 *   (`table public.notes`, `policy public.notes.owner_read`, `grants table
 *   public.notes`...), each with the SQL that would repair it. Pure.
 * - `migrationSql(statements)`: the statements as one migration's text.
 * - `ScratchDatabase.open()`, `.load(files)` (throws `DeclaredSqlError` with
 *   file, line and PostgreSQL's message), `.catalog(schemas)`, `.reset(schemas)`, `.close()`.
 * - `reservedReason(schema, declared)`: why a schema cannot be owned.
 * - `sameCatalog(a, b)`: whether two catalogs describe the same schema.
 */
import { comparable, type Catalog } from "./catalog";
import { planMigration, type Statement } from "./plan";

export * from "./catalog";
export { planMigration, type Plan, type PlanOptions, type Statement } from "./plan";
export { ScratchDatabase, DeclaredSqlError, statementsOf, type DeclaredFile } from "./scratch";
export { PLATFORM_BASELINE_SQL } from "./platform";

export interface DriftItem {
  /** The object that differs, e.g. `policy public.notes.owner_read`. */
  object: string;
  /** What differs, from each statement's reason. */
  reasons: string[];
  /** The SQL that would repair it. */
  sql: string[];
}

/** The objects of `live` that differ from `desired`, each with its repair. */
export function describeDrift(live: Catalog, desired: Catalog): DriftItem[] {
  const items = new Map<string, DriftItem>();
  for (const s of planMigration(live, desired, { allowDestructive: true }).statements) {
    const item = items.get(s.object) ?? { object: s.object, reasons: [], sql: [] };
    if (!item.reasons.includes(s.reason)) item.reasons.push(s.reason);
    item.sql.push(s.sql);
    items.set(s.object, item);
  }
  return [...items.values()];
}

/** The statements as one migration's SQL text. */
export function migrationSql(statements: readonly Statement[]): string {
  return statements.map((s) => `${s.sql};\n`).join("");
}

/** Whether two catalogs describe the same schema (column order aside). */
export function sameCatalog(a: Catalog, b: Catalog): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}
