/**
 * Filters, orders and cursors of a plan to SQL. Operands are bind
 * parameters cast to the column's type; identifiers come from the catalog.
 */
import type { ColumnModel, TableModel } from "./model";
import type { Condition, FilterPlan, OrderItem } from "./plan";
import { castType, ident, type SqlBuilder } from "./sql";

export function quoteCol(col: ColumnModel): string {
  return ident(col.col.name);
}

/** SQL that turns a JSON array parameter into a typed array: `array(select …)::type[]`. */
export function arrayParam(values: Array<string | null>, arrayType: string, sql: SqlBuilder): string {
  return `array(select jsonb_array_elements_text(${sql.param(JSON.stringify(values), "jsonb")}))::${castType(arrayType)}`;
}

/** Primary key equality against the elements 2… of a nodeId's JSON array (`text`). */
export function nodeIdMatchSql(table: TableModel, text: string, alias: string, sql: SqlBuilder): string {
  const p = sql.param(text, "jsonb");
  return table.pk
    .map((c, i) => `${alias}.${quoteCol(c)} = (${p} ->> ${i + 2})::${castType(c.col.castType)}`)
    .join(" and ");
}

function conditionSql(c: Condition, alias: string, sql: SqlBuilder): string {
  const target = (col: ColumnModel) => `${alias}.${quoteCol(col)}`;
  switch (c.kind) {
    case "false":
      return "false";
    case "isNull":
      return `${target(c.column)} is ${c.negated ? "not " : ""}null`;
    case "listOp":
      return `${target(c.column)} ${c.op} ${arrayParam(c.items, c.column.col.castType, sql)}`;
    case "in":
      return `${target(c.column)} = any(${arrayParam(c.items, `${c.column.col.castType}[]`, sql)})`;
    case "compare": {
      const lhs = c.cast === "text" ? `${target(c.column)}::text` : target(c.column);
      return `${lhs} ${c.op} ${sql.param(c.text, c.cast)}`;
    }
    case "nodeId":
      return nodeIdMatchSql(c.table, c.text, alias, sql);
    case "not":
      return `not (${filterSql(c.inner, alias, sql)})`;
    case "junction": {
      const subs = c.subs.map((s) => filterSql(s, alias, sql) ?? "true");
      return `(${subs.join(c.op === "and" ? " and " : " or ")})`;
    }
  }
}

/** The SQL condition of a filter, or null when it filters nothing. */
export function filterSql(filter: FilterPlan, alias: string, sql: SqlBuilder): string | null {
  if (filter.length === 0) return null;
  return filter.map((c) => `(${conditionSql(c, alias, sql)})`).join(" and ");
}

export function orderSql(items: OrderItem[], alias: string, reverse = false): string {
  return items
    .map((i) => {
      const desc = i.desc !== reverse;
      const nullsFirst = i.nullsFirst !== reverse;
      return `${alias}.${quoteCol(i.col)} ${desc ? "desc" : "asc"} nulls ${nullsFirst ? "first" : "last"}`;
    })
    .join(", ");
}

/** SQL: the row comes strictly after the cursor position under `items` (never null). */
export function afterCursorSql(items: OrderItem[], cursorParam: string, alias: string, reverse = false): string {
  let pred = "false";
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    const desc = it.desc !== reverse;
    const nullsFirst = it.nullsFirst !== reverse;
    const col = `${alias}.${quoteCol(it.col)}`;
    const v = `(${cursorParam} ->> ${i})::${castType(it.col.col.castType)}`;
    const past = `coalesce(${col} ${desc ? "<" : ">"} ${v}, false)`;
    const nulls = nullsFirst ? `(${col} is not null and ${v} is null)` : `(${col} is null and ${v} is not null)`;
    pred = `(${past} or ${nulls} or (${col} is not distinct from ${v} and ${pred}))`;
  }
  return pred;
}

export function cursorValuesSql(items: OrderItem[], alias: string): string {
  return `jsonb_build_array(${items.map((i) => `to_jsonb(${alias}.${quoteCol(i.col)})`).join(", ")})`;
}
