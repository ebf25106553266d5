/**
 * `filter` and `orderBy` arguments to SQL, with pg_graphql's semantics:
 * absent and empty filters are ignored, a null operand matches nothing,
 * single values are coerced to lists, and operands are bound as text and
 * cast to the column's type.
 */
import { decodeNodeId } from "./encoding";
import { GqlError } from "./errors";
import type { ColumnModel, ScalarName, TableModel } from "./model";
import { castType, elementType, type SqlBuilder } from "./sql";
import { enumName, extraKeys, isObject, nonNullList, scalarText } from "./values";

const ORDERED = ["eq", "gt", "gte", "in", "is", "lt", "lte", "neq"];
const STRING = [...ORDERED, "ilike", "iregex", "like", "regex", "startsWith"].sort();

/** Operators of each filter type, alphabetical as introspection lists them. */
export function filterOperators(filterType: string): string[] {
  if (filterType.endsWith("ListFilter")) return ["containedBy", "contains", "eq", "is", "overlaps"];
  switch (filterType) {
    case "IDFilter":
      return ["eq"];
    case "StringFilter":
      return STRING;
    case "BooleanFilter":
    case "OpaqueFilter":
      return ["eq", "is"];
    case "UUIDFilter":
      // The data API's contract: UUIDs are not ordered and only compare for equality.
      return ["eq", "neq"];
    case "IntFilter":
    case "FloatFilter":
    case "BigIntFilter":
    case "BigFloatFilter":
    case "DateFilter":
    case "TimeFilter":
    case "DatetimeFilter":
      return ORDERED;
    default:
      return ["eq", "in", "is", "neq"]; // enum filters
  }
}

const COMPARISON: Record<string, string> = {
  eq: "=",
  neq: "<>",
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
  like: "like",
  ilike: "ilike",
  regex: "~",
  iregex: "~*",
  startsWith: "^@",
};

/** SQL that turns a JSON array parameter into a typed array: `array(select …)::type[]`. */
function arrayParam(values: string[], arrayType: string, sql: SqlBuilder): string {
  return `array(select jsonb_array_elements_text(${sql.param(JSON.stringify(values), "jsonb")}))::${castType(arrayType)}`;
}

function columnFilter(col: ColumnModel, value: unknown, alias: string, sql: SqlBuilder): string[] {
  const filterType = col.filterType!;
  if (!isObject(value)) throw new GqlError(`Invalid input for ${filterType} type`);
  const ops = filterOperators(filterType);
  const extra = Object.keys(value).filter((k) => !ops.includes(k));
  if (extra.length) throw extraKeys(filterType, extra);
  const target = `${alias}.${quoteCol(col)}`;
  const base = col.type.base;
  const parts: string[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (op === "is") {
      if (operand === null) throw new GqlError("Error transpiling Is filter value type");
      const v = enumName(operand);
      if (v === "NULL") parts.push(`${target} is null`);
      else if (v === "NOT_NULL") parts.push(`${target} is not null`);
      else throw new GqlError("Invalid input for FilterIs type");
      continue;
    }
    if (operand === null) {
      parts.push("false");
      continue;
    }
    if (col.type.list) {
      const items = nonNullList(operand).map((x) => scalarText(base, x, col.col.maxLength));
      const arr = arrayParam(items, col.col.castType, sql);
      const sqlOp = { eq: "=", contains: "@>", containedBy: "<@", overlaps: "&&" }[op]!;
      parts.push(`${target} ${sqlOp} ${arr}`);
      continue;
    }
    if (op === "in") {
      const items = nonNullList(operand);
      if (items.length === 0) {
        parts.push("false");
        continue;
      }
      parts.push(
        `${target} = any(${arrayParam(
          items.map((x) => scalarText(base, x, col.col.maxLength)),
          `${col.col.castType}[]`,
          sql,
        )})`,
      );
      continue;
    }
    const pattern = op === "startsWith" || op === "like" || op === "ilike" || op === "regex" || op === "iregex";
    // Comparison operands are values of the column, so a length-limited column limits them; patterns are not.
    const text = scalarText(base, operand, pattern ? null : col.col.maxLength);
    const cast = pattern ? "text" : col.col.castType;
    const lhs = cast === "text" ? `${target}::text` : target;
    parts.push(`${lhs} ${COMPARISON[op]} ${sql.param(text, cast)}`);
  }
  return parts;
}

export function quoteCol(col: ColumnModel): string {
  return `"${col.col.name.replace(/"/g, '""')}"`;
}

/** Primary key equality against the elements 2… of a nodeId's JSON array. */
export function nodeIdCondition(
  table: TableModel,
  nodeIdValue: unknown,
  alias: string,
  sql: SqlBuilder,
  foreignMessage: string,
): string {
  const id = decodeNodeId(nodeIdValue);
  if (id.schema !== table.rel.schema || id.table !== table.rel.name) throw new GqlError(foreignMessage);
  if (id.pkCount !== table.pk.length)
    throw new GqlError(`Primary key column count mismatch. Expected ${table.pk.length}, provided ${id.pkCount}`);
  const p = sql.param(id.text, "jsonb");
  return table.pk
    .map((c, i) => `${alias}.${quoteCol(c)} = (${p} ->> ${i + 2})::${castType(c.col.castType)}`)
    .join(" and ");
}

/** The SQL condition of a `<Table>Filter` value, or null when it filters nothing. */
export function compileFilter(table: TableModel, value: unknown, alias: string, sql: SqlBuilder): string | null {
  if (value === undefined || value === null) return null;
  const typeName = `${table.typeName}Filter`;
  if (!isObject(value)) throw new GqlError(`Invalid input for ${typeName} type`);
  const byField = new Map(table.columns.filter((c) => c.filterType).map((c) => [c.field, c]));
  const extra = Object.keys(value).filter(
    (k) => !byField.has(k) && k !== "nodeId" && !(k in table.logical && table.logical[k as "and"]),
  );
  if (extra.length) throw extraKeys(typeName, extra);
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const col = byField.get(key);
    if (col) {
      if (v !== null) parts.push(...columnFilter(col, v, alias, sql));
      continue;
    }
    if (key === "nodeId") {
      if (v === null) continue;
      if (!isObject(v)) throw new GqlError("Invalid input for IDFilter type");
      const extraOps = Object.keys(v).filter((k) => k !== "eq");
      if (extraOps.length) throw extraKeys("IDFilter", extraOps);
      if (v.eq === null) parts.push("false");
      else if (v.eq !== undefined)
        parts.push(nodeIdCondition(table, v.eq, alias, sql, "nodeId belongs to a different collection"));
      continue;
    }
    if (v === null) continue;
    if (key === "not") {
      const inner = compileFilter(table, v, alias, sql);
      if (inner) parts.push(`not (${inner})`);
      continue;
    }
    // and / or: lists of filters; a single filter is a one-element list.
    const subs = nonNullList(v).map((f) => compileFilter(table, f, alias, sql) ?? "true");
    if (subs.length === 0) continue;
    parts.push(`(${subs.join(key === "and" ? " and " : " or ")})`);
  }
  return parts.length ? parts.map((p) => `(${p})`).join(" and ") : null;
}

export interface OrderItem {
  col: ColumnModel;
  desc: boolean;
  nullsFirst: boolean;
}

const DIRECTIONS: Record<string, { desc: boolean; nullsFirst: boolean }> = {
  AscNullsFirst: { desc: false, nullsFirst: true },
  AscNullsLast: { desc: false, nullsFirst: false },
  DescNullsFirst: { desc: true, nullsFirst: true },
  DescNullsLast: { desc: true, nullsFirst: false },
};

/** The effective order: the user's `orderBy`, then every primary key column ascending (pg_graphql's tiebreaker). */
export function compileOrder(table: TableModel, value: unknown): OrderItem[] {
  const items: OrderItem[] = [];
  const typeName = `${table.typeName}OrderBy`;
  if (value !== undefined && value !== null) {
    const byField = new Map(table.columns.filter((c) => c.orderable).map((c) => [c.field, c]));
    for (const element of nonNullList(value)) {
      if (!isObject(element)) throw new GqlError(`Invalid input for ${typeName} type`);
      const extra = Object.keys(element).filter((k) => !byField.has(k));
      if (extra.length) throw extraKeys(typeName, extra);
      const pairs = Object.entries(element).filter(([, d]) => d !== null);
      // The data API's contract: an element with several column-to-direction pairs is invalid.
      if (pairs.length > 1)
        throw new GqlError(
          `Invalid input for ${typeName} type. Each element must contain exactly one column-to-direction pair`,
        );
      for (const [field, direction] of pairs) {
        const d = DIRECTIONS[enumName(direction) ?? ""];
        if (!d) throw new GqlError("Invalid input for OrderByDirection type");
        items.push({ col: byField.get(field)!, ...d });
      }
    }
  }
  for (const c of table.pk) items.push({ col: c, desc: false, nullsFirst: false });
  return items;
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

export type { ScalarName };
export { elementType };
