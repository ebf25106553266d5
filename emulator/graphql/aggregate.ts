/**
 * A connection's `aggregate` field (enabled per table by the `aggregate`
 * directive): `count` of every row matching the filter, and per-column
 * `sum`/`avg` over numeric columns and `min`/`max` over numeric, string and
 * date/time columns. Like `totalCount` it ignores pagination. `sum` and
 * `avg` are emitted without text casts (JSON numbers); `min` and `max` keep
 * the column's own output form.
 */
import type { FieldNode, FragmentDefinitionNode } from "graphql";
import { GqlError } from "./errors";
import { quoteCol } from "./filter";
import type { ColumnModel, ScalarName, TableModel, ValueType } from "./model";
import { collectFields, fieldArgs, requireSelection, responseKey } from "./selection";
import { jsonObject, type SqlBuilder } from "./sql";
import type { Variables } from "./values";

export type AggregateOp = "sum" | "avg" | "min" | "max";
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

export interface AggregateContext {
  vars: Variables;
  fragments: Map<string, FragmentDefinitionNode>;
  sql: SqlBuilder;
  /** The jsonb output form of a value of a column's type. */
  output: (type: ValueType, expr: string) => string;
}

/**
 * A scalar subquery with the `aggregate` object over `from` (aliased `a`)
 * restricted by `where` (the parent join and the filter, never the page).
 */
export function aggregateSql(
  table: TableModel,
  field: FieldNode,
  a: string,
  fromWhere: string,
  ctx: AggregateContext,
): string {
  if (!table.aggregate) throw new GqlError("enable the aggregate directive to use aggregates");
  fieldArgs(field, [], ctx.vars);
  const typeName = aggregateTypeName(table);
  const pairs: Array<[string, string]> = [];
  for (const f of collectFields(requireSelection(field), [typeName], ctx)) {
    const name = f.name.value;
    if (name === "__typename") pairs.push([responseKey(f), `to_jsonb(${ctx.sql.param(typeName, "text")})`]);
    else if (name === "count") pairs.push([responseKey(f), "to_jsonb(count(*)::int)"]);
    else if ((AGGREGATE_OPS as string[]).includes(name)) {
      const op = name as AggregateOp;
      const columns = aggregateColumns(table, op);
      if (columns.length === 0) throw new GqlError(`unknown field in aggregate`);
      pairs.push([responseKey(f), columnsSql(table, op, columns, f, a, ctx)]);
    } else throw new GqlError(`unknown field in aggregate`);
  }
  return `(select ${jsonObject(pairs, ctx.sql)} from ${fromWhere})`;
}

function columnsSql(
  table: TableModel,
  op: AggregateOp,
  columns: ColumnModel[],
  field: FieldNode,
  a: string,
  ctx: AggregateContext,
): string {
  fieldArgs(field, [], ctx.vars);
  const typeName = aggregateTypeName(table, op);
  const byField = new Map(columns.map((c) => [c.field, c]));
  const pairs: Array<[string, string]> = [];
  for (const f of collectFields(requireSelection(field), [typeName], ctx)) {
    if (f.name.value === "__typename") {
      pairs.push([responseKey(f), `to_jsonb(${ctx.sql.param(typeName, "text")})`]);
      continue;
    }
    const c = byField.get(f.name.value);
    if (!c) throw new GqlError(`unknown field in aggregate`);
    const expr = `${op}(${a}.${quoteCol(c)})`;
    pairs.push([responseKey(f), op === "sum" || op === "avg" ? `to_jsonb(${expr})` : ctx.output(c.type, expr)]);
  }
  return jsonObject(pairs, ctx.sql);
}
