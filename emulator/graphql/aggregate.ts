/**
 * A connection's `aggregate` field (enabled per table by the `aggregate`
 * directive): `count` of every row matching the filter, and per-column
 * `sum`/`avg` over numeric columns and `min`/`max` over numeric, string and
 * date/time columns. Like `totalCount` it ignores pagination. Here: its
 * types (shared by introspection) and its builder; the transpiler emits
 * `sum` and `avg` without text casts (JSON numbers) and keeps the column's
 * own output form for `min` and `max`.
 */
import type { FieldNode, FragmentDefinitionNode } from "graphql";
import { GqlError } from "./errors";
import type { ColumnModel, ScalarName, TableModel } from "./model";
import type { AggregateColumnField, AggregateOp, AggregatePlan } from "./plan";
import { collectFields, fieldArgs, requireSelection, responseKey } from "./selection";
import type { Variables } from "./values";

export type { AggregateOp };
export const AGGREGATE_OPS: AggregateOp[] = ["sum", "avg", "min", "max"];

const NUMERIC = new Set<ScalarName>(["Int", "BigInt", "Float", "BigFloat"]);
const ORDERED = new Set<ScalarName>([...NUMERIC, "String", "Date", "Time", "Datetime"]);

const scalarBase = (c: ColumnModel): ScalarName | null =>
  !c.type.list && typeof c.type.base === "string" ? c.type.base : null;

/** The columns an aggregate function applies to, in column order. */
export function aggregateColumns(table: TableModel, op: AggregateOp): ColumnModel[] {
  const allowed = op === "sum" || op === "avg" ? NUMERIC : ORDERED;
  return table.columns.filter((c) => {
    const base = scalarBase(c);
    return base !== null && allowed.has(base);
  });
}

/** The result type of `op` over a column: sums of integers are BigInt, other sums and averages BigFloat. */
export function aggregateResultType(c: ColumnModel, op: AggregateOp): ScalarName {
  const base = scalarBase(c)!;
  if (op === "avg") return "BigFloat";
  if (op === "sum") return base === "Int" || base === "BigInt" ? "BigInt" : "BigFloat";
  return base;
}

/** Type names: `<Type>Aggregate` and `<Type>SumAggregateResult` etc. */
export const aggregateTypeName = (table: TableModel, op?: AggregateOp) =>
  op ? `${table.typeName}${op[0].toUpperCase()}${op.slice(1)}AggregateResult` : `${table.typeName}Aggregate`;

/** The `aggregate` field of a connection of `table`, validated into its plan. */
export function buildAggregate(
  table: TableModel,
  field: FieldNode,
  ctx: { vars: Variables; fragments: Map<string, FragmentDefinitionNode> },
): AggregatePlan {
  if (!table.aggregate) throw new GqlError("enable the aggregate directive to use aggregates");
  fieldArgs(field, [], ctx.vars);
  const typeName = aggregateTypeName(table);
  const fields = collectFields(requireSelection(field), [typeName], ctx).map((f): AggregatePlan["fields"][number] => {
    const name = f.name.value;
    const key = responseKey(f);
    if (name === "__typename") return { key, kind: "typename", typeName };
    if (name === "count") return { key, kind: "count" };
    const op = name as AggregateOp;
    const columns = AGGREGATE_OPS.includes(op) ? aggregateColumns(table, op) : [];
    if (columns.length === 0) throw new GqlError(`unknown field in aggregate`);
    return { key, kind: "op", op, fields: buildColumns(table, op, columns, f, ctx) };
  });
  return { fields };
}

function buildColumns(
  table: TableModel,
  op: AggregateOp,
  columns: ColumnModel[],
  field: FieldNode,
  ctx: { vars: Variables; fragments: Map<string, FragmentDefinitionNode> },
): AggregateColumnField[] {
  fieldArgs(field, [], ctx.vars);
  const typeName = aggregateTypeName(table, op);
  const byField = new Map(columns.map((c) => [c.field, c]));
  return collectFields(requireSelection(field), [typeName], ctx).map((f): AggregateColumnField => {
    const key = responseKey(f);
    if (f.name.value === "__typename") return { key, kind: "typename", typeName };
    const column = byField.get(f.name.value);
    if (!column) throw new GqlError(`unknown field in aggregate`);
    return { key, kind: "column", column };
  });
}
