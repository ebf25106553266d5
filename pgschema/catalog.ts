/**
 * The catalog model: what `catalogSql` answers, as typed data. Every name in
 * it is already quoted where PostgreSQL needs quotes (`quote_ident`), and
 * every `id` is the object's qualified name as DDL writes it, so the planner
 * concatenates text without quoting anything itself.
 *
 * An ACL is a sorted list of `GRANTEE PRIVILEGE[ WITH GRANT OPTION]`, the
 * owner's own privileges left out (the scratch database and the live one may
 * have different owners; what the other roles may do is what matters).
 */
import { catalogSql } from "./catalog-sql";

export type Acl = string[];

export interface SchemaObj {
  name: string;
  comment: string | null;
  acl: Acl;
}
export interface ExtensionObj {
  name: string;
  schema: string;
}
export interface EnumObj {
  id: string;
  schema: string;
  labels: string[];
  comment: string | null;
  acl: Acl;
}
export interface DomainObj {
  id: string;
  schema: string;
  base: string;
  notNull: boolean;
  default: string | null;
  collation: string | null;
  checks: Array<{ name: string; def: string }>;
  comment: string | null;
  acl: Acl;
}
export interface SequenceObj {
  id: string;
  schema: string;
  type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  ownedBy: string | null;
  comment: string | null;
  acl: Acl;
}
export interface ColumnObj {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** `expr STORED` or `expr VIRTUAL` for a generated column. */
  generated: string | null;
  identity: "always" | "by default" | null;
  collation: string | null;
  comment: string | null;
  acl: Acl;
}
export interface TableObj {
  id: string;
  schema: string;
  rls: boolean;
  forceRls: boolean;
  columns: ColumnObj[];
  comment: string | null;
  acl: Acl;
}
export interface ConstraintObj {
  id: string;
  table: string;
  name: string;
  /** p primary, u unique, c check, f foreign, x exclusion */
  type: "p" | "u" | "c" | "f" | "x";
  def: string;
  comment: string | null;
}
export interface IndexObj {
  id: string;
  table: string;
  def: string;
  comment: string | null;
}
export interface PolicyObj {
  id: string;
  table: string;
  name: string;
  permissive: boolean;
  cmd: string;
  roles: string[];
  using: string | null;
  check: string | null;
  comment: string | null;
}
export interface FunctionObj {
  id: string;
  schema: string;
  kind: "FUNCTION" | "PROCEDURE";
  returns: string | null;
  def: string;
  /** Tables whose row type the signature uses: the function is created after them. */
  rowTypes: string[];
  comment: string | null;
  acl: Acl;
}
export interface TriggerObj {
  id: string;
  table: string;
  name: string;
  def: string;
  /** O enabled, D disabled, R replica, A always */
  enabled: string;
  comment: string | null;
}
export interface ViewObj {
  id: string;
  schema: string;
  materialized: boolean;
  def: string;
  options: string[];
  /** Relations (tables, views) the view reads. */
  deps: string[];
  columnComments: Record<string, string>;
  comment: string | null;
  acl: Acl;
}
export interface DefaultPrivilegeObj {
  schema: string;
  objtype: "TABLES" | "SEQUENCES" | "FUNCTIONS" | "TYPES" | "SCHEMAS";
  acl: Acl;
}

export interface Catalog {
  schemas: SchemaObj[];
  extensions: ExtensionObj[];
  enums: EnumObj[];
  domains: DomainObj[];
  sequences: SequenceObj[];
  tables: TableObj[];
  constraints: ConstraintObj[];
  indexes: IndexObj[];
  policies: PolicyObj[];
  functions: FunctionObj[];
  triggers: TriggerObj[];
  views: ViewObj[];
  defaultPrivileges: DefaultPrivilegeObj[];
}

/** Runs one SQL statement and answers its rows (the SQL route, PGlite, a `pg` client...). */
export type RunSql = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** Schemas the platform keeps for itself: a `DatabaseSchema` may not own them. */
export const RESERVED_SCHEMAS: Record<string, string> = {
  pg_catalog: "PostgreSQL's own catalog",
  information_schema: "PostgreSQL's own catalog views",
  pg_toast: "PostgreSQL's storage of large values",
  auth: "the platform's Auth service owns it (users, sessions); add policies on its tables from a migration instead",
  storage: "the platform's Storage service owns it; declare `storage` in `schemas` only to own its policies",
  graphql: "the platform's GraphQL extension (pg_graphql) owns it",
  graphql_public: "the platform's GraphQL entry point owns it",
  realtime: "the platform's Realtime service owns it",
  extensions: "the platform installs extensions there",
  supabase_functions: "the platform's database webhooks own it",
  supabase_migrations: "the platform's migration history lives there",
  vault: "the platform's Vault owns it",
  pgsodium: "the platform's key management owns it",
  pgsodium_masks: "the platform's key management owns it",
  net: "the platform's pg_net extension owns it",
  cron: "the platform's pg_cron extension owns it",
  _realtime: "the platform's Realtime service owns it",
};

/** Schemas that may be owned only by being declared (their tables stay the platform's; their policies become ours). */
export const DECLARABLE_RESERVED = new Set(["storage"]);

/** Why `schema` cannot be owned, or undefined when it can. */
export function reservedReason(schema: string, declared: ReadonlySet<string> = new Set()): string | undefined {
  if (DECLARABLE_RESERVED.has(schema) && declared.has(schema)) return undefined;
  if (RESERVED_SCHEMAS[schema]) return RESERVED_SCHEMAS[schema];
  if (/^pg_/.test(schema)) return "names starting with pg_ are PostgreSQL's";
  return undefined;
}

/** A valid schema name to own: lower-case identifier, as the platform's schemas are. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_$]{0,62}$/;

/** Reads the catalog of `schemas` with one statement through `run`. */
export async function readCatalog(run: RunSql, schemas: readonly string[]): Promise<Catalog> {
  for (const s of schemas) if (!SCHEMA_NAME.test(s)) throw new Error(`not a schema name: ${JSON.stringify(s)}`);
  const rows = await run(catalogSql(schemas));
  const raw = rows[0]?.catalog;
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as Catalog | undefined;
  if (!doc || !Array.isArray(doc.tables)) throw new Error("the catalog query answered no catalog");
  stripNewPrivileges(doc);
  // The `public` schema itself (its grants and comment) is the platform's: what is in it is ours.
  doc.schemas = doc.schemas.map((s) => (s.name === "public" ? { ...s, acl: [], comment: null } : s));
  return normalize(
    policiesOnly(
      doc,
      schemas.filter((s) => DECLARABLE_RESERVED.has(s)),
    ),
  );
}

/**
 * Privileges newer than the oldest server the platform runs (MAINTAIN, from
 * PostgreSQL 17) are left out of every ACL: the scratch PGlite is 18, a live
 * project may be 15, and `GRANT ALL` means different sets on each.
 */
function stripNewPrivileges(c: Catalog): void {
  const strip = (acl: Acl) => acl.filter((e) => !/ MAINTAIN( WITH GRANT OPTION)?$/.test(e));
  for (const list of [c.schemas, c.enums, c.domains, c.sequences, c.tables, c.functions, c.views, c.defaultPrivileges])
    for (const o of list as Array<{ acl: Acl }>) o.acl = strip(o.acl);
  for (const t of c.tables) for (const col of t.columns) col.acl = strip(col.acl);
}

/**
 * In a platform schema owned only for its policies (`storage`), the tables,
 * functions and grants stay the platform's: everything but the policies (and
 * row level security switches) is left out of the model.
 */
function policiesOnly(c: Catalog, schemas: string[]): Catalog {
  if (schemas.length === 0) return c;
  const inIt = (id: string) => schemas.some((s) => id.startsWith(`${s}.`) || id.startsWith(`"${s}".`));
  const keep = <T extends { id: string }>(xs: T[]) => xs.filter((x) => !inIt(x.id));
  return {
    ...c,
    schemas: c.schemas.filter((s) => !schemas.includes(s.name)),
    extensions: c.extensions.filter((e) => !schemas.includes(e.schema)),
    enums: keep(c.enums),
    domains: keep(c.domains),
    sequences: keep(c.sequences),
    tables: keep(c.tables),
    constraints: keep(c.constraints),
    indexes: keep(c.indexes),
    functions: keep(c.functions),
    triggers: keep(c.triggers),
    views: keep(c.views),
    defaultPrivileges: c.defaultPrivileges.filter((d) => !schemas.includes(d.schema)),
  };
}

/** Orders everything by identity, so two reads of the same database are deep-equal. */
export function normalize(c: Catalog): Catalog {
  const by =
    <T>(key: (t: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  const id = (o: { id: string }) => o.id;
  return {
    schemas: [...c.schemas].sort(by((s) => s.name)),
    extensions: [...c.extensions].sort(by((e) => e.name)),
    enums: [...c.enums].sort(by(id)),
    domains: [...c.domains].sort(by(id)),
    sequences: [...c.sequences].sort(by(id)),
    tables: [...c.tables].sort(by(id)),
    constraints: [...c.constraints].sort(by(id)),
    indexes: [...c.indexes].sort(by(id)),
    policies: [...c.policies].sort(by(id)),
    functions: [...c.functions].sort(by(id)),
    triggers: [...c.triggers].sort(by(id)),
    views: [...c.views].sort(by(id)),
    defaultPrivileges: [...c.defaultPrivileges].sort(by((d) => `${d.schema}/${d.objtype}`)),
  };
}

/**
 * The catalog without column order (added columns land at the end) and
 * without extensions outside the owned schemas (created when declared, never
 * dropped: the platform installs its own there), for comparing two databases.
 */
export function comparable(c: Catalog): Catalog {
  const n = normalize(c);
  const owned = new Set(n.schemas.map((s) => s.name));
  return {
    ...n,
    extensions: n.extensions.filter((e) => owned.has(e.schema)),
    tables: n.tables.map((t) => ({ ...t, columns: [...t.columns].sort((a, b) => (a.name < b.name ? -1 : 1)) })),
  };
}
