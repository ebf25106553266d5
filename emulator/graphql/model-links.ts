/**
 * The API model's links between tables and its entry points: relations from
 * foreign keys (real ones and the `foreign_keys` directive), computed fields
 * from functions of a table's row, and the Query and Mutation fields, both
 * the tables' and the functions'.
 */
import type { CatalogFunction, CatalogRootFunction } from "../catalog";
import { describe, directive, directiveError, optString, optStringList } from "./directives";
import {
  GRAPHQL_NAME,
  lcFirst,
  pascal,
  type ApiModel,
  type ComputedModel,
  type RelationModel,
  type RootFunctionModel,
  type TableModel,
  type ValueType,
} from "./model";

/** What building the model knows once the tables are reflected. */
export interface Reflection {
  config: (schema: string) => { inflect: boolean; maxRows: number; introspection: boolean };
  visibleSchemas: Set<string>;
  valueType: (c: {
    typeOid: number;
    elemTypeOid: number | null;
    typeKind: string;
    sqlType: string;
  }) => ValueType | null;
  byOid: Map<number, TableModel>;
  bySqlName: Map<string, TableModel>;
}

interface Fk {
  from: TableModel;
  to: TableModel;
  columns: string[];
  refColumns: string[];
  localName?: string;
  foreignName?: string;
}

/** The `foreign_keys` directive of a table (views have no real foreign keys). */
function virtualForeignKeys(r: Reflection, t: TableModel): Fk[] {
  const virtual = directive(t.rel.comment).foreign_keys;
  if (virtual === undefined || virtual === null) return [];
  if (!Array.isArray(virtual)) throw directiveError(`invalid type: ${describe(virtual)}, expected a sequence`);
  const fks: Fk[] = [];
  for (const v of virtual as Array<Record<string, unknown>>) {
    const localColumns = optStringList(v, "local_columns") ?? [];
    const foreignColumns = optStringList(v, "foreign_columns") ?? [];
    const to = r.bySqlName.get(`${optString(v, "foreign_schema") ?? ""}.${optString(v, "foreign_table") ?? ""}`);
    if (!to || localColumns.length === 0 || localColumns.length !== foreignColumns.length) continue;
    if (!localColumns.every((c) => t.rel.columns.some((x) => x.name === c))) continue;
    if (!foreignColumns.every((c) => to.rel.columns.some((x) => x.name === c))) continue;
    const localName = optString(v, "local_name");
    const foreignName = optString(v, "foreign_name");
    fks.push({ from: t, to, columns: localColumns, refColumns: foreignColumns, localName, foreignName });
  }
  return fks;
}

function foreignKeys(r: Reflection, tables: TableModel[]): Fk[] {
  const fks: Fk[] = [];
  for (const t of tables) {
    for (const fk of t.rel.foreignKeys) {
      const to = r.bySqlName.get(`${fk.refSchema}.${fk.refTable}`);
      if (!to) continue;
      const d = directive(fk.comment);
      const localName = optString(d, "local_name");
      const foreignName = optString(d, "foreign_name");
      fks.push({ from: t, to, columns: fk.columns, refColumns: fk.refColumns, localName, foreignName });
    }
    fks.push(...virtualForeignKeys(r, t));
  }
  return fks;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const selectable = (t: TableModel, cols: string[]) => cols.every((c) => t.columns.some((m) => m.col.name === c));

/** The record a foreign key points to, as a field of the referencing table. */
function forwardRelation(r: Reflection, fk: Fk): RelationModel {
  let name = fk.foreignName;
  if (!name) {
    const col = fk.columns.length === 1 ? fk.columns[0] : "";
    const stripped = col.endsWith("_id") ? col.slice(0, -3) : col.endsWith("Id") ? col.slice(0, -2) : "";
    const inflect = r.config(fk.from.rel.schema).inflect;
    name = stripped ? (inflect ? lcFirst(pascal(stripped)) : stripped) : lcFirst(fk.to.typeName);
  }
  const nonNull =
    fk.columns.some((c) => fk.from.columns.find((m) => m.col.name === c)?.nonNull) && !fk.to.rel.rlsEnabled;
  return {
    field: lcFirst(name),
    cardinality: "one",
    target: fk.to,
    localColumns: fk.columns,
    targetColumns: fk.refColumns,
    nonNull,
  };
}

/** The records referencing a row, as a field of the referenced table: one when the key is unique. */
function reverseRelation(fk: Fk): RelationModel {
  const pk = fk.from.pk.map((c) => c.col.name);
  const unique = fk.from.rel.uniqueKeys.some((k) => sameSet(k, fk.columns)) || sameSet(pk, fk.columns);
  const field = fk.localName ?? (unique ? lcFirst(fk.from.typeName) : `${lcFirst(fk.from.typeName)}Collection`);
  return {
    field,
    cardinality: unique ? "one" : "many",
    target: fk.from,
    localColumns: fk.refColumns,
    targetColumns: fk.columns,
    nonNull: false,
  };
}

/** Adds both directions of every usable foreign key: forward relations first, later names replacing earlier ones. */
export function addRelations(r: Reflection, tables: TableModel[]): void {
  const forward: Array<[TableModel, RelationModel]> = [];
  const reverse: Array<[TableModel, RelationModel]> = [];
  for (const fk of foreignKeys(r, tables)) {
    if (!selectable(fk.from, fk.columns) || !selectable(fk.to, fk.refColumns)) continue;
    forward.push([fk.from, forwardRelation(r, fk)]);
    reverse.push([fk.to, reverseRelation(fk)]);
  }
  for (const [t, rel] of [...forward, ...reverse]) t.fields.set(rel.field, { kind: "relation", relation: rel });
}

/** A function's field name: the `name` directive, else its name without a leading `_`, inflected. */
function functionFieldName(fn: { name: string }, d: Record<string, unknown>, inflect: boolean): string {
  const base = fn.name.startsWith("_") ? fn.name.slice(1) : fn.name;
  return lcFirst(optString(d, "name") ?? (inflect ? pascal(base) : base));
}

/** What a function returns: records of a table (one or many), a value, or nothing GraphQL can type. */
function functionResult(
  r: Reflection,
  fn: CatalogFunction | CatalogRootFunction,
  rejectEnum: boolean,
): Pick<ComputedModel, "type" | "target" | "cardinality"> | null {
  if (fn.returnRelOid !== null) {
    const target = r.byOid.get(fn.returnRelOid);
    if (!target) return null;
    return { type: null, target, cardinality: fn.returnsSet && fn.rows !== 1 ? "many" : "one" };
  }
  if (fn.returnsSet || fn.returnTypeKind === "p" || (rejectEnum && fn.returnTypeKind === "e")) return null;
  const type = r.valueType({
    typeOid: fn.returnTypeOid,
    elemTypeOid: fn.returnElemTypeOid,
    typeKind: fn.returnTypeKind,
    sqlType: fn.returnSqlType,
  });
  return type ? { type, target: null, cardinality: "scalar" } : null;
}

/** Functions taking a table's row become fields of that table. */
export function addComputedFields(r: Reflection, functions: CatalogFunction[]): void {
  for (const fn of functions) {
    const t = r.byOid.get(fn.argRelOid);
    if (!t || !fn.canExecute) continue;
    const d = directive(fn.comment);
    const field = functionFieldName(fn, d, r.config(t.rel.schema).inflect);
    const description = optString(d, "description") ?? null;
    if (!GRAPHQL_NAME.test(field)) continue;
    const result = functionResult(r, fn, false);
    if (result) t.fields.set(field, { kind: "computed", computed: { field, description, fn, ...result } });
  }
}

/** Primary-key column types (as `format_type` prints them) that give a table its `<type>ByPk` entry point. */
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

/** The tables' Query and Mutation fields (a length-limited `varchar(n)` key prints with its length: no ByPk). */
export function rootFields(tables: TableModel[]): Pick<ApiModel, "queryFields" | "mutationFields"> {
  const queryFields: ApiModel["queryFields"] = new Map();
  const mutationFields: ApiModel["mutationFields"] = new Map();
  for (const t of tables) {
    queryFields.set(t.collectionField, { kind: "collection", table: t });
    if (t.pk.length > 0 && t.pk.every((c) => BY_PK_TYPES.has(c.col.sqlType)))
      queryFields.set(`${lcFirst(t.typeName)}ByPk`, { kind: "byPk", table: t });
    if (t.insertField) mutationFields.set(t.insertField, { kind: "insert", table: t });
    if (t.updateField) mutationFields.set(t.updateField, { kind: "update", table: t });
    if (t.deleteField) mutationFields.set(t.deleteField, { kind: "delete", table: t });
  }
  return { queryFields, mutationFields };
}

/** A function's arguments as GraphQL arguments, or null when one cannot be typed or named. */
function functionArgs(r: Reflection, fn: CatalogRootFunction, inflect: boolean): RootFunctionModel["args"] | null {
  const args: RootFunctionModel["args"] = [];
  for (const arg of fn.args) {
    const type = r.valueType(arg);
    const field = inflect ? lcFirst(pascal(arg.name)) : arg.name;
    if (!type || !GRAPHQL_NAME.test(field)) return null;
    args.push({ field, arg, type });
  }
  return args;
}

/** Immutable and stable functions become Query fields, volatile ones Mutation fields, unless the name is taken. */
export function rootFunctions(
  r: Reflection,
  functions: CatalogRootFunction[],
  queryFields: ApiModel["queryFields"],
  mutationFields: ApiModel["mutationFields"],
): Pick<ApiModel, "queryFunctions" | "mutationFunctions"> {
  const queryFunctions = new Map<string, RootFunctionModel>();
  const mutationFunctions = new Map<string, RootFunctionModel>();
  for (const fn of functions) {
    if (!fn.canExecute || !r.visibleSchemas.has(fn.schema)) continue;
    const d = directive(fn.comment);
    const inflect = r.config(fn.schema).inflect;
    const field = functionFieldName(fn, d, inflect);
    if (!GRAPHQL_NAME.test(field)) continue;
    const args = functionArgs(r, fn, inflect);
    if (!args) continue;
    const description = optString(d, "description") ?? null;
    const result = functionResult(r, fn, true);
    if (!result) continue;
    const model: RootFunctionModel = { field, description, fn, args, ...result };
    // A function whose name an entry already takes is dropped.
    if (fn.volatility === "v") {
      if (!mutationFields.has(field)) mutationFunctions.set(field, model);
    } else if (!queryFields.has(field) && field !== "node") queryFunctions.set(field, model);
  }
  return { queryFunctions, mutationFunctions };
}
