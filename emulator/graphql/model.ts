/**
 * The reflected API of one role: pg_graphql's naming, typing and visibility
 * rules applied to the catalog (model-build.ts and model-links.ts build it).
 * The builder validates documents against this model and introspection
 * renders it, with the type descriptions of types.ts, so the two cannot
 * disagree.
 */
import type {
  CatalogArgument,
  CatalogColumn,
  CatalogEnum,
  CatalogFunction,
  CatalogRelation,
  CatalogRootFunction,
} from "../catalog";

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

export const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
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

export type { CatalogColumn, CatalogEnum, CatalogRelation };
