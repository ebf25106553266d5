/**
 * What a branch does to databases: replaying a migration history on a fresh
 * database (each entry in its own transaction, recorded with its version, as
 * the platform's branch workflow runs `supabase_migrations`), and copying the
 * parent's rows for a branch made `with_data`.
 */
import { SqlError, type ProjectDatabase, type SqlExecutor } from "../db";
import { HISTORY, HISTORY_DDL, readRows, type HistoryRow } from "./migrations";

/**
 * Schemas that belong to the engine or to the platform, never to the user's
 * data (`graphql` holds the GraphQL API's schema-version counter; `auth` is
 * the Auth service's, which the project's own role may read but not write).
 */
const SYSTEM_SCHEMAS = ["pg_catalog", "information_schema", "pg_toast", "supabase_migrations", "graphql", "auth"];

export interface ReplayOutcome {
  /** Versions applied, in order. */
  applied: string[];
  /** The entry that failed (nothing of it is applied) and the engine's error. */
  failed?: { version: string; name: string | null; error: string };
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The engine's error as the platform's migration step prints it. */
export function migrationErrorText(row: Pick<HistoryRow, "version" | "name">, err: SqlError): string {
  const label = row.name ? `${row.version}_${row.name}` : row.version;
  let text = `Applying migration ${label}.sql...\nERROR: ${err.message} (SQLSTATE ${err.code})`;
  if (err.detail) text += `\nDETAIL: ${err.detail}`;
  if (err.hint) text += `\nHINT: ${err.hint}`;
  return text;
}

/** The history of a database (empty when it has none). */
export const historyOf = (db: SqlExecutor): Promise<HistoryRow[]> => readRows(db);

/**
 * Runs each entry's statements and records it under its own version, one
 * transaction per entry, in the order given; stops at the first failure,
 * which leaves the entries before it applied. An idempotency key the target
 * already holds is not copied (keys are unique per history).
 */
export async function applyEntries(db: ProjectDatabase, rows: HistoryRow[]): Promise<ReplayOutcome> {
  const applied: string[] = [];
  if (rows.length === 0) return { applied };
  await db.exec(HISTORY_DDL);
  for (const row of rows) {
    try {
      await db.transaction(async (tx) => {
        for (const stmt of row.statements ?? []) await tx.exec(stmt);
        await tx.query(
          `insert into ${HISTORY} (version, statements, name, rollback, created_by, idempotency_key) ` +
            `values ($1, $2, $3, $4, $5, (select case when exists (select 1 from ${HISTORY} where idempotency_key = $6) then null else $6 end))`,
          [row.version, row.statements ?? [], row.name, row.rollback, row.created_by, row.idempotency_key],
        );
      });
      applied.push(row.version);
    } catch (err) {
      if (err instanceof SqlError) return { applied, failed: { ...row, error: migrationErrorText(row, err) } };
      throw err;
    }
  }
  return { applied };
}

/** Entries of `from` whose version `to` lacks, oldest first, up to `upTo` when given. */
export function missingEntries(from: HistoryRow[], to: HistoryRow[], upTo?: string): HistoryRow[] {
  const have = new Set(to.map((r) => r.version));
  return from
    .filter((r) => !have.has(r.version))
    .filter((r) => upTo === undefined || compareVersions(r.version, upTo) <= 0)
    .sort((a, b) => compareVersions(a.version, b.version));
}

export function compareVersions(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const d = BigInt(a) - BigInt(b);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

interface TableRow {
  schema: string;
  name: string;
  oid: number;
}

const USER_TABLES = `
select n.nspname as schema, c.relname as name, c.oid::int as oid
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and not c.relispartition
  and n.nspname <> all($1::text[]) and n.nspname not like 'pg\\_%'
  and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
order by 1, 2`;

const FOREIGN_KEYS = `
select conrelid::int as child, confrelid::int as parent from pg_constraint
where contype = 'f' and conrelid <> confrelid`;

/** Tables in an order where each comes after the tables its foreign keys point to (cycles keep their order). */
function dependencyOrder(tables: TableRow[], edges: Array<{ child: number; parent: number }>): TableRow[] {
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const out: TableRow[] = [];
  const state = new Map<number, "visiting" | "done">();
  const visit = (t: TableRow) => {
    if (state.has(t.oid)) return;
    state.set(t.oid, "visiting");
    for (const e of edges) if (e.child === t.oid && byOid.has(e.parent)) visit(byOid.get(e.parent)!);
    state.set(t.oid, "done");
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

/**
 * Copies the rows of every user table both databases have from `source` into
 * `target` (which has just had the same migrations), replacing the target's,
 * then the sequences' positions, in one transaction on the target. Generated columns are left to
 * the target to compute; user triggers do not fire for the copied rows.
 */
export async function copyData(source: ProjectDatabase, target: ProjectDatabase): Promise<number> {
  const sourceTables = (await source.query<TableRow>(USER_TABLES, [SYSTEM_SCHEMAS])).rows;
  const seqs = await source.query<{ schema: string; name: string; last_value: string | null }>(
    `select schemaname as schema, sequencename as name, last_value::text from pg_sequences where schemaname <> all($1::text[])`,
    [SYSTEM_SCHEMAS],
  );
  let copied = 0;
  await target.transaction(async (tx) => {
    const targetTables = (await tx.query<TableRow>(USER_TABLES, [SYSTEM_SCHEMAS])).rows;
    const edges = (await tx.query<{ child: number; parent: number }>(FOREIGN_KEYS)).rows;
    const present = new Set(sourceTables.map((t) => `${t.schema}.${t.name}`));
    const copiedTables = targetTables.filter((t) => present.has(`${t.schema}.${t.name}`));
    // The copy replaces what the migrations themselves inserted (the branch holds the parent's rows, as a clone would).
    if (copiedTables.length)
      await tx.exec(`truncate ${copiedTables.map((t) => `${ident(t.schema)}.${ident(t.name)}`).join(", ")}`);
    for (const t of dependencyOrder(targetTables, edges)) {
      if (!present.has(`${t.schema}.${t.name}`)) continue;
      const qualified = `${ident(t.schema)}.${ident(t.name)}`;
      const data = await source.query<{ rows: string }>(
        `select coalesce(json_agg(t), '[]'::json)::text as rows from ${qualified} t`,
      );
      const json = data.rows[0]?.rows ?? "[]";
      if (json === "[]") continue;
      const cols = await tx.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1::oid and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [t.oid],
      );
      const list = cols.rows.map((c) => ident(c.name)).join(", ");
      await tx.exec(`alter table ${qualified} disable trigger user`);
      const r = await tx.query(
        `insert into ${qualified} (${list}) overriding system value select ${list} from json_populate_recordset(null::${qualified}, $1::json)`,
        [json],
      );
      await tx.exec(`alter table ${qualified} enable trigger user`);
      copied += r.rowCount ?? 0;
    }
    for (const s of seqs.rows) {
      if (s.last_value === null) continue;
      await tx.query(
        `select setval(format('%I.%I', $1::text, $2::text)::regclass, $3::bigint, true) where to_regclass(format('%I.%I', $1::text, $2::text)) is not null`,
        [s.schema, s.name, s.last_value],
      );
    }
  });
  return copied;
}
