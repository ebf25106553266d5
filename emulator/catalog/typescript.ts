/**
 * TypeScript types for a project's database, generated from its live catalog
 * in the structure of the official generator (supabase/postgres-meta's
 * typescript template, which `supabase gen types` and the management API
 * serve): `Json`, `Database` with Tables/Views/Functions/Enums/CompositeTypes
 * per schema, the `Tables`/`TablesInsert`/`TablesUpdate`/`Enums`/
 * `CompositeTypes` helpers and `Constants`.
 *
 * Relations, columns, keys and enums come from the shared catalog reader
 * (./catalog). It reads functions only as computed fields (one row-type
 * argument) and knows nothing of type names, identity kinds, view
 * updatability or composite types, so those few queries live here.
 */
import { loadCatalog, type CatalogColumn, type CatalogQuery, type CatalogRelation } from "./index";

/** What `__InternalSupabase` announces to supabase-js; the emulator runs no PostgREST, so this is the platform's current major. */
const POSTGREST_VERSION = "13.0.5";

interface PgType {
  oid: number;
  schema: string;
  name: string;
  /** pg_type.typtype: b base, c composite, d domain, e enum, p pseudo, r range, m multirange. */
  kind: string;
  /** Element type of an array type, else 0. */
  elem: number;
  /** Relation of a row type, else 0. */
  relid: number;
  /** relkind of that relation ('c' for a stand-alone composite type). */
  relkind: string | null;
  baseType: number;
}

interface FunctionArg {
  name: string;
  /** i in, o out, b inout, v variadic, t table column. */
  mode: string;
  typeOid: number;
  hasDefault: boolean;
}

interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: number;
  returnRelid: number;
  returnsSet: boolean;
}

interface CompositeInfo {
  oid: number;
  schema: string;
  name: string;
  attributes: Array<{ name: string; typeOid: number }>;
}

export interface TypesModel {
  /** The requested schemas that exist, sorted. */
  schemas: string[];
  relations: CatalogRelation[];
  enums: Array<{ oid: number; schema: string; name: string; labels: string[] }>;
  functions: FunctionInfo[];
  composites: CompositeInfo[];
  types: Map<number, PgType>;
  /** "relid:column" of GENERATED ALWAYS AS IDENTITY columns (never written). */
  identityAlways: Set<string>;
  /** Views that accept both INSERT and UPDATE, and their writable columns ("relid:attnum"). */
  updatableViews: Set<number>;
  updatableViewColumns: Set<string>;
}

const TYPES_SQL = `
select t.oid::int as oid, n.nspname as schema, t.typname as name, t.typtype::text as kind,
  t.typelem::int as elem, t.typrelid::int as relid, c.relkind::text as relkind, t.typbasetype::int as base
from pg_catalog.pg_type t
join pg_catalog.pg_namespace n on n.oid = t.typnamespace
left join pg_catalog.pg_class c on c.oid = t.typrelid`;

const IDENTITY_ALWAYS_SQL = `
select a.attrelid::int as relid, a.attname as name from pg_catalog.pg_attribute a
where a.attrelid = any($1::oid[]) and a.attidentity = 'a' and not a.attisdropped`;

// 20 = INSERT (16) + UPDATE (4) in pg_relation_is_updatable's bit mask, as postgres-meta tests it.
const VIEW_UPDATABLE_SQL = `
select c.oid::int as relid, (pg_catalog.pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable,
  array(select a.attnum::int from pg_catalog.pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and pg_catalog.pg_column_is_updatable(c.oid, a.attnum, false)) as columns
from pg_catalog.pg_class c where c.oid = any($1::oid[])`;

// Trigger and event-trigger functions are not callable over the API; aggregates and procedures are not functions here.
const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set, p.prorettype::int as return_type,
  rt.typrelid::int as return_relid, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
  coalesce(p.proallargtypes::int[], p.proargtypes::oid[]::int[]) as arg_types,
  coalesce(p.proargmodes::text[], array[]::text[]) as arg_modes,
  coalesce(p.proargnames::text[], array[]::text[]) as arg_names
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1::text[]) and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
order by p.oid`;

const COMPOSITES_SQL = `
select t.oid::int as oid, n.nspname as schema, t.typname as name,
  array(select a.attname::text from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as att_names,
  array(select a.atttypid::int from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as att_types
from pg_catalog.pg_type t
join pg_catalog.pg_namespace n on n.oid = t.typnamespace
join pg_catalog.pg_class c on c.oid = t.typrelid
where t.typtype = 'c' and c.relkind = 'c' and n.nspname = any($1::text[])`;

type Row = Record<string, unknown>;

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Reads everything the generator needs for `schemas`. */
export async function loadTypesModel(db: CatalogQuery, schemas: string[]): Promise<TypesModel> {
  const role = String((await db.query<Row>("select current_user::text as role")).rows[0].role);
  const catalog = await loadCatalog(db, { role, schemas });
  const relids = catalog.relations.map((r) => r.oid);
  const viewIds = catalog.relations.filter((r) => r.kind === "v").map((r) => r.oid);
  const [types, identity, views, functions, composites] = [
    await db.query<Row>(TYPES_SQL),
    await db.query<Row>(IDENTITY_ALWAYS_SQL, [relids]),
    await db.query<Row>(VIEW_UPDATABLE_SQL, [viewIds]),
    await db.query<Row>(FUNCTIONS_SQL, [schemas]),
    await db.query<Row>(COMPOSITES_SQL, [schemas]),
  ];
  const model: TypesModel = {
    schemas: catalog.schemas.map((s) => s.name).sort(compare),
    relations: catalog.relations,
    enums: catalog.enums.map(({ oid, schema, name, labels }) => ({ oid, schema, name, labels })),
    functions: functions.rows.map(functionInfo),
    composites: composites.rows.map((c) => {
      const names = texts(c.att_names);
      const typeOids = ints(c.att_types);
      return {
        oid: Number(c.oid),
        schema: String(c.schema),
        name: String(c.name),
        attributes: names.map((name, i) => ({ name, typeOid: typeOids[i] })),
      };
    }),
    types: new Map(
      types.rows.map((t) => [
        Number(t.oid),
        {
          oid: Number(t.oid),
          schema: String(t.schema),
          name: String(t.name),
          kind: String(t.kind),
          elem: Number(t.elem),
          relid: Number(t.relid),
          relkind: t.relkind === null ? null : String(t.relkind),
          baseType: Number(t.base),
        },
      ]),
    ),
    identityAlways: new Set(identity.rows.map((r) => `${Number(r.relid)}:${String(r.name)}`)),
    updatableViews: new Set(views.rows.filter((v) => v.updatable === true).map((v) => Number(v.relid))),
    updatableViewColumns: new Set(views.rows.flatMap((v) => ints(v.columns).map((n) => `${Number(v.relid)}:${n}`))),
  };
  return model;
}

function functionInfo(f: Row): FunctionInfo {
  const nargs = Number(f.nargs);
  const types = ints(f.arg_types);
  const modes = texts(f.arg_modes);
  const names = texts(f.arg_names);
  // Defaults belong to the last `pronargdefaults` input arguments.
  const firstDefault = nargs - Number(f.ndefaults);
  let inputIndex = 0;
  const args = types.map((typeOid, i) => {
    const mode = modes[i] ?? "i";
    const isInput = mode === "i" || mode === "b" || mode === "v";
    const hasDefault = isInput && inputIndex++ >= firstDefault;
    return { name: names[i] ?? "", mode, typeOid, hasDefault };
  });
  return {
    schema: String(f.schema),
    name: String(f.name),
    args,
    returnType: Number(f.return_type),
    returnRelid: Number(f.return_relid),
    returnsSet: Boolean(f.returns_set),
  };
}

/** Code-point order, so the output does not depend on the server's locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Object keys as prettier prints them: bare when a valid identifier, else a double-quoted string. */
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const ref = (...path: string[]) => `Database${path.map((p) => `[${JSON.stringify(p)}]`).join("")}`;

const NUMBER_TYPES = new Set(["int2", "int4", "int8", "float4", "float8", "numeric"]);
const STRING_TYPES = new Set([
  "bytea",
  "bpchar",
  "varchar",
  "date",
  "text",
  "citext",
  "time",
  "timetz",
  "timestamp",
  "timestamptz",
  "uuid",
  "vector",
]);

/** The official generator's mapping of a PostgreSQL type to TypeScript. */
function tsType(m: TypesModel, oid: number): string {
  const t = m.types.get(oid);
  if (!t) return "unknown";
  if (t.kind === "d" && t.baseType) return tsType(m, t.baseType);
  if (t.elem !== 0 && t.name.startsWith("_")) return arrayOf(tsType(m, t.elem));
  if (t.name === "bool") return "boolean";
  if (NUMBER_TYPES.has(t.name)) return "number";
  if (STRING_TYPES.has(t.name)) return "string";
  if (t.name === "json" || t.name === "jsonb") return "Json";
  if (t.name === "void") return "undefined";
  if (t.name === "record") return "Record<string, unknown>";
  const included = m.schemas.includes(t.schema);
  if (t.kind === "e") {
    if (included) return ref(t.schema, "Enums", t.name);
    return (
      m.enums
        .find((e) => e.oid === oid)
        ?.labels.map((l) => JSON.stringify(l))
        .join(" | ") ?? "string"
    );
  }
  if (t.kind === "c" && t.relkind === "c") return included ? ref(t.schema, "CompositeTypes", t.name) : "unknown";
  if (t.kind === "c" && t.relid) {
    const rel = m.relations.find((r) => r.oid === t.relid);
    if (rel && included) return ref(rel.schema, isView(rel) ? "Views" : "Tables", rel.name, "Row");
  }
  return "unknown";
}

/** `T[]`, parenthesized only where prettier keeps the parentheses of the official output: around a union. */
const arrayOf = (element: string) =>
  element.includes("|") && !element.startsWith("{") ? `(${element})[]` : `${element}[]`;

const isView = (r: CatalogRelation) => r.kind === "v" || r.kind === "m";
const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => compare(a.name, b.name));

/** Indented lines; `block` opens `head {` (or another opener), renders the body one level deeper and closes it. */
class Writer {
  private lines: string[] = [];
  private depth = 0;

  line(text = ""): this {
    this.lines.push(text === "" ? "" : `${"  ".repeat(this.depth)}${text}`);
    return this;
  }

  block(head: string, body: () => void, close = "}", open = "{"): this {
    this.line(`${head}${open}`);
    this.depth++;
    body();
    this.depth--;
    return this.line(close);
  }

  /** A member whose body is empty renders as the generator's `[_ in never]: never`. */
  members<T>(items: T[], render: (item: T) => void): void {
    if (items.length === 0) this.line("[_ in never]: never");
    else items.forEach(render);
  }

  toString(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

function columnsOf(r: CatalogRelation): CatalogColumn[] {
  return byName(r.columns);
}

function rowMembers(w: Writer, m: TypesModel, r: CatalogRelation): void {
  for (const c of columnsOf(r)) w.line(`${key(c.name)}: ${tsType(m, c.typeOid)}${c.notNull ? "" : " | null"}`);
}

function renderTable(w: Writer, m: TypesModel, r: CatalogRelation): void {
  const cols = columnsOf(r);
  const neverWritten = (c: CatalogColumn) => m.identityAlways.has(`${r.oid}:${c.name}`) || c.generated;
  w.block(`${key(r.name)}: `, () => {
    w.block("Row: ", () => rowMembers(w, m, r));
    w.block("Insert: ", () => {
      for (const c of cols) {
        if (neverWritten(c)) w.line(`${key(c.name)}?: never`);
        else {
          const optional = !c.notNull || c.identity || c.hasDefault;
          w.line(`${key(c.name)}${optional ? "?" : ""}: ${tsType(m, c.typeOid)}${c.notNull ? "" : " | null"}`);
        }
      }
    });
    w.block("Update: ", () => {
      for (const c of cols) {
        if (neverWritten(c)) w.line(`${key(c.name)}?: never`);
        else w.line(`${key(c.name)}?: ${tsType(m, c.typeOid)}${c.notNull ? "" : " | null"}`);
      }
    });
    renderRelationships(w, r);
  });
}

function renderView(w: Writer, m: TypesModel, r: CatalogRelation): void {
  const cols = columnsOf(r);
  w.block(`${key(r.name)}: `, () => {
    w.block("Row: ", () => rowMembers(w, m, r));
    if (m.updatableViews.has(r.oid)) {
      for (const part of ["Insert", "Update"]) {
        w.block(`${part}: `, () => {
          for (const c of cols) {
            if (!m.updatableViewColumns.has(`${r.oid}:${c.attnum}`)) w.line(`${key(c.name)}?: never`);
            else w.line(`${key(c.name)}?: ${tsType(m, c.typeOid)} | null`);
          }
        });
      }
    }
    renderRelationships(w, r);
  });
}

function renderRelationships(w: Writer, r: CatalogRelation): void {
  // Foreign keys within the schema, as the official generator lists them (views get none here).
  const fks = r.foreignKeys
    .filter((fk) => fk.refSchema === r.schema)
    .sort((a, b) => compare(a.name, b.name) || compare(a.refTable, b.refTable));
  if (fks.length === 0) {
    w.line("Relationships: []");
    return;
  }
  w.block(
    "Relationships: ",
    () => {
      for (const fk of fks) {
        const cols = [...fk.columns].sort(compare).join(",");
        const oneToOne = r.uniqueKeys.some((u) => [...u].sort(compare).join(",") === cols);
        w.block(
          "",
          () => {
            w.line(`foreignKeyName: ${JSON.stringify(fk.name)}`);
            w.line(`columns: ${JSON.stringify(fk.columns)}`);
            w.line(`isOneToOne: ${oneToOne}`);
            w.line(`referencedRelation: ${JSON.stringify(fk.refTable)}`);
            w.line(`referencedColumns: ${JSON.stringify(fk.refColumns)}`);
          },
          "},",
        );
      }
    },
    "]",
    "[",
  );
}

/** One overload of a function: `{ Args: …; Returns: … }`. */
function renderOverload(m: TypesModel, f: FunctionInfo, indent: string): string {
  const inArgs = f.args.filter((a) => a.mode === "i");
  const args =
    inArgs.length === 0
      ? "Record<PropertyKey, never>"
      : `{ ${inArgs.map((a) => `${key(a.name)}${a.hasDefault ? "?" : ""}: ${tsType(m, a.typeOid)}`).join("; ")} }`;
  let returns: string;
  const tableArgs = f.args.filter((a) => a.mode === "t");
  const relation = m.relations.find((r) => r.oid === f.returnRelid);
  if (tableArgs.length > 0)
    returns = `{ ${tableArgs.map((a) => `${key(a.name)}: ${tsType(m, a.typeOid)}`).join("; ")} }`;
  else if (relation)
    returns = `{ ${columnsOf(relation)
      .map((c) => `${key(c.name)}: ${tsType(m, c.typeOid)}${c.notNull ? "" : " | null"}`)
      .join("; ")} }`;
  else returns = tsType(m, f.returnType);
  if (f.returnsSet) returns = arrayOf(returns);
  return `${indent}{\n${indent}  Args: ${args}\n${indent}  Returns: ${returns}\n${indent}}`;
}

function renderSchema(w: Writer, m: TypesModel, schema: string): void {
  const inSchema = <T extends { schema: string; name: string }>(list: T[]) =>
    byName(list.filter((x) => x.schema === schema));
  const tables = inSchema(m.relations.filter((r) => !isView(r)));
  const views = inSchema(m.relations.filter(isView));
  // Like the official generator: functions whose input arguments are all named, or that take one unnamed argument.
  const functions = inSchema(m.functions).filter((f) => {
    const inputs = f.args.filter((a) => a.mode === "i" || a.mode === "b" || a.mode === "v");
    return inputs.every((a) => a.name !== "") || inputs.length === 1;
  });
  const enums = inSchema(m.enums);
  const composites = inSchema(m.composites);
  w.block(`${key(schema)}: `, () => {
    w.block("Tables: ", () => w.members(tables, (t) => renderTable(w, m, t)));
    w.block("Views: ", () => w.members(views, (v) => renderView(w, m, v)));
    w.block("Functions: ", () => {
      const names = [...new Set(functions.map((f) => f.name))];
      w.members(names, (name) => {
        const overloads = functions.filter((f) => f.name === name).map((f) => renderOverload(m, f, ""));
        const text = overloads.sort().join(" | ").split("\n");
        w.line(`${key(name)}: ${text[0]}`);
        for (const l of text.slice(1)) w.line(l);
      });
    });
    w.block("Enums: ", () =>
      w.members(enums, (e) =>
        w.line(`${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(" | ") || "never"}`),
      ),
    );
    w.block("CompositeTypes: ", () =>
      w.members(composites, (c) =>
        w.block(`${key(c.name)}: `, () => {
          for (const a of c.attributes) w.line(`${key(a.name)}: ${tsType(m, a.typeOid)} | null`);
        }),
      ),
    );
  });
}

/** `TablesInsert` and `TablesUpdate`: one shape over a table's `Insert` or `Update` member. */
const tablesMember = (member: "Insert" | "Update", v = member[0]) => `export type Tables${member}<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      ${member}: infer ${v}
    }
    ? ${v}
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        ${member}: infer ${v}
      }
      ? ${v}
      : never
    : never`;

/** `Enums` and `CompositeTypes`: one shape over a schema member, with the official output's parameter names. */
const schemaMember = (member: "Enums" | "CompositeTypes", options: string, name: string) => `export type ${member}<
  ${options} extends
    | keyof DefaultSchema["${member}"]
    | { schema: keyof DatabaseWithoutInternals },
  ${name} extends ${options} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[${options}["schema"]]["${member}"]
    : never = never,
> = ${options} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[${options}["schema"]]["${member}"][${name}]
  : ${options} extends keyof DefaultSchema["${member}"]
    ? DefaultSchema["${member}"][${options}]
    : never`;

/** The helper types, verbatim in shape from the official output (prettier-formatted there). */
const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${tablesMember("Insert")}

${tablesMember("Update")}

${schemaMember("Enums", "DefaultSchemaEnumNameOrOptions", "EnumName")}

${schemaMember("CompositeTypes", "PublicCompositeTypeNameOrOptions", "CompositeTypeName")}
`;

export function renderTypescript(m: TypesModel): string {
  const w = new Writer();
  w.line("export type Json =");
  for (const t of ["string", "number", "boolean", "null", "{ [key: string]: Json | undefined }", "Json[]"])
    w.line(`  | ${t}`);
  w.line();
  w.block("export type Database = ", () => {
    w.line("// Allows to automatically instantiate createClient with right options");
    w.line("// instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)");
    w.block("__InternalSupabase: ", () => w.line(`PostgrestVersion: ${JSON.stringify(POSTGREST_VERSION)}`));
    for (const schema of m.schemas) renderSchema(w, m, schema);
  });
  const out = [w.toString(), HELPERS];
  const constants = new Writer();
  constants.block(
    "export const Constants = ",
    () => {
      for (const schema of m.schemas) {
        constants.block(
          `${key(schema)}: `,
          () => {
            const enums = byName(m.enums.filter((x) => x.schema === schema));
            if (enums.length === 0) constants.line("Enums: {},");
            else
              constants.block(
                "Enums: ",
                () => {
                  for (const e of enums)
                    constants.line(`${key(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(", ")}],`);
                },
                "},",
              );
          },
          "},",
        );
      }
    },
    "} as const",
  );
  out.push(constants.toString());
  return out.join("\n");
}

/** The `types` string for `included_schemas` (default `public`). */
export async function generateTypescript(db: CatalogQuery, schemas: string[]): Promise<string> {
  return renderTypescript(await loadTypesModel(db, schemas));
}
