/**
 * The GraphQL types of an API model as data: the type names derived from a
 * table, and the fields and arguments every table's connection, edge, page
 * info and mutation payload have. The builder validates documents against
 * these, and introspection (schema.ts) renders the same ones, so what a
 * document may select and what introspection shows come from one place.
 *
 * A field's type is written as in the schema language (`Int!`,
 * `[Cursor!]`), naming built-in scalars, the API's own scalars, or a type
 * of the table at hand through a placeholder (`$Filter` is the table's
 * `<Type>Filter`).
 */
import type { TableModel } from "./model";

/** A field or an argument: its type in the schema language, and its description. */
export interface Spec {
  type: string;
  description?: string;
  defaultValue?: unknown;
}

export type MutationKind = "insert" | "update" | "delete";

/** The names of a table's types; placeholders `$<suffix>` in types expand to them. */
export const tableType = {
  connection: (t: TableModel) => `${t.typeName}Connection`,
  edge: (t: TableModel) => `${t.typeName}Edge`,
  filter: (t: TableModel) => `${t.typeName}Filter`,
  orderBy: (t: TableModel) => `${t.typeName}OrderBy`,
  insertInput: (t: TableModel) => `${t.typeName}InsertInput`,
  updateInput: (t: TableModel) => `${t.typeName}UpdateInput`,
  response: (t: TableModel, kind: MutationKind) =>
    `${t.typeName}${kind === "insert" ? "Insert" : kind === "update" ? "Update" : "Delete"}Response`,
};

/** A type written with `$` placeholders, for `table`: `[$OrderBy!]` → `[AccountOrderBy!]`. */
export const forTable = (type: string, t: TableModel) => type.replace(/\$/g, t.typeName);

/** The arguments of every connection field, in introspection's order. */
export const CONNECTION_ARGS: Record<string, Spec> = {
  first: { type: "Int", description: "Query the first `n` records in the collection" },
  last: { type: "Int", description: "Query the last `n` records in the collection" },
  before: { type: "Cursor", description: "Query values in the collection before the provided cursor" },
  after: { type: "Cursor", description: "Query values in the collection after the provided cursor" },
  offset: {
    type: "Int",
    description:
      "Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.",
  },
  filter: { type: "$Filter", description: "Filters to apply to the results set when querying from the collection" },
  orderBy: { type: "[$OrderBy!]", description: "Sort order to apply to the collection" },
};

/** The fields of `<Type>Connection`: `totalCount` and `aggregate` only where their directive enables them. */
export function connectionFields(t: TableModel): Record<string, Spec> {
  return {
    edges: { type: "[$Edge!]!" },
    pageInfo: { type: "PageInfo!" },
    ...(t.totalCount
      ? { totalCount: { type: "Int!", description: "The total number of records matching the `filter` criteria" } }
      : {}),
    ...(t.aggregate
      ? { aggregate: { type: "$Aggregate", description: "Aggregate functions over the records matching the `filter`" } }
      : {}),
  };
}

export const EDGE_FIELDS: Record<string, Spec> = { cursor: { type: "String!" }, node: { type: "$!" } };

export const PAGE_INFO_FIELDS: Record<string, Spec> = {
  endCursor: { type: "String" },
  hasNextPage: { type: "Boolean!" },
  hasPreviousPage: { type: "Boolean!" },
  startCursor: { type: "String" },
};

export const PAYLOAD_FIELDS: Record<string, Spec> = {
  affectedCount: { type: "Int!", description: "Count of the records impacted by the mutation" },
  records: { type: "[$!]!", description: "Array of records impacted by the mutation" },
};

const FILTER_ARG: Spec = {
  type: "$Filter",
  description: "Restricts the mutation's impact to records matching the criteria",
};
const AT_MOST_ARG: Spec = {
  type: "Int!",
  defaultValue: 1,
  description: "The maximum number of records in the collection permitted to be affected",
};

/** Each mutation field's arguments and result type. */
export const MUTATIONS: Record<MutationKind, { type: string; args: Record<string, Spec> }> = {
  insert: { type: "$InsertResponse", args: { objects: { type: "[$InsertInput!]!" } } },
  update: {
    type: "$UpdateResponse!",
    args: { set: { type: "$UpdateInput!" }, filter: FILTER_ARG, atMost: AT_MOST_ARG },
  },
  delete: { type: "$DeleteResponse!", args: { filter: FILTER_ARG, atMost: AT_MOST_ARG } },
};

export const NODE_ARGS: Record<string, Spec> = { nodeId: { type: "ID!", description: "The record's `ID`" } };

/** Whether `name` is one of the fields (or arguments) in `specs`. */
export const hasField = (specs: Record<string, Spec>, name: string) =>
  Object.prototype.hasOwnProperty.call(specs, name);
