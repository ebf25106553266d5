/**
 * The plan of one top-level field: what the builder (build.ts) produces
 * once it has validated the document against the API model, and what the
 * transpiler (transpile.ts) turns into one SQL statement. A plan is plain
 * data: names come from the model, input values are already coerced to the
 * text that will be bound, and nothing in it is SQL.
 */
import type { CatalogFunction, CatalogRootFunction } from "../catalog";
import type { ColumnModel, ComputedModel, RelationModel, TableModel, ValueType } from "./model";

export type AggregateOp = "sum" | "avg" | "min" | "max";

/** An input value ready to bind: SQL null, one text cast to `cast`, or a list of texts cast to the array type `cast`. */
export type BoundValue =
  | { kind: "null" }
  | { kind: "scalar"; text: string; cast: string }
  | { kind: "array"; items: Array<string | null>; cast: string };

/** One condition of a filter; a filter is the conjunction of its conditions (none: no filter). */
export type Condition =
  | { kind: "false" }
  | { kind: "isNull"; column: ColumnModel; negated: boolean }
  | { kind: "compare"; column: ColumnModel; op: string; text: string; cast: string }
  | { kind: "listOp"; column: ColumnModel; op: "=" | "@>" | "<@" | "&&"; items: string[] }
  | { kind: "in"; column: ColumnModel; items: string[] }
  | { kind: "nodeId"; table: TableModel; text: string }
  | { kind: "not"; inner: Condition[] }
  | { kind: "junction"; op: "and" | "or"; subs: Condition[][] };

export type FilterPlan = Condition[];

/** One item of the effective order (the user's `orderBy`, then the primary key). */
export interface OrderItem {
  col: ColumnModel;
  desc: boolean;
  nullsFirst: boolean;
}

/** Where a nested record or connection reads its rows from. */
export type Source =
  | { kind: "table" }
  | { kind: "relation"; relation: RelationModel }
  | { kind: "computed"; fn: CatalogFunction }
  | { kind: "call"; fn: CatalogRootFunction; args: CallArg[] };

/** A named argument of a function call; an omitted argument with a default is not passed at all. */
export interface CallArg {
  name: string;
  value: BoundValue;
}

type Keyed<T> = { key: string } & T;
type Typename = { kind: "typename"; typeName: string };

/** The selected fields of one record of `table`. */
export interface ObjectPlan {
  table: TableModel;
  fields: ObjectField[];
}

export type ObjectField = Keyed<ObjectFieldKind>;

/** What a selected field of a record is, whatever its response key. */
export type ObjectFieldKind =
  | Typename
  | { kind: "nodeId" }
  | { kind: "column"; column: ColumnModel }
  | { kind: "computedScalar"; computed: ComputedModel }
  | { kind: "record"; record: RecordPlan }
  | { kind: "connection"; connection: ConnectionPlan };

/** At most one record read from `source`. */
export interface RecordPlan {
  source: Source;
  object: ObjectPlan;
}

export interface ConnectionPlan {
  table: TableModel;
  source: Source;
  order: OrderItem[];
  filter: FilterPlan;
  /** The decoded `before`/`after` cursor: its jsonb text and how many order items it fixes. */
  cursor: { text: string; length: number } | null;
  backward: boolean;
  limit: number;
  skip: number;
  fields: ConnectionField[];
}

export type ConnectionField = Keyed<
  | Typename
  | { kind: "edges"; fields: EdgeField[] }
  | { kind: "pageInfo"; fields: PageInfoField[] }
  | { kind: "aggregate"; aggregate: AggregatePlan }
  | { kind: "totalCount" }
>;

export type EdgeField = Keyed<Typename | { kind: "cursor" } | { kind: "node"; object: ObjectPlan }>;

export type PageInfoField = Keyed<Typename | { kind: "hasNextPage" | "hasPreviousPage" | "startCursor" | "endCursor" }>;

export interface AggregatePlan {
  fields: Array<Keyed<Typename | { kind: "count" } | { kind: "op"; op: AggregateOp; fields: AggregateColumnField[] }>>;
}

export type AggregateColumnField = Keyed<Typename | { kind: "column"; column: ColumnModel }>;

/** The payload of a mutation, over the rows it affected. */
export interface PayloadPlan {
  table: TableModel;
  fields: Array<Keyed<Typename | { kind: "affectedCount" } | { kind: "records"; object: ObjectPlan }>>;
}

/** The result of a Query or Mutation function: a value, one record, or a connection over the call. */
export type FunctionResult =
  | { kind: "scalar"; type: ValueType }
  | { kind: "record"; record: RecordPlan }
  | { kind: "connection"; connection: ConnectionPlan };

/** One top-level field: one statement. */
export type StatementPlan =
  | { kind: "collection"; connection: ConnectionPlan }
  | { kind: "node"; table: TableModel; nodeId: string; object: ObjectPlan }
  | { kind: "byPk"; table: TableModel; keys: Array<{ column: ColumnModel; text: string }>; object: ObjectPlan }
  | { kind: "function"; fn: CatalogRootFunction; args: CallArg[]; result: FunctionResult }
  | {
      kind: "insert";
      table: TableModel;
      columns: ColumnModel[];
      rows: Array<Array<BoundValue | "default">>;
      payload: PayloadPlan;
    }
  | {
      kind: "update";
      table: TableModel;
      assignments: Array<{ column: ColumnModel; value: BoundValue }>;
      filter: FilterPlan;
      atMost: number;
      payload: PayloadPlan;
    }
  | { kind: "delete"; table: TableModel; filter: FilterPlan; atMost: number; payload: PayloadPlan };
