/**
 * The schema difference of a branch from its parent, as SQL that would bring
 * the parent's schemas to the branch's. By default in migra's form (what the
 * platform's diff prints: lower-case DDL, every name quoted): both catalogs
 * are read and compared object by object (enum types, sequences, tables and
 * their columns, constraints, indexes, row level security, policies,
 * functions, views). Objects that belong to extensions are left out.
 *
 * With `?pgdelta=true` (the platform's switch to its newer engine) the diff is
 * the one `DatabaseSchema` plans with (pgschema/): one catalog query on each
 * side, the planner's ordered DDL, grants, default privileges and comments
 * included. The default stays migra's text, which pgschema does not print.
 */
import type { SqlExecutor } from "../db";
import { migrationSql, planMigration, readCatalog, SCHEMA_NAME } from "../../pgschema";
import { ident } from "./branch-db";

/** The `pgdelta=true` diff: pgschema's plan from the parent's catalog to the branch's; undefined for a name it cannot read. */
export async function engineDiff(
  parent: SqlExecutor,
  branch: SqlExecutor,
  schemas: string[],
): Promise<string | undefined> {
  if (schemas.some((s) => !SCHEMA_NAME.test(s))) return undefined;
  const read = (db: SqlExecutor) => readCatalog(async (sql) => (await db.query(sql)).rows, schemas);
  const [before, after] = await Promise.all([read(parent), read(branch)]);
  return migrationSql(planMigration(before, after, { allowDestructive: true }).statements);
}

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
  identity: string;
  generated: string;
}

interface Table {
  rls: boolean;
  columns: Map<string, Column>;
}

export interface Snapshot {
  enums: Map<string, string[]>;
  sequences: Set<string>;
  tables: Map<string, Table>;
  /** Keyed by table and name: the definition. */
  constraints: Map<string, { table: string; name: string; def: string; foreign: boolean }>;
  indexes: Map<string, string>;
  policies: Map<string, { table: string; name: string; def: string }>;
  functions: Map<string, string>;
  views: Map<string, { def: string; materialized: boolean }>;
}

const NOT_EXTENSION = (oid: string, catalog: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

const q = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** Reads the objects of `schemas` from a database's catalog. */
export async function snapshot(db: SqlExecutor, schemas: string[]): Promise<Snapshot> {
  const s: Snapshot = {
    enums: new Map(),
    sequences: new Set(),
    tables: new Map(),
    constraints: new Map(),
    indexes: new Map(),
    policies: new Map(),
    functions: new Map(),
    views: new Map(),
  };
  const enums = await db.query<{ s: string; n: string; labels: string[] }>(
    `select n.nspname as s, t.typname as n, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
     from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
     where n.nspname = any($1::text[]) and ${NOT_EXTENSION("t.oid", "pg_type")} group by 1, 2`,
    [schemas],
  );
  for (const r of enums.rows) s.enums.set(q(r.s, r.n), r.labels);
  // Sequences of their own (identity columns make theirs implicitly).
  const seqs = await db.query<{ s: string; n: string }>(
    `select n.nspname as s, c.relname as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = any($1::text[]) and ${NOT_EXTENSION("c.oid", "pg_class")}
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'i')`,
    [schemas],
  );
  for (const r of seqs.rows) s.sequences.add(q(r.s, r.n));
  const tables = await db.query<{ s: string; n: string; rls: boolean }>(
    `select n.nspname as s, c.relname as n, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1::text[]) and ${NOT_EXTENSION("c.oid", "pg_class")}`,
    [schemas],
  );
  for (const r of tables.rows) s.tables.set(q(r.s, r.n), { rls: r.rls, columns: new Map() });
  const columns = await db.query<{
    s: string;
    t: string;
    n: string;
    type: string;
    nn: boolean;
    def: string | null;
    ident: string;
    gen: string;
  }>(
    `select n.nspname as s, c.relname as t, a.attname as n, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as nn, pg_get_expr(ad.adbin, ad.adrelid) as def, a.attidentity::text as ident, a.attgenerated::text as gen
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
     where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and n.nspname = any($1::text[])
     order by n.nspname, c.relname, a.attnum`,
    [schemas],
  );
  for (const r of columns.rows)
    s.tables.get(q(r.s, r.t))?.columns.set(r.n, {
      type: r.type,
      notNull: r.nn,
      default: r.def,
      identity: r.ident,
      generated: r.gen,
    });
  const constraints = await db.query<{ s: string; t: string; n: string; def: string; f: boolean }>(
    `select n.nspname as s, c.relname as t, con.conname as n, pg_get_constraintdef(con.oid) as def, con.contype = 'f' as f
     from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
     where con.contype in ('p', 'u', 'f', 'c', 'x') and n.nspname = any($1::text[])`,
    [schemas],
  );
  for (const r of constraints.rows)
    s.constraints.set(`${q(r.s, r.t)}.${ident(r.n)}`, { table: q(r.s, r.t), name: r.n, def: r.def, foreign: r.f });
  const indexes = await db.query<{ s: string; n: string; def: string }>(
    `select n.nspname as s, ic.relname as n, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
     where n.nspname = any($1::text[]) and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)
       and ${NOT_EXTENSION("i.indrelid", "pg_class")}`,
    [schemas],
  );
  for (const r of indexes.rows) s.indexes.set(q(r.s, r.n), r.def);
  const policies = await db.query<{
    s: string;
    t: string;
    n: string;
    permissive: string;
    roles: string[];
    cmd: string;
    qual: string | null;
    check: string | null;
  }>(
    `select schemaname as s, tablename as t, policyname as n, permissive, roles::text[] as roles, cmd, qual, with_check as check
     from pg_policies where schemaname = any($1::text[])`,
    [schemas],
  );
  for (const r of policies.rows) {
    let def = `create policy ${ident(r.n)} on ${q(r.s, r.t)} as ${r.permissive.toLowerCase()} for ${r.cmd.toLowerCase()} to ${r.roles.join(", ")}`;
    if (r.qual) def += ` using (${r.qual})`;
    if (r.check) def += ` with check (${r.check})`;
    s.policies.set(`${q(r.s, r.t)}.${ident(r.n)}`, { table: q(r.s, r.t), name: r.n, def });
  }
  const functions = await db.query<{ s: string; n: string; args: string; def: string }>(
    `select n.nspname as s, p.proname as n, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prokind in ('f', 'p') and n.nspname = any($1::text[]) and ${NOT_EXTENSION("p.oid", "pg_proc")}`,
    [schemas],
  );
  for (const r of functions.rows) s.functions.set(`${q(r.s, r.n)}(${r.args})`, r.def.trim());
  const views = await db.query<{ s: string; n: string; def: string; m: boolean }>(
    `select n.nspname as s, c.relname as n, pg_get_viewdef(c.oid) as def, c.relkind = 'm' as m
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('v', 'm') and n.nspname = any($1::text[]) and ${NOT_EXTENSION("c.oid", "pg_class")}`,
    [schemas],
  );
  for (const r of views.rows) s.views.set(q(r.s, r.n), { def: r.def.trim().replace(/;$/, ""), materialized: r.m });
  return s;
}

function columnSql(name: string, c: Column): string {
  let sql = `${ident(name)} ${c.type}`;
  if (c.generated === "s" && c.default) return `${sql} generated always as (${c.default}) stored`;
  if (c.identity === "a") sql += " generated always as identity";
  else if (c.identity === "d") sql += " generated by default as identity";
  else if (c.default !== null) sql += ` default ${c.default}`;
  if (c.notNull) sql += " not null";
  return sql;
}

const changed = <K, V>(from: Map<K, V>, to: Map<K, V>, same: (a: V, b: V) => boolean) => ({
  added: [...to.keys()].filter((k) => !from.has(k)),
  removed: [...from.keys()].filter((k) => !to.has(k)),
  altered: [...to.keys()].filter((k) => from.has(k) && !same(from.get(k)!, to.get(k)!)),
});

/** The statements that turn `from` (the parent) into `to` (the branch), in an order that runs. */
export function diffStatements(from: Snapshot, to: Snapshot): string[] {
  const out: string[] = [];
  const enums = changed(from.enums, to.enums, (a, b) => a.join("\u0000") === b.join("\u0000"));
  const tables = changed(from.tables, to.tables, () => true);
  const constraints = changed(from.constraints, to.constraints, (a, b) => a.def === b.def);
  const indexes = changed(from.indexes, to.indexes, (a, b) => a === b);
  const policies = changed(from.policies, to.policies, (a, b) => a.def === b.def);
  const functions = changed(from.functions, to.functions, (a, b) => a === b);
  const views = changed(from.views, to.views, (a, b) => a.def === b.def && a.materialized === b.materialized);
  const dropView = (k: string) => `drop ${from.views.get(k)!.materialized ? "materialized view" : "view"} ${k}`;

  // Enum types first: new labels are appended, a type whose labels changed otherwise is left to the user.
  for (const k of enums.added)
    out.push(
      `create type ${k} as enum (${to.enums
        .get(k)!
        .map((l) => `'${l.replace(/'/g, "''")}'`)
        .join(", ")})`,
    );
  for (const k of enums.altered) {
    const old = from.enums.get(k)!;
    for (const label of to.enums.get(k)!.filter((l) => !old.includes(l)))
      out.push(`alter type ${k} add value '${label.replace(/'/g, "''")}'`);
  }
  for (const k of [...to.sequences].filter((x) => !from.sequences.has(x))) out.push(`create sequence ${k}`);
  // What depends on tables goes before they change.
  for (const k of [...views.removed, ...views.altered]) out.push(dropView(k));
  for (const k of [...policies.removed, ...policies.altered])
    out.push(`drop policy ${ident(from.policies.get(k)!.name)} on ${from.policies.get(k)!.table}`);
  const dropConstraint = (k: string) =>
    `alter table ${from.constraints.get(k)!.table} drop constraint ${ident(from.constraints.get(k)!.name)}`;
  const constraintGone = [...constraints.removed, ...constraints.altered].filter((k) =>
    to.tables.has(from.constraints.get(k)!.table),
  );
  for (const k of constraintGone.filter((k) => from.constraints.get(k)!.foreign)) out.push(dropConstraint(k));
  for (const k of constraintGone.filter((k) => !from.constraints.get(k)!.foreign)) out.push(dropConstraint(k));
  for (const k of [...indexes.removed, ...indexes.altered]) out.push(`drop index ${k}`);
  for (const k of tables.removed) out.push(`drop table ${k}`);
  for (const k of tables.added) {
    const cols = [...to.tables.get(k)!.columns].map(([n, c]) => `    ${columnSql(n, c)}`);
    out.push(`create table ${k} (\n${cols.join(",\n")}\n)`);
  }
  for (const k of tables.added.concat([...to.tables.keys()].filter((x) => from.tables.has(x)))) {
    const before = from.tables.get(k);
    const after = to.tables.get(k)!;
    if (before) {
      for (const [n, c] of after.columns) {
        const old = before.columns.get(n);
        if (!old) {
          out.push(`alter table ${k} add column ${columnSql(n, c)}`);
          continue;
        }
        if (old.type !== c.type) out.push(`alter table ${k} alter column ${ident(n)} set data type ${c.type}`);
        if (old.default !== c.default && c.identity === "" && c.generated === "")
          out.push(
            c.default === null
              ? `alter table ${k} alter column ${ident(n)} drop default`
              : `alter table ${k} alter column ${ident(n)} set default ${c.default}`,
          );
        if (old.notNull !== c.notNull)
          out.push(`alter table ${k} alter column ${ident(n)} ${c.notNull ? "set" : "drop"} not null`);
      }
      for (const n of before.columns.keys())
        if (!after.columns.has(n)) out.push(`alter table ${k} drop column ${ident(n)}`);
    }
    if ((before?.rls ?? false) !== after.rls)
      out.push(`alter table ${k} ${after.rls ? "enable" : "disable"} row level security`);
  }
  const constraintNew = [...constraints.added, ...constraints.altered];
  for (const foreign of [false, true])
    for (const k of constraintNew.filter((x) => to.constraints.get(x)!.foreign === foreign)) {
      const c = to.constraints.get(k)!;
      out.push(`alter table ${c.table} add constraint ${ident(c.name)} ${c.def}`);
    }
  for (const k of [...indexes.added, ...indexes.altered]) out.push(to.indexes.get(k)!);
  for (const k of functions.removed) out.push(`drop function ${k}`);
  for (const k of [...functions.added, ...functions.altered]) out.push(to.functions.get(k)!);
  for (const k of [...views.added, ...views.altered]) {
    const v = to.views.get(k)!;
    out.push(`create ${v.materialized ? "materialized view" : "view"} ${k} as ${v.def}`);
  }
  for (const k of [...policies.added, ...policies.altered]) out.push(to.policies.get(k)!.def);
  for (const k of [...from.sequences].filter((x) => !to.sequences.has(x))) out.push(`drop sequence ${k}`);
  for (const k of enums.removed) out.push(`drop type ${k}`);
  return out;
}

/** The diff as text: one statement per paragraph, each ending with a semicolon; empty when the schemas agree. */
export function diffText(statements: string[]): string {
  return statements.map((s) => `${s};\n`).join("\n");
}
