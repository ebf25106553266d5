/**
 * The live PostgreSQL catalog of a project's exposed schemas, read in a few
 * queries: relations, columns, keys, enums, functions over row types,
 * comments, and the privileges of one role. Shared by the GraphQL API and the
 * TypeScript type generator, so it knows nothing about GraphQL.
 *
 * Privileges are checked for an explicit role name (has_*_privilege(role, …))
 * so the catalog can be read by the connection's owner before it switches to
 * the request's role.
 */

/** The minimal query surface the catalog needs; ProjectDatabase and its transactions satisfy it. */
export interface CatalogQuery {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface CatalogSchema {
  oid: number;
  name: string;
  comment: string | null;
  usage: boolean;
}

export interface CatalogColumn {
  name: string;
  attnum: number;
  /** The column's type OID (domains resolved to their base type). */
  typeOid: number;
  /** `format_type` of the declared type, e.g. `character varying(10)`, `public.status[]`. */
  sqlType: string;
  /** The type without modifiers (`character varying`, `integer[]`): what bound values are cast to. */
  castType: string;
  /** Element type OID for arrays (base type resolved), else null. */
  elemTypeOid: number | null;
  /** pg_type.typtype of the (element) type: b base, e enum, c composite, d domain, r range, p pseudo, m multirange. */
  typeKind: string;
  /** varchar(n)/char(n) length limit, else null. */
  maxLength: number | null;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  identity: boolean;
  /** Backed by a sequence (serial or identity). */
  serial: boolean;
  comment: string | null;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
}

export interface CatalogForeignKey {
  name: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
  comment: string | null;
}

export interface CatalogRelation {
  oid: number;
  schema: string;
  name: string;
  /** r table, v view, m materialized view, f foreign table, p partitioned table. */
  kind: string;
  isPartition: boolean;
  rlsEnabled: boolean;
  comment: string | null;
  columns: CatalogColumn[];
  primaryKey: string[];
  /** Column sets of non-partial unique indexes (the primary key included). */
  uniqueKeys: string[][];
  foreignKeys: CatalogForeignKey[];
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

export interface CatalogEnum {
  oid: number;
  schema: string;
  name: string;
  labels: string[];
  comment: string | null;
  usage: boolean;
}

export interface CatalogFunction {
  oid: number;
  schema: string;
  name: string;
  /** The relation whose row type is the single argument. */
  argRelOid: number;
  returnTypeOid: number;
  returnSqlType: string;
  /** Relation OID when the function returns a table's row type. */
  returnRelOid: number | null;
  returnElemTypeOid: number | null;
  returnTypeKind: string;
  returnsSet: boolean;
  rows: number;
  volatility: "i" | "s" | "v";
  comment: string | null;
  canExecute: boolean;
}

/** An argument of a root (Query or Mutation) function. */
export interface CatalogArgument {
  name: string;
  typeOid: number;
  elemTypeOid: number | null;
  typeKind: string;
  sqlType: string;
  castType: string;
  hasDefault: boolean;
}

/**
 * A function callable as a Query field (immutable or stable) or a Mutation
 * field (volatile): not overloaded, every argument named, of a base type,
 * and input-only.
 */
export interface CatalogRootFunction extends Omit<CatalogFunction, "argRelOid"> {
  args: CatalogArgument[];
}

export interface Catalog {
  schemas: CatalogSchema[];
  relations: CatalogRelation[];
  enums: CatalogEnum[];
  functions: CatalogFunction[];
  rootFunctions: CatalogRootFunction[];
}

/** First OID of user objects: the catalog fingerprint only looks above it. */
const FIRST_NORMAL_OID = 16384;

/**
 * A cheap value that changes on any DDL, COMMENT or GRANT/REVOKE: the row
 * count and the sum of row xmins of the catalogs that shape the reflection,
 * restricted to user objects. Works on PGlite and on servers where the
 * emulator is not a superuser (an event trigger would need one).
 */
export const CATALOG_FINGERPRINT_SQL = (() => {
  const part = (table: string, where: string) =>
    `(select count(*)::text || '.' || coalesce(sum(xmin::text::bigint), 0)::text from pg_catalog.${table}${where ? ` where ${where}` : ""})`;
  const parts = [
    part("pg_class", `oid >= ${FIRST_NORMAL_OID}`),
    part("pg_attribute", `attrelid >= ${FIRST_NORMAL_OID}`),
    part("pg_description", `objoid >= ${FIRST_NORMAL_OID}`),
    part("pg_namespace", ""),
    part("pg_constraint", `oid >= ${FIRST_NORMAL_OID}`),
    part("pg_index", `indexrelid >= ${FIRST_NORMAL_OID}`),
    part("pg_proc", `oid >= ${FIRST_NORMAL_OID}`),
    part("pg_type", `oid >= ${FIRST_NORMAL_OID}`),
    part("pg_enum", `oid >= ${FIRST_NORMAL_OID}`),
    part("pg_auth_members", ""),
  ];
  return `concat_ws(':', ${parts.join(", ")})`;
})();

const RELATIONS_SQL = `
select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind,
  c.relispartition as is_partition, c.relrowsecurity as rls,
  obj_description(c.oid, 'pg_class') as comment,
  has_table_privilege($1, c.oid, 'SELECT') as can_select,
  has_table_privilege($1, c.oid, 'INSERT') as can_insert,
  has_table_privilege($1, c.oid, 'UPDATE') as can_update,
  has_table_privilege($1, c.oid, 'DELETE') as can_delete
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($2::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by n.nspname, c.relname`;

const COLUMNS_SQL = `
select a.attrelid::int as relid, a.attname as name, a.attnum::int as attnum,
  coalesce(nullif(t.typbasetype, 0), a.atttypid)::int as type_oid,
  format_type(a.atttypid, a.atttypmod) as sql_type,
  -- Without a length, format_type names bpchar "character", which casts to char(1) and would cut values short.
  case a.atttypid when 1042 then 'bpchar' when 1014 then 'bpchar[]' else format_type(a.atttypid, null) end as cast_type,
  case when et.oid is null then null else coalesce(nullif(et.typbasetype, 0), et.oid)::int end as elem_oid,
  coalesce(bet.typtype, bt.typtype)::text as type_kind,
  case when coalesce(nullif(t.typbasetype, 0), a.atttypid) in (1042, 1043, 1014, 1015) and a.atttypmod > 4 then a.atttypmod - 4 end as max_length,
  a.attnotnull as not_null, a.atthasdef as has_default, a.attgenerated <> '' as generated,
  a.attidentity <> '' as identity,
  (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null) as serial,
  col_description(a.attrelid, a.attnum) as comment,
  has_column_privilege($1, a.attrelid, a.attnum, 'SELECT') as can_select,
  has_column_privilege($1, a.attrelid, a.attnum, 'INSERT') as can_insert,
  has_column_privilege($1, a.attrelid, a.attnum, 'UPDATE') as can_update
from pg_catalog.pg_attribute a
join pg_catalog.pg_class c on c.oid = a.attrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_type t on t.oid = a.atttypid
join pg_catalog.pg_type bt on bt.oid = coalesce(nullif(t.typbasetype, 0), t.oid)
left join pg_catalog.pg_type et on et.oid = bt.typelem and bt.typcategory = 'A'
left join pg_catalog.pg_type bet on bet.oid = coalesce(nullif(et.typbasetype, 0), et.oid)
where n.nspname = any($2::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conrelid::int as relid, con.conname as name, con.contype::text as type,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
        join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
  fn.nspname as ref_schema, fc.relname as ref_table,
  array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
        join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as ref_columns,
  obj_description(con.oid, 'pg_constraint') as comment
from pg_catalog.pg_constraint con
join pg_catalog.pg_class c on c.oid = con.conrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
left join pg_catalog.pg_class fc on fc.oid = con.confrelid
left join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
where n.nspname = any($1::text[]) and con.contype in ('p', 'f')
order by con.conrelid, con.conname`;

const UNIQUE_SQL = `
select i.indrelid::int as relid,
  array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o) as columns
from pg_catalog.pg_index i
join pg_catalog.pg_class c on c.oid = i.indrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and i.indisunique and i.indpred is null and 0 <> all(i.indkey)`;

const SCHEMAS_SQL = `
select n.oid::int as oid, n.nspname as name, obj_description(n.oid, 'pg_namespace') as comment,
  has_schema_privilege($1, n.oid, 'USAGE') as usage
from pg_catalog.pg_namespace n where n.nspname = any($2::text[])`;

const ENUMS_SQL = `
select t.oid::int as oid, n.nspname as schema, t.typname as name,
  array(select e.enumlabel::text from pg_catalog.pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as labels,
  obj_description(t.oid, 'pg_type') as comment,
  has_type_privilege($1, t.oid, 'USAGE') as usage
from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
where t.typtype = 'e' and n.nspname = any($2::text[])`;

/** The columns every function read shares: its return type (as rt, ret and bret join it), flags, comment, grant. */
const FUNCTION_COLUMNS = `
  coalesce(nullif(rt.typbasetype, 0), rt.oid)::int as ret_oid,
  format_type(p.prorettype, null) as ret_sql_type,
  nullif(rt.typrelid, 0)::int as ret_rel,
  case when ret.oid is null then null else coalesce(nullif(ret.typbasetype, 0), ret.oid)::int end as ret_elem,
  coalesce(bret.typtype, rt.typtype)::text as ret_kind,
  p.proretset as returns_set, p.prorows::float8 as rows, p.provolatile::text as volatility,
  obj_description(p.oid, 'pg_proc') as comment,
  has_function_privilege($1, p.oid, 'EXECUTE') as can_execute`;

/** The return type, its element type when it is an array, and the element's base type when that is a domain. */
const RETURN_TYPE_JOINS = `
join pg_catalog.pg_type rt on rt.oid = p.prorettype
left join pg_catalog.pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
left join pg_catalog.pg_type bret on bret.oid = coalesce(nullif(ret.typbasetype, 0), ret.oid)`;

const FUNCTIONS_SQL = `
select p.oid::int as oid, n.nspname as schema, p.proname as name,
  at.typrelid::int as arg_rel,
${FUNCTION_COLUMNS}
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type at on at.oid = p.proargtypes[0]
${RETURN_TYPE_JOINS}
where n.nspname = any($2::text[]) and p.pronargs = 1 and p.prokind = 'f' and at.typrelid <> 0`;

const ROOT_FUNCTIONS_SQL = `
select p.oid::int as oid, n.nspname as schema, p.proname as name,
${FUNCTION_COLUMNS},
  (select coalesce(jsonb_agg(jsonb_build_object(
      'name', p.proargnames[a.i],
      'type_oid', coalesce(nullif(t.typbasetype, 0), t.oid),
      'elem_oid', case when et.oid is null then null else coalesce(nullif(et.typbasetype, 0), et.oid) end,
      'kind', t.typtype,
      'sql_type', format_type(t.oid, null),
      'cast_type', case t.oid when 1042 then 'bpchar' when 1014 then 'bpchar[]' else format_type(t.oid, null) end,
      'has_default', a.i > p.pronargs - p.pronargdefaults) order by a.i), '[]'::jsonb)
    from unnest(p.proargtypes::oid[]) with ordinality a(oid, i)
    join pg_catalog.pg_type t on t.oid = a.oid
    left join pg_catalog.pg_type et on et.oid = t.typelem and t.typcategory = 'A') as args
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
${RETURN_TYPE_JOINS}
where n.nspname = any($2::text[]) and n.nspname not in ('graphql', 'graphql_public', 'auth', 'extensions')
  and p.prokind = 'f' and p.proargmodes is null
  and (p.pronargs = 0 or (p.proargnames is not null and not ('' = any(p.proargnames[1:p.pronargs]))))
  and not exists (select 1 from unnest(p.proargtypes::oid[]) x(oid) join pg_catalog.pg_type xt on xt.oid = x.oid
    where xt.typtype not in ('b', 'd'))
  and (select count(*) from pg_catalog.pg_proc o where o.pronamespace = p.pronamespace and o.proname = p.proname) = 1`;

interface Row {
  [k: string]: unknown;
}

/** The columns a table function (a Query field of its row type) and a root function share. */
function functionFields(f: Row) {
  return {
    oid: Number(f.oid),
    schema: String(f.schema),
    name: String(f.name),
    returnTypeOid: Number(f.ret_oid),
    returnSqlType: String(f.ret_sql_type),
    returnRelOid: f.ret_rel === null ? null : Number(f.ret_rel),
    returnElemTypeOid: f.ret_elem === null ? null : Number(f.ret_elem),
    returnTypeKind: String(f.ret_kind),
    returnsSet: Boolean(f.returns_set),
    rows: Number(f.rows),
    volatility: String(f.volatility) as "i" | "s" | "v",
    comment: str(f.comment),
    canExecute: Boolean(f.can_execute),
  };
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** PGlite returns text[] as arrays; pg too, but be lenient with a literal "{a,b}". */
function textArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === "string" && v.startsWith("{")) {
    const inner = v.slice(1, -1);
    return inner === "" ? [] : inner.split(",").map((s) => s.replace(/^"(.*)"$/, "$1"));
  }
  return [];
}

/** Reads the catalog of `schemas` with the privileges of `role`. */
export async function loadCatalog(db: CatalogQuery, opts: { role: string; schemas: string[] }): Promise<Catalog> {
  const { role, schemas } = opts;
  const [sch, rels, cols, cons, uniq, enums, fns, roots] = [
    await db.query<Row>(SCHEMAS_SQL, [role, schemas]),
    await db.query<Row>(RELATIONS_SQL, [role, schemas]),
    await db.query<Row>(COLUMNS_SQL, [role, schemas]),
    await db.query<Row>(CONSTRAINTS_SQL, [schemas]),
    await db.query<Row>(UNIQUE_SQL, [schemas]),
    await db.query<Row>(ENUMS_SQL, [role, schemas]),
    await db.query<Row>(FUNCTIONS_SQL, [role, schemas]),
    await db.query<Row>(ROOT_FUNCTIONS_SQL, [role, schemas]),
  ];
  const byOid = new Map<number, CatalogRelation>();
  const relations: CatalogRelation[] = rels.rows.map((r) => {
    const rel: CatalogRelation = {
      oid: Number(r.oid),
      schema: String(r.schema),
      name: String(r.name),
      kind: String(r.kind),
      isPartition: Boolean(r.is_partition),
      rlsEnabled: Boolean(r.rls),
      comment: str(r.comment),
      columns: [],
      primaryKey: [],
      uniqueKeys: [],
      foreignKeys: [],
      canSelect: Boolean(r.can_select),
      canInsert: Boolean(r.can_insert),
      canUpdate: Boolean(r.can_update),
      canDelete: Boolean(r.can_delete),
    };
    byOid.set(rel.oid, rel);
    return rel;
  });
  for (const c of cols.rows) {
    byOid.get(Number(c.relid))?.columns.push({
      name: String(c.name),
      attnum: Number(c.attnum),
      typeOid: Number(c.type_oid),
      sqlType: String(c.sql_type),
      castType: String(c.cast_type),
      elemTypeOid: c.elem_oid === null ? null : Number(c.elem_oid),
      typeKind: String(c.type_kind),
      maxLength: c.max_length === null || c.max_length === undefined ? null : Number(c.max_length),
      notNull: Boolean(c.not_null),
      hasDefault: Boolean(c.has_default),
      generated: Boolean(c.generated),
      identity: Boolean(c.identity),
      serial: Boolean(c.serial),
      comment: str(c.comment),
      canSelect: Boolean(c.can_select),
      canInsert: Boolean(c.can_insert),
      canUpdate: Boolean(c.can_update),
    });
  }
  for (const c of cons.rows) {
    const rel = byOid.get(Number(c.relid));
    if (!rel) continue;
    if (c.type === "p") rel.primaryKey = textArray(c.columns);
    else
      rel.foreignKeys.push({
        name: String(c.name),
        columns: textArray(c.columns),
        refSchema: String(c.ref_schema),
        refTable: String(c.ref_table),
        refColumns: textArray(c.ref_columns),
        comment: str(c.comment),
      });
  }
  for (const u of uniq.rows) byOid.get(Number(u.relid))?.uniqueKeys.push(textArray(u.columns));
  return {
    schemas: sch.rows.map((s) => ({
      oid: Number(s.oid),
      name: String(s.name),
      comment: str(s.comment),
      usage: Boolean(s.usage),
    })),
    relations,
    enums: enums.rows.map((e) => ({
      oid: Number(e.oid),
      schema: String(e.schema),
      name: String(e.name),
      labels: textArray(e.labels),
      comment: str(e.comment),
      usage: Boolean(e.usage),
    })),
    functions: fns.rows.map((f) => ({ ...functionFields(f), argRelOid: Number(f.arg_rel) })),
    rootFunctions: roots.rows.map((f) => ({
      ...functionFields(f),
      args: (typeof f.args === "string" ? JSON.parse(f.args) : (f.args as Row[])).map((a: Row) => ({
        name: String(a.name),
        typeOid: Number(a.type_oid),
        elemTypeOid: a.elem_oid === null ? null : Number(a.elem_oid),
        typeKind: String(a.kind),
        sqlType: String(a.sql_type),
        castType: String(a.cast_type),
        hasDefault: Boolean(a.has_default),
      })),
    })),
  };
}
