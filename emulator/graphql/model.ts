/**
 * The reflected API of one role: pg_graphql's naming, typing and visibility
 * rules applied to the catalog. Both the SQL compiler and the introspection
 * schema are built from this model, so they cannot disagree.
 */
import type {
  Catalog,
  CatalogArgument,
  CatalogColumn,
  CatalogEnum,
  CatalogFunction,
  CatalogRelation,
  CatalogRootFunction,
} from "../catalog";
import { GqlError } from "./errors";

export type ScalarName =
  | "Int"
  | "Float"
  | "String"
  | "Boolean"
  | "BigInt"
  | "BigFloat"
  | "Date"
  | "Time"
  | "Datetime"
  | "UUID"
  | "JSON"
  | "Opaque";

export interface EnumModel {
  name: string;
  schema: string;
  sqlName: string;
  /** GraphQL value → SQL label, in label order. */
  values: Array<{ gql: string; sql: string }>;
}

/** The GraphQL type of a value: a scalar or an enum, possibly a list. */
export interface ValueType {
  base: ScalarName | EnumModel;
  list: boolean;
}

export interface ColumnModel {
  field: string;
  /** From the column's `description` directive. */
  description: string | null;
  col: CatalogColumn;
  type: ValueType;
  nonNull: boolean;
  /** The filter input type name, or null when the column cannot be filtered. */
  filterType: string | null;
  orderable: boolean;
  insertable: boolean;
  updatable: boolean;
}

export interface RelationModel {
  field: string;
  /** "one": a single record; "many": a connection. */
  cardinality: "one" | "many";
  target: TableModel;
  /** Equal-position column pairs: this table's columns and the target's. */
  localColumns: string[];
  targetColumns: string[];
  nonNull: boolean;
}

export interface ComputedModel {
  field: string;
  /** From the function's `description` directive. */
  description: string | null;
  fn: CatalogFunction;
  /** A scalar result, or records of `target`. */
  type: ValueType | null;
  target: TableModel | null;
  cardinality: "scalar" | "one" | "many";
}

/** A Query (immutable/stable) or Mutation (volatile) field backed by a function. */
export interface RootFunctionModel {
  field: string;
  description: string | null;
  fn: CatalogRootFunction;
  args: Array<{ field: string; arg: CatalogArgument; type: ValueType }>;
  type: ValueType | null;
  target: TableModel | null;
  cardinality: "scalar" | "one" | "many";
}

export type NodeField =
  | { kind: "nodeId" }
  | { kind: "column"; column: ColumnModel }
  | { kind: "relation"; relation: RelationModel }
  | { kind: "computed"; computed: ComputedModel };

export interface TableModel {
  rel: CatalogRelation;
  typeName: string;
  collectionField: string;
  columns: ColumnModel[];
  /** Primary key columns (real or from the directive), in key order. */
  pk: ColumnModel[];
  /** Node fields in pg_graphql's registration order; later names replace earlier ones. */
  fields: Map<string, NodeField>;
  totalCount: boolean;
  /** The `aggregate` connection field (count, sum, avg, min, max), enabled by directive. */
  aggregate: boolean;
  maxRows: number;
  description: string | null;
  /** Which of `and`, `or`, `not` the filter keeps (a column of that name removes it). */
  logical: { and: boolean; or: boolean; not: boolean };
  insertField: string | null;
  updateField: string | null;
  deleteField: string | null;
  insertColumns: ColumnModel[];
  updateColumns: ColumnModel[];
}

export interface ApiModel {
  tables: TableModel[];
  enums: EnumModel[];
  byTypeName: Map<string, TableModel>;
  /** Keyed by `schema.table` (SQL names), for nodeId lookups. */
  bySqlName: Map<string, TableModel>;
  queryFields: Map<string, { kind: "collection" | "byPk"; table: TableModel }>;
  mutationFields: Map<string, { kind: "insert" | "update" | "delete"; table: TableModel }>;
  /** Function fields of Query and of Mutation, by field name. */
  queryFunctions: Map<string, RootFunctionModel>;
  mutationFunctions: Map<string, RootFunctionModel>;
  introspection: boolean;
  /** Exposed schemas whose `introspection: false` directive hides their types from introspection. */
  hiddenSchemas: Set<string>;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
export const DEFAULT_MAX_ROWS = 30;

/** pg_graphql's inflection: uppercase the first character and any after a non-alphanumeric, then drop `_`. */
export function pascal(name: string): string {
  let out = "";
  let upper = true;
  for (const ch of name) {
    out += upper ? ch.toUpperCase() : ch;
    upper = !/[A-Za-z0-9]/.test(ch);
  }
  return out.replace(/_/g, "");
}

export const lcFirst = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);

/** The JSON of `@graphql(<JSON>)` in a comment (greedy up to the last `)`), or {} without one. */
export function directive(comment: string | null): Record<string, unknown> {
  if (!comment) return {};
  const m = /@graphql\(([\s\S]*)\)/.exec(comment);
  if (!m) return {};
  let value: unknown;
  try {
    value = JSON.parse(m[1]);
  } catch {
    throw new GqlError(`Error while loading schema, check comment directives. invalid input syntax for type json`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new GqlError(`Error while loading schema, check comment directives. invalid type: expected a map`);
  }
  return value as Record<string, unknown>;
}

function directiveError(detail: string): GqlError {
  return new GqlError(`Error while loading schema, check comment directives. ${detail}`);
}

function describe(v: unknown): string {
  if (typeof v === "string") return `string "${v}"`;
  if (typeof v === "number") return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (typeof v === "boolean") return `boolean \`${v}\``;
  if (Array.isArray(v)) return "sequence";
  if (v === null) return "null";
  return "map";
}

function optString(d: Record<string, unknown>, key: string): string | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw directiveError(`invalid type: ${describe(v)}, expected a string`);
  return v;
}

function optU64(d: Record<string, unknown>, key: string): number | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v)) throw directiveError(`invalid type: ${describe(v)}, expected u64`);
  if (v < 0) throw directiveError(`invalid value: integer \`${v}\`, expected u64`);
  return v;
}

function optStringList(d: Record<string, unknown>, key: string): string[] | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw directiveError(`invalid type: ${describe(v)}, expected a sequence`);
  return v.map((x) => {
    if (typeof x !== "string") throw directiveError(`invalid type: ${describe(x)}, expected a string`);
    return x;
  });
}

const SCALAR_BY_OID: Record<number, ScalarName> = {
  21: "Int",
  23: "Int",
  20: "BigInt",
  700: "Float",
  701: "Float",
  1700: "BigFloat",
  25: "String",
  1043: "String",
  1042: "String",
  18: "String",
  16: "Boolean",
  1082: "Date",
  1083: "Time",
  1114: "Datetime",
  1184: "Datetime",
  2950: "UUID",
  114: "JSON",
  3802: "JSON",
};

/** Element types that have a list filter. */
const LIST_FILTERABLE = new Set<ScalarName>([
  "Int",
  "Float",
  "String",
  "Boolean",
  "UUID",
  "BigInt",
  "BigFloat",
  "Time",
  "Date",
  "Datetime",
]);

/**
 * Primary-key column types (as `format_type` prints them) that give a table
 * its `<type>ByPk` entry point; a length-limited `varchar(n)` or `char(n)`
 * key prints with its length and gets none.
 */
const BY_PK_TYPES = new Set([
  "int",
  "int4",
  "integer",
  "bigint",
  "int8",
  "smallint",
  "int2",
  "text",
  "varchar",
  "character varying",
  "char",
  "bpchar",
  "citext",
  "uuid",
]);

interface SchemaConfig {
  inflect: boolean;
  maxRows: number;
  introspection: boolean;
}

export function buildModel(catalog: Catalog): ApiModel {
  const schemaConfig = new Map<string, SchemaConfig>();
  const visibleSchemas = new Set<string>();
  for (const s of catalog.schemas) {
    const d = directive(s.comment);
    schemaConfig.set(s.name, {
      inflect: d.inflect_names === true,
      maxRows: optU64(d, "max_rows") ?? DEFAULT_MAX_ROWS,
      introspection: d.introspection !== false,
    });
    if (s.usage) visibleSchemas.add(s.name);
  }
  const config = (schema: string) =>
    schemaConfig.get(schema) ?? { inflect: false, maxRows: DEFAULT_MAX_ROWS, introspection: true };

  const enums = new Map<number, EnumModel>();
  for (const e of catalog.enums) {
    if (!visibleSchemas.has(e.schema) || !e.usage) continue;
    const d = directive(e.comment);
    const mappings = d.mappings ?? {};
    if (typeof mappings !== "object" || mappings === null || Array.isArray(mappings))
      throw directiveError(`invalid type: ${describe(mappings)}, expected a map`);
    for (const v of Object.values(mappings))
      if (typeof v !== "string") throw directiveError(`invalid type: ${describe(v)}, expected a string`);
    enums.set(e.oid, {
      name: optString(d, "name") ?? (config(e.schema).inflect ? pascal(e.name) : e.name),
      schema: e.schema,
      sqlName: e.name,
      values: e.labels.map((l) => ({ sql: l, gql: (mappings as Record<string, string>)[l] ?? l })),
    });
  }

  const scalarOf = (oid: number, kind: string, sqlType: string): ScalarName | EnumModel | null => {
    if (kind === "c") return null;
    if (kind === "e") return enums.get(oid) ?? "Opaque";
    if (SCALAR_BY_OID[oid]) return SCALAR_BY_OID[oid];
    if (/^(\w+\.)?citext(\[\])?$/.test(sqlType)) return "String";
    return "Opaque";
  };
  const valueType = (c: {
    typeOid: number;
    elemTypeOid: number | null;
    typeKind: string;
    sqlType: string;
  }): ValueType | null => {
    const list = c.elemTypeOid !== null;
    const base = scalarOf(list ? c.elemTypeOid! : c.typeOid, c.typeKind, c.sqlType);
    return base === null ? null : { base, list };
  };
  /** The value type of what a function returns, when it returns no row type. */
  const returnValueType = (fn: CatalogFunction | CatalogRootFunction) =>
    valueType({
      typeOid: fn.returnTypeOid,
      elemTypeOid: fn.returnElemTypeOid,
      typeKind: fn.returnTypeKind,
      sqlType: fn.returnSqlType,
    });

  const tables: TableModel[] = [];
  const byOid = new Map<number, TableModel>();
  for (const rel of catalog.relations) {
    // Visible when the role can select at least one column (column grants count, not only table grants).
    if (!visibleSchemas.has(rel.schema) || rel.kind === "p" || !rel.columns.some((c) => c.canSelect)) continue;
    const cfg = config(rel.schema);
    const d = directive(rel.comment);
    const typeName = optString(d, "name") ?? (cfg.inflect ? pascal(rel.name) : rel.name);
    if (!GRAPHQL_NAME.test(typeName)) continue;
    const isView = rel.kind !== "r";
    const columns: ColumnModel[] = [];
    for (const col of rel.columns) {
      if (!col.canSelect) continue;
      const type = valueType(col);
      if (!type) continue;
      const cd = directive(col.comment);
      const field = optString(cd, "name") ?? (cfg.inflect ? lcFirst(pascal(col.name)) : col.name);
      if (!GRAPHQL_NAME.test(field)) continue;
      const base = type.base;
      let filterType: string | null = null;
      if (type.list) {
        if (typeof base === "string" && LIST_FILTERABLE.has(base)) filterType = `${base}ListFilter`;
      } else if (typeof base === "string") {
        if (base !== "JSON") filterType = `${base}Filter`;
      } else filterType = `${base.name}Filter`;
      const sequenced = col.serial || col.generated;
      columns.push({
        field,
        description: optString(cd, "description") ?? null,
        col,
        type,
        nonNull: col.notNull && !isView,
        filterType,
        orderable: !type.list && base !== "JSON",
        insertable: col.canInsert && !sequenced,
        updatable: col.canUpdate && !sequenced,
      });
    }
    if (columns.length === 0) continue;
    const byName = new Map(columns.map((c) => [c.col.name, c]));
    let pkNames = rel.primaryKey;
    // The directive's shape is checked even where a real key makes it unused.
    const virtual = optStringList(d, "primary_key_columns");
    if (pkNames.length === 0 && virtual && virtual.every((n) => rel.columns.some((c) => c.name === n)))
      pkNames = virtual;
    if (pkNames.length === 0 || !pkNames.every((n) => byName.has(n))) continue;
    const pk = pkNames.map((n) => byName.get(n)!);
    const enabled = (key: string) => {
      const v = d[key] as { enabled?: unknown } | undefined;
      return typeof v === "object" && v !== null && v.enabled === true;
    };
    const t: TableModel = {
      rel,
      typeName,
      collectionField: `${lcFirst(typeName)}Collection`,
      columns,
      pk,
      fields: new Map<string, NodeField>([["nodeId", { kind: "nodeId" }]]),
      totalCount: enabled("totalCount"),
      aggregate: enabled("aggregate"),
      maxRows: optU64(d, "max_rows") ?? cfg.maxRows,
      description: optString(d, "description") ?? null,
      logical: {
        and: !columns.some((c) => c.field === "and"),
        or: !columns.some((c) => c.field === "or"),
        not: !columns.some((c) => c.field === "not"),
      },
      insertField: null,
      updateField: null,
      deleteField: null,
      insertColumns: columns.filter((c) => c.insertable),
      updateColumns: columns.filter((c) => c.updatable),
    };
    for (const c of columns) t.fields.set(c.field, { kind: "column", column: c });
    // Column privileges decide insert/update (has_column_privilege also honours table grants).
    if (t.insertColumns.length > 0) t.insertField = `insertInto${typeName}Collection`;
    if (t.updateColumns.length > 0) t.updateField = `update${typeName}Collection`;
    if (rel.canDelete) t.deleteField = `deleteFrom${typeName}Collection`;
    tables.push(t);
    byOid.set(rel.oid, t);
  }
  const bySqlName = new Map(tables.map((t) => [`${t.rel.schema}.${t.rel.name}`, t]));

  // Foreign keys: real ones, plus the `foreign_keys` directive (views have no real ones).
  interface Fk {
    from: TableModel;
    to: TableModel;
    columns: string[];
    refColumns: string[];
    localName?: string;
    foreignName?: string;
  }
  const fks: Fk[] = [];
  for (const t of tables) {
    for (const fk of t.rel.foreignKeys) {
      const to = bySqlName.get(`${fk.refSchema}.${fk.refTable}`);
      if (!to) continue;
      const d = directive(fk.comment);
      fks.push({
        from: t,
        to,
        columns: fk.columns,
        refColumns: fk.refColumns,
        localName: optString(d, "local_name"),
        foreignName: optString(d, "foreign_name"),
      });
    }
    const virtual = directive(t.rel.comment).foreign_keys;
    if (virtual !== undefined && virtual !== null) {
      if (!Array.isArray(virtual)) throw directiveError(`invalid type: ${describe(virtual)}, expected a sequence`);
      for (const v of virtual as Array<Record<string, unknown>>) {
        const localColumns = optStringList(v, "local_columns") ?? [];
        const foreignColumns = optStringList(v, "foreign_columns") ?? [];
        const to = bySqlName.get(`${optString(v, "foreign_schema") ?? ""}.${optString(v, "foreign_table") ?? ""}`);
        if (!to || localColumns.length === 0 || localColumns.length !== foreignColumns.length) continue;
        if (!localColumns.every((c) => t.rel.columns.some((x) => x.name === c))) continue;
        if (!foreignColumns.every((c) => to.rel.columns.some((x) => x.name === c))) continue;
        fks.push({
          from: t,
          to,
          columns: localColumns,
          refColumns: foreignColumns,
          localName: optString(v, "local_name"),
          foreignName: optString(v, "foreign_name"),
        });
      }
    }
  }
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const selectable = (t: TableModel, cols: string[]) => cols.every((c) => t.columns.some((m) => m.col.name === c));
  const inflectOf = (t: TableModel) => config(t.rel.schema).inflect;
  const forward: Array<[TableModel, RelationModel]> = [];
  const reverse: Array<[TableModel, RelationModel]> = [];
  for (const fk of fks) {
    if (!selectable(fk.from, fk.columns) || !selectable(fk.to, fk.refColumns)) continue;
    let forwardName = fk.foreignName;
    if (!forwardName) {
      const col = fk.columns.length === 1 ? fk.columns[0] : "";
      const stripped = col.endsWith("_id") ? col.slice(0, -3) : col.endsWith("Id") ? col.slice(0, -2) : "";
      forwardName = stripped ? (inflectOf(fk.from) ? lcFirst(pascal(stripped)) : stripped) : lcFirst(fk.to.typeName);
    }
    const nonNull =
      fk.columns.some((c) => fk.from.columns.find((m) => m.col.name === c)?.nonNull) && !fk.to.rel.rlsEnabled;
    forward.push([
      fk.from,
      {
        field: lcFirst(forwardName),
        cardinality: "one",
        target: fk.to,
        localColumns: fk.columns,
        targetColumns: fk.refColumns,
        nonNull,
      },
    ]);
    const unique =
      fk.from.rel.uniqueKeys.some((k) => sameSet(k, fk.columns)) ||
      sameSet(
        fk.from.pk.map((c) => c.col.name),
        fk.columns,
      );
    const reverseName = fk.localName ?? (unique ? lcFirst(fk.from.typeName) : `${lcFirst(fk.from.typeName)}Collection`);
    reverse.push([
      fk.to,
      {
        field: reverseName,
        cardinality: unique ? "one" : "many",
        target: fk.from,
        localColumns: fk.refColumns,
        targetColumns: fk.columns,
        nonNull: false,
      },
    ]);
  }
  for (const [t, r] of [...forward, ...reverse]) t.fields.set(r.field, { kind: "relation", relation: r });

  for (const fn of catalog.functions) {
    const t = byOid.get(fn.argRelOid);
    if (!t || !fn.canExecute) continue;
    const d = directive(fn.comment);
    const base = fn.name.startsWith("_") ? fn.name.slice(1) : fn.name;
    const field = lcFirst(optString(d, "name") ?? (inflectOf(t) ? pascal(base) : base));
    const description = optString(d, "description") ?? null;
    if (!GRAPHQL_NAME.test(field)) continue;
    let computed: ComputedModel;
    if (fn.returnRelOid !== null) {
      const target = byOid.get(fn.returnRelOid);
      if (!target) continue;
      const many = fn.returnsSet && fn.rows !== 1;
      computed = { field, description, fn, type: null, target, cardinality: many ? "many" : "one" };
    } else {
      if (fn.returnsSet || fn.returnTypeKind === "p") continue;
      const type = returnValueType(fn);
      if (!type) continue;
      computed = { field, description, fn, type, target: null, cardinality: "scalar" };
    }
    t.fields.set(field, { kind: "computed", computed });
  }

  const queryFields = new Map<string, { kind: "collection" | "byPk"; table: TableModel }>();
  const mutationFields = new Map<string, { kind: "insert" | "update" | "delete"; table: TableModel }>();
  for (const t of tables) {
    queryFields.set(t.collectionField, { kind: "collection", table: t });
    if (t.pk.length > 0 && t.pk.every((c) => BY_PK_TYPES.has(c.col.sqlType)))
      queryFields.set(`${lcFirst(t.typeName)}ByPk`, { kind: "byPk", table: t });
    if (t.insertField) mutationFields.set(t.insertField, { kind: "insert", table: t });
    if (t.updateField) mutationFields.set(t.updateField, { kind: "update", table: t });
    if (t.deleteField) mutationFields.set(t.deleteField, { kind: "delete", table: t });
  }
  const queryFunctions = new Map<string, RootFunctionModel>();
  const mutationFunctions = new Map<string, RootFunctionModel>();
  for (const fn of catalog.rootFunctions) {
    if (!fn.canExecute || !visibleSchemas.has(fn.schema)) continue;
    const d = directive(fn.comment);
    const inflect = config(fn.schema).inflect;
    const base = fn.name.startsWith("_") ? fn.name.slice(1) : fn.name;
    const field = lcFirst(optString(d, "name") ?? (inflect ? pascal(base) : base));
    if (!GRAPHQL_NAME.test(field)) continue;
    const args: RootFunctionModel["args"] = [];
    for (const arg of fn.args) {
      const type = valueType(arg);
      const argField = inflect ? lcFirst(pascal(arg.name)) : arg.name;
      if (!type || !GRAPHQL_NAME.test(argField)) break;
      args.push({ field: argField, arg, type });
    }
    if (args.length !== fn.args.length) continue;
    let model: RootFunctionModel;
    const description = optString(d, "description") ?? null;
    if (fn.returnRelOid !== null) {
      const target = byOid.get(fn.returnRelOid);
      if (!target) continue;
      const many = fn.returnsSet && fn.rows !== 1;
      model = { field, description, fn, args, type: null, target, cardinality: many ? "many" : "one" };
    } else {
      if (fn.returnsSet || fn.returnTypeKind === "p" || fn.returnTypeKind === "e") continue;
      const type = returnValueType(fn);
      if (!type) continue;
      model = { field, description, fn, args, type, target: null, cardinality: "scalar" };
    }
    // A function whose name an entry already takes is dropped.
    if (fn.volatility === "v") {
      if (!mutationFields.has(field)) mutationFunctions.set(field, model);
    } else if (!queryFields.has(field) && field !== "node") queryFunctions.set(field, model);
  }
  const introspection = visibleSchemas.size === 0 || [...visibleSchemas].some((s) => config(s).introspection);
  return {
    tables,
    enums: [...enums.values()],
    byTypeName: new Map(tables.map((t) => [t.typeName, t])),
    bySqlName,
    queryFields,
    mutationFields,
    queryFunctions,
    mutationFunctions,
    introspection,
    hiddenSchemas: new Set([...visibleSchemas].filter((s) => !config(s).introspection)),
  };
}

export type { CatalogColumn, CatalogEnum, CatalogRelation };
