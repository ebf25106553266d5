/**
 * Building the API model of one role from the catalog: schema settings,
 * enums, value types, and each visible table with its columns and key.
 * Relations, computed fields and the root fields follow in model-links.ts.
 */
import type { Catalog, CatalogRelation } from "../catalog";
import { describe, directive, directiveError, optString, optStringList, optU64 } from "./directives";
import {
  DEFAULT_MAX_ROWS,
  GRAPHQL_NAME,
  lcFirst,
  pascal,
  type ApiModel,
  type ColumnModel,
  type EnumModel,
  type NodeField,
  type ScalarName,
  type TableModel,
  type ValueType,
} from "./model";
import { addComputedFields, addRelations, rootFields, rootFunctions, type Reflection } from "./model-links";

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

export interface SchemaConfig {
  inflect: boolean;
  maxRows: number;
  introspection: boolean;
}

/** Each schema's directive settings, and the schemas the role may use. */
function schemaConfigs(catalog: Catalog) {
  const configs = new Map<string, SchemaConfig>();
  const visibleSchemas = new Set<string>();
  for (const s of catalog.schemas) {
    const d = directive(s.comment);
    configs.set(s.name, {
      inflect: d.inflect_names === true,
      maxRows: optU64(d, "max_rows") ?? DEFAULT_MAX_ROWS,
      introspection: d.introspection !== false,
    });
    if (s.usage) visibleSchemas.add(s.name);
  }
  const config = (schema: string): SchemaConfig =>
    configs.get(schema) ?? { inflect: false, maxRows: DEFAULT_MAX_ROWS, introspection: true };
  return { config, visibleSchemas };
}

/** The enums the role may use, by type oid, with the `name` and `mappings` directives applied. */
function buildEnums(catalog: Catalog, r: Pick<Reflection, "config" | "visibleSchemas">): Map<number, EnumModel> {
  const enums = new Map<number, EnumModel>();
  for (const e of catalog.enums) {
    if (!r.visibleSchemas.has(e.schema) || !e.usage) continue;
    const d = directive(e.comment);
    const mappings = d.mappings ?? {};
    if (typeof mappings !== "object" || mappings === null || Array.isArray(mappings))
      throw directiveError(`invalid type: ${describe(mappings)}, expected a map`);
    for (const v of Object.values(mappings))
      if (typeof v !== "string") throw directiveError(`invalid type: ${describe(v)}, expected a string`);
    enums.set(e.oid, {
      name: optString(d, "name") ?? (r.config(e.schema).inflect ? pascal(e.name) : e.name),
      schema: e.schema,
      sqlName: e.name,
      values: e.labels.map((l) => ({ sql: l, gql: (mappings as Record<string, string>)[l] ?? l })),
    });
  }
  return enums;
}

/** The GraphQL value type of a SQL type (null for a composite type). */
function valueTypeOf(enums: Map<number, EnumModel>) {
  const scalarOf = (oid: number, kind: string, sqlType: string): ScalarName | EnumModel | null => {
    if (kind === "c") return null;
    if (kind === "e") return enums.get(oid) ?? "Opaque";
    if (SCALAR_BY_OID[oid]) return SCALAR_BY_OID[oid];
    if (/^(\w+\.)?citext(\[\])?$/.test(sqlType)) return "String";
    return "Opaque";
  };
  return (c: { typeOid: number; elemTypeOid: number | null; typeKind: string; sqlType: string }): ValueType | null => {
    const list = c.elemTypeOid !== null;
    const base = scalarOf(list ? c.elemTypeOid! : c.typeOid, c.typeKind, c.sqlType);
    return base === null ? null : { base, list };
  };
}

function filterTypeOf(type: ValueType): string | null {
  const base = type.base;
  if (type.list) return typeof base === "string" && LIST_FILTERABLE.has(base) ? `${base}ListFilter` : null;
  if (typeof base === "string") return base !== "JSON" ? `${base}Filter` : null;
  return `${base.name}Filter`;
}

/** The columns of a relation the role can read and GraphQL can name. */
function buildColumns(r: Reflection, rel: CatalogRelation, inflect: boolean): ColumnModel[] {
  const isView = rel.kind !== "r";
  const columns: ColumnModel[] = [];
  for (const col of rel.columns) {
    if (!col.canSelect) continue;
    const type = r.valueType(col);
    if (!type) continue;
    const cd = directive(col.comment);
    const field = optString(cd, "name") ?? (inflect ? lcFirst(pascal(col.name)) : col.name);
    if (!GRAPHQL_NAME.test(field)) continue;
    const sequenced = col.serial || col.generated;
    columns.push({
      field,
      description: optString(cd, "description") ?? null,
      col,
      type,
      nonNull: col.notNull && !isView,
      filterType: filterTypeOf(type),
      orderable: !type.list && type.base !== "JSON",
      insertable: col.canInsert && !sequenced,
      updatable: col.canUpdate && !sequenced,
    });
  }
  return columns;
}

/** The primary key: the real one, else the `primary_key_columns` directive's; null when there is none usable. */
function primaryKey(rel: CatalogRelation, d: Record<string, unknown>, columns: ColumnModel[]): ColumnModel[] | null {
  const byName = new Map(columns.map((c) => [c.col.name, c]));
  let pkNames = rel.primaryKey;
  // The directive's shape is checked even where a real key makes it unused.
  const virtual = optStringList(d, "primary_key_columns");
  if (pkNames.length === 0 && virtual && virtual.every((n) => rel.columns.some((c) => c.name === n))) pkNames = virtual;
  if (pkNames.length === 0 || !pkNames.every((n) => byName.has(n))) return null;
  return pkNames.map((n) => byName.get(n)!);
}

/** A relation's table model, or null when it has no GraphQL type (no readable column, no key, no valid name). */
function buildTable(r: Reflection, rel: CatalogRelation): TableModel | null {
  // Visible when the role can select at least one column (column grants count, not only table grants).
  if (!r.visibleSchemas.has(rel.schema) || rel.kind === "p" || !rel.columns.some((c) => c.canSelect)) return null;
  const cfg = r.config(rel.schema);
  const d = directive(rel.comment);
  const typeName = optString(d, "name") ?? (cfg.inflect ? pascal(rel.name) : rel.name);
  if (!GRAPHQL_NAME.test(typeName)) return null;
  const columns = buildColumns(r, rel, cfg.inflect);
  if (columns.length === 0) return null;
  const pk = primaryKey(rel, d, columns);
  if (!pk) return null;
  const enabled = (key: string) => {
    const v = d[key] as { enabled?: unknown } | undefined;
    return typeof v === "object" && v !== null && v.enabled === true;
  };
  const logical = (name: string) => !columns.some((c) => c.field === name);
  const insertColumns = columns.filter((c) => c.insertable);
  const updateColumns = columns.filter((c) => c.updatable);
  const fields = new Map<string, NodeField>([["nodeId", { kind: "nodeId" }]]);
  for (const c of columns) fields.set(c.field, { kind: "column", column: c });
  return {
    rel,
    typeName,
    collectionField: `${lcFirst(typeName)}Collection`,
    columns,
    pk,
    fields,
    totalCount: enabled("totalCount"),
    aggregate: enabled("aggregate"),
    maxRows: optU64(d, "max_rows") ?? cfg.maxRows,
    description: optString(d, "description") ?? null,
    logical: { and: logical("and"), or: logical("or"), not: logical("not") },
    // Column privileges decide insert/update (has_column_privilege also honours table grants).
    insertField: insertColumns.length > 0 ? `insertInto${typeName}Collection` : null,
    updateField: updateColumns.length > 0 ? `update${typeName}Collection` : null,
    deleteField: rel.canDelete ? `deleteFrom${typeName}Collection` : null,
    insertColumns,
    updateColumns,
  };
}

export function buildModel(catalog: Catalog): ApiModel {
  const { config, visibleSchemas } = schemaConfigs(catalog);
  const enums = buildEnums(catalog, { config, visibleSchemas });
  const r: Reflection = {
    config,
    visibleSchemas,
    valueType: valueTypeOf(enums),
    byOid: new Map(),
    bySqlName: new Map(),
  };
  const tables: TableModel[] = [];
  for (const rel of catalog.relations) {
    const t = buildTable(r, rel);
    if (!t) continue;
    tables.push(t);
    r.byOid.set(rel.oid, t);
  }
  for (const t of tables) r.bySqlName.set(`${t.rel.schema}.${t.rel.name}`, t);
  addRelations(r, tables);
  addComputedFields(r, catalog.functions);
  const { queryFields, mutationFields } = rootFields(tables);
  const { queryFunctions, mutationFunctions } = rootFunctions(r, catalog.rootFunctions, queryFields, mutationFields);
  const introspection = visibleSchemas.size === 0 || [...visibleSchemas].some((s) => config(s).introspection);
  return {
    tables,
    enums: [...enums.values()],
    byTypeName: new Map(tables.map((t) => [t.typeName, t])),
    bySqlName: r.bySqlName,
    queryFields,
    mutationFields,
    queryFunctions,
    mutationFunctions,
    introspection,
    hiddenSchemas: new Set([...visibleSchemas].filter((s) => !config(s).introspection)),
  };
}
