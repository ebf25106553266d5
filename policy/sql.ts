/**
 * Reads a stack's migrations with PostgreSQL's own parser (libpg-query, the
 * server's grammar compiled to WebAssembly) and follows which tables they
 * create and whether row level security ends up enabled on each: statements
 * in order, migrations in the order of their names (the order the platform's
 * migration history applies them). A migration the parser cannot read is
 * reported with the place and the parser's message, never skipped silently.
 */
import { loadModule, parseSync } from "libpg-query";

export interface MigrationSql {
  /** The resource's URN (violations are reported on it). */
  urn: string;
  /** The migration's `name` input, or the resource's name when that is unknown. */
  name: string;
  sql: string;
}

export interface CreatedTable {
  schema: string;
  table: string;
  rls: boolean;
  /** The migration that created it. */
  urn: string;
  migration: string;
}

export interface Unreadable {
  urn: string;
  migration: string;
  /** Line and column (1-based) of the parser's error, and its message. */
  line: number;
  column: number;
  message: string;
}

export interface MigrationsAnalysis {
  tables: CreatedTable[];
  unreadable: Unreadable[];
}

let loading: Promise<void> | undefined;

/** Loads the parser's WebAssembly module (once; every analysis needs it). */
export function loadParser(): Promise<void> {
  loading ??= loadModule();
  return loading;
}

type Node = Record<string, unknown>;
interface RangeVar {
  schemaname?: string;
  relname: string;
  relpersistence?: string;
}

/** The default `search_path` ("$user", public): unqualified names resolve to public. */
const DEFAULT_PATH = ["public"];

const key = (schema: string, table: string) => `${schema}\u0000${table}`;

/** Follows the migrations' tables. Call `loadParser()` first. */
export function analyzeMigrations(migrations: MigrationSql[]): MigrationsAnalysis {
  const tables = new Map<string, CreatedTable>();
  /** RLS enabled on a table before a migration (later in name order) creates it. */
  const pendingRls = new Set<string>();
  const unreadable: Unreadable[] = [];
  const ordered = [...migrations].sort((a, b) =>
    a.name === b.name ? a.urn.localeCompare(b.urn) : a.name < b.name ? -1 : 1,
  );
  for (const m of ordered) {
    let stmts: Node[];
    try {
      const parsed = parseSync(m.sql) as { stmts?: Array<{ stmt: Node }> };
      stmts = (parsed.stmts ?? []).map((s) => s.stmt);
    } catch (e) {
      const details = (e as { sqlDetails?: { cursorPosition?: number; message?: string } }).sqlDetails;
      const at = Math.max(0, details?.cursorPosition ?? 0);
      const before = m.sql.slice(0, at).split("\n");
      unreadable.push({
        urn: m.urn,
        migration: m.name,
        line: before.length,
        column: before[before.length - 1]!.length + 1,
        message: details?.message ?? (e instanceof Error ? e.message : String(e)),
      });
      continue;
    }
    // Each migration runs in a session of its own: search_path starts at the default.
    let searchPath = DEFAULT_PATH;
    const resolve = (rel: RangeVar): [string, string] => {
      if (rel.schemaname) return [rel.schemaname, rel.relname];
      const existing = searchPath.find((s) => tables.has(key(s, rel.relname)));
      return [existing ?? searchPath[0] ?? "public", rel.relname];
    };
    const create = (rel: RangeVar | undefined, inSchema?: string) => {
      if (!rel || rel.relpersistence === "t") return;
      const [schema, table] = inSchema && !rel.schemaname ? [inSchema, rel.relname] : resolve(rel);
      const k = key(schema, table);
      if (tables.has(k)) return; // CREATE TABLE IF NOT EXISTS of a table already followed
      tables.set(k, { schema, table, rls: pendingRls.has(k), urn: m.urn, migration: m.name });
    };
    for (const stmt of stmts) {
      const [type, body] = Object.entries(stmt)[0] as [string, Node];
      switch (type) {
        case "VariableSetStmt":
          if (body.name === "search_path") searchPath = searchPathOf(body);
          break;
        case "CreateStmt":
          create(body.relation as RangeVar);
          break;
        case "CreateTableAsStmt":
          if (body.objtype === "OBJECT_TABLE") create((body.into as { rel?: RangeVar } | undefined)?.rel);
          break;
        case "SelectStmt":
          create((body.intoClause as { rel?: RangeVar } | undefined)?.rel);
          break;
        case "CreateSchemaStmt":
          for (const el of (body.schemaElts as Node[] | undefined) ?? [])
            if (el.CreateStmt) create((el.CreateStmt as Node).relation as RangeVar, body.schemaname as string);
          break;
        case "AlterTableStmt": {
          if (body.objtype !== "OBJECT_TABLE" || !body.relation) break;
          const [schema, table] = resolve(body.relation as RangeVar);
          for (const c of (body.cmds as Node[] | undefined) ?? []) {
            const sub = (c.AlterTableCmd as Node | undefined)?.subtype;
            if (sub === "AT_EnableRowSecurity" || sub === "AT_DisableRowSecurity")
              setRls(tables, pendingRls, key(schema, table), sub === "AT_EnableRowSecurity");
          }
          break;
        }
        case "RenameStmt":
          if (body.renameType === "OBJECT_TABLE" && body.relation && typeof body.newname === "string") {
            const [schema, table] = resolve(body.relation as RangeVar);
            move(tables, key(schema, table), schema, body.newname);
          }
          break;
        case "AlterObjectSchemaStmt":
          if (body.objectType === "OBJECT_TABLE" && body.relation && typeof body.newschema === "string") {
            const [schema, table] = resolve(body.relation as RangeVar);
            move(tables, key(schema, table), body.newschema, table);
          }
          break;
        case "DropStmt":
          if (body.removeType === "OBJECT_TABLE")
            for (const o of (body.objects as Node[] | undefined) ?? []) {
              const names = ((o.List as { items?: Node[] } | undefined)?.items ?? []).map(
                (i) => (i.String as { sval: string }).sval,
              );
              const rel: RangeVar =
                names.length > 1
                  ? { schemaname: names[names.length - 2], relname: names[names.length - 1]! }
                  : { relname: names[0]! };
              tables.delete(key(...resolve(rel)));
            }
          break;
      }
    }
  }
  return { tables: [...tables.values()], unreadable };
}

function setRls(tables: Map<string, CreatedTable>, pending: Set<string>, k: string, on: boolean): void {
  const t = tables.get(k);
  if (t) t.rls = on;
  else if (on) pending.add(k);
  else pending.delete(k);
}

function move(tables: Map<string, CreatedTable>, from: string, schema: string, table: string): void {
  const t = tables.get(from);
  if (!t) return;
  tables.delete(from);
  tables.set(key(schema, table), { ...t, schema, table });
}

/** The schemas a `SET search_path` names, in order, without `$user` (a schema that rarely exists). */
function searchPathOf(body: Node): string[] {
  if (body.kind !== "VAR_SET_VALUE") return DEFAULT_PATH;
  const names = ((body.args as Node[] | undefined) ?? []).map((a) => {
    const c = a.A_Const as { sval?: { sval: string } } | undefined;
    return c?.sval?.sval ?? "";
  });
  // `set search_path = 'a, b'` is one string holding the list.
  return names
    .flatMap((n) => n.split(","))
    .map((n) => n.trim().replace(/^"(.*)"$/, "$1"))
    .filter((n) => n && n !== "$user");
}

/**
 * A `TableRows.table` as (schema, table): `table` or `schema.table` in SQL
 * (unquoted names fold to lower case), or a GraphQL type name (matched later).
 */
export function tableRowsTarget(text: string): { schema?: string; table: string } {
  const parts = text.match(/"(?:[^"]|"")*"|[^.]+/g) ?? [text];
  const unquote = (p: string) => (p.startsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p.toLowerCase());
  return parts.length > 1
    ? { schema: unquote(parts[parts.length - 2]!), table: unquote(parts[parts.length - 1]!) }
    : { table: unquote(parts[0]!) };
}
