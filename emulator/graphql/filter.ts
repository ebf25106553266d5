/**
 * `filter` and `orderBy` arguments validated into plan data, with
 * pg_graphql's semantics: absent and empty filters are ignored, a null
 * operand matches nothing, single values are coerced to lists, and operands
 * are coerced to the text bound for them (transpile-filter.ts casts them to
 * the column's type).
 */
import { decodeNodeId } from "./encoding";
import { GqlError } from "./errors";
import type { ColumnModel, TableModel } from "./model";
import type { Condition, FilterPlan, OrderItem } from "./plan";
import { tableType } from "./types";
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

const LIST_OPS: Record<string, "=" | "@>" | "<@" | "&&"> = {
  eq: "=",
  contains: "@>",
  containedBy: "<@",
  overlaps: "&&",
};

const PATTERNS = new Set(["startsWith", "like", "ilike", "regex", "iregex"]);

/** One operator of a column filter with a non-null operand. */
function operatorCondition(col: ColumnModel, op: string, operand: unknown): Condition {
  const base = col.type.base;
  if (col.type.list) {
    const items = nonNullList(operand).map((x) => scalarText(base, x, col.col.maxLength));
    return { kind: "listOp", column: col, op: LIST_OPS[op], items };
  }
  if (op === "in") {
    const items = nonNullList(operand);
    if (items.length === 0) return { kind: "false" };
    return { kind: "in", column: col, items: items.map((x) => scalarText(base, x, col.col.maxLength)) };
  }
  const pattern = PATTERNS.has(op);
  // Comparison operands are values of the column, so a length-limited column limits them; patterns are not.
  const text = scalarText(base, operand, pattern ? null : col.col.maxLength);
  return { kind: "compare", column: col, op: COMPARISON[op], text, cast: pattern ? "text" : col.col.castType };
}

function columnFilter(col: ColumnModel, value: unknown): Condition[] {
  const filterType = col.filterType!;
  if (!isObject(value)) throw new GqlError(`Invalid input for ${filterType} type`);
  const ops = filterOperators(filterType);
  const extra = Object.keys(value).filter((k) => !ops.includes(k));
  if (extra.length) throw extraKeys(filterType, extra);
  const parts: Condition[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (op === "is") {
      if (operand === null) throw new GqlError("Error transpiling Is filter value type");
      const v = enumName(operand);
      if (v !== "NULL" && v !== "NOT_NULL") throw new GqlError("Invalid input for FilterIs type");
      parts.push({ kind: "isNull", column: col, negated: v === "NOT_NULL" });
    } else if (operand === null) parts.push({ kind: "false" });
    else parts.push(operatorCondition(col, op, operand));
  }
  return parts;
}

/** The jsonb text of a nodeId of `table` (its primary key values are elements 2…), checked against the table. */
export function checkNodeId(table: TableModel, nodeIdValue: unknown, foreignMessage: string): string {
  const id = decodeNodeId(nodeIdValue);
  if (id.schema !== table.rel.schema || id.table !== table.rel.name) throw new GqlError(foreignMessage);
  if (id.pkCount !== table.pk.length)
    throw new GqlError(`Primary key column count mismatch. Expected ${table.pk.length}, provided ${id.pkCount}`);
  return id.text;
}

function nodeIdFilter(table: TableModel, v: unknown): Condition[] {
  if (v === null) return [];
  if (!isObject(v)) throw new GqlError("Invalid input for IDFilter type");
  const extraOps = Object.keys(v).filter((k) => k !== "eq");
  if (extraOps.length) throw extraKeys("IDFilter", extraOps);
  if (v.eq === null) return [{ kind: "false" }];
  if (v.eq === undefined) return [];
  return [{ kind: "nodeId", table, text: checkNodeId(table, v.eq, "nodeId belongs to a different collection") }];
}

/** The conditions of a `<Table>Filter` value; none when it filters nothing. */
export function buildFilter(table: TableModel, value: unknown): FilterPlan {
  if (value === undefined || value === null) return [];
  const typeName = tableType.filter(table);
  if (!isObject(value)) throw new GqlError(`Invalid input for ${typeName} type`);
  const byField = new Map(table.columns.filter((c) => c.filterType).map((c) => [c.field, c]));
  const extra = Object.keys(value).filter(
    (k) => !byField.has(k) && k !== "nodeId" && !(k in table.logical && table.logical[k as "and"]),
  );
  if (extra.length) throw extraKeys(typeName, extra);
  const parts: Condition[] = [];
  for (const [key, v] of Object.entries(value)) {
    const col = byField.get(key);
    if (col) {
      if (v !== null) parts.push(...columnFilter(col, v));
    } else if (key === "nodeId") parts.push(...nodeIdFilter(table, v));
    else if (v === null) continue;
    else if (key === "not") {
      const inner = buildFilter(table, v);
      if (inner.length) parts.push({ kind: "not", inner });
    } else {
      // and / or: lists of filters; a single filter is a one-element list.
      const subs = nonNullList(v).map((f) => buildFilter(table, f));
      if (subs.length) parts.push({ kind: "junction", op: key as "and" | "or", subs });
    }
  }
  return parts;
}

const DIRECTIONS: Record<string, { desc: boolean; nullsFirst: boolean }> = {
  AscNullsFirst: { desc: false, nullsFirst: true },
  AscNullsLast: { desc: false, nullsFirst: false },
  DescNullsFirst: { desc: true, nullsFirst: true },
  DescNullsLast: { desc: true, nullsFirst: false },
};

/** The effective order: the user's `orderBy`, then every primary key column ascending (pg_graphql's tiebreaker). */
export function buildOrder(table: TableModel, value: unknown): OrderItem[] {
  const items: OrderItem[] = [];
  const typeName = tableType.orderBy(table);
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
