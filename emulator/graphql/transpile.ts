/**
 * The transpiler: a plan (plan.ts) to one SQL statement, in pg_graphql's
 * model. Nested records, connections, page info and counts are
 * JSON-building subqueries inside it; mutations are a data-modifying CTE plus
 * a SELECT that builds the payload from its RETURNING rows (so nested data
 * reads the pre-statement snapshot, as in pg_graphql). Nothing here
 * validates: the builder already refused what pg_graphql refuses.
 */
import { base64JsonSql } from "./encoding";
import type { TableModel, ValueType } from "./model";
import type {
  AggregatePlan,
  BoundValue,
  ConnectionPlan,
  EdgeField,
  ObjectPlan,
  PageInfoField,
  PayloadPlan,
  RecordPlan,
  Source,
  StatementPlan,
} from "./plan";
import { ident, jsonObject, qualified, SqlBuilder } from "./sql";
import {
  afterCursorSql,
  arrayParam,
  cursorValuesSql,
  filterSql,
  nodeIdMatchSql,
  orderSql,
  quoteCol,
} from "./transpile-filter";

export interface Statement {
  sql: string;
  params: unknown[];
  /** For update/delete: the row limit checked against the statement's `n` column. */
  atMost?: number;
  operation?: "update" | "delete";
}

/** SQL producing the json output form of a value: 64-bit and arbitrary-precision numbers and JSON as strings. */
export function outputSql(type: ValueType, expr: string, sql: SqlBuilder): string {
  const base = type.base;
  if (typeof base === "string") {
    if (base === "BigInt" || base === "BigFloat" || base === "JSON")
      return `to_json((${expr})::text${type.list ? "[]" : ""})`;
    return `to_json(${expr})`;
  }
  if (base.values.every((v) => v.gql === v.sql)) return `to_json(${expr})`;
  // Remapped enum values (the `mappings` directive).
  const cases = base.values.map((v) => `when ${sql.param(v.sql, "text")} then ${sql.param(v.gql, "text")}`).join(" ");
  if (type.list) return `(select json_agg(case e::text ${cases} end) from unnest(${expr}) e)`;
  return `to_json(case (${expr})::text ${cases} end)`;
}

/**
 * A value as an argument of `json_build_object`, which converts it exactly
 * as `to_json` does: the plain conversion is left to it instead of being
 * made first and then copied.
 */
export function memberSql(type: ValueType, expr: string, sql: SqlBuilder): string {
  const out = outputSql(type, expr, sql);
  return out === `to_json(${expr})` ? expr : out;
}

export function nodeIdSql(table: TableModel, alias: string, sql: SqlBuilder): string {
  const parts = [
    sql.param(table.rel.schema, "text"),
    sql.param(table.rel.name, "text"),
    ...table.pk.map((c) => `to_jsonb(${alias}.${quoteCol(c)})`),
  ];
  return base64JsonSql(`jsonb_build_array(${parts.join(", ")})`);
}

/**
 * The row's columns for inner selects and RETURNING: `a.*` when the role may
 * read every column (keeps the whole-row value usable by computed fields),
 * else only the readable ones (selecting others is a permission error).
 */
export function rowColumns(table: TableModel, a: string): string {
  if (table.rel.columns.every((c) => c.canSelect)) return `${a}.*`;
  return table.rel.columns
    .filter((c) => c.canSelect)
    .map((c) => `${a}.${ident(c.name)}`)
    .join(", ");
}

/** `__typename` as a member of a json object (a text value needs no `to_json` there). */
export const typenameSql = (name: string, sql: SqlBuilder) => sql.param(name, "text");

/** A bound input value as SQL: a cast parameter, a typed array, or null. */
export function boundSql(v: BoundValue, sql: SqlBuilder): string {
  if (v.kind === "null") return "null";
  if (v.kind === "array") return arrayParam(v.items, v.cast, sql);
  return sql.param(v.text, v.cast);
}

/** The rows of a source as a FROM item aliased `a`, and the join to the parent row (`parent`, `rowRef`). */
function fromSql(
  source: Source,
  table: TableModel,
  a: string,
  parent: { alias: string; rowRef: string },
  sql: SqlBuilder,
) {
  switch (source.kind) {
    case "table":
      return { from: `${qualified(table.rel.schema, table.rel.name)} ${a}`, join: null };
    case "relation": {
      const rel = source.relation;
      const join = rel.targetColumns
        .map((c, i) => `${a}.${ident(c)} = ${parent.alias}.${ident(rel.localColumns[i])}`)
        .join(" and ");
      return { from: `${qualified(table.rel.schema, table.rel.name)} ${a}`, join };
    }
    case "computed":
      return { from: `${qualified(source.fn.schema, source.fn.name)}(${parent.rowRef}) ${a}`, join: null };
    case "call": {
      const passed = source.args.map((x) => `${ident(x.name)} => ${boundSql(x.value, sql)}`);
      return { from: `${qualified(source.fn.schema, source.fn.name)}(${passed.join(", ")}) ${a}`, join: null };
    }
  }
}

const NO_PARENT = { alias: "", rowRef: "" };

/** A json object of the selected fields of the row `alias` (`rowRef`: the row as the table's composite type). */
export function objectSql(plan: ObjectPlan, alias: string, rowRef: string, sql: SqlBuilder): string {
  const table = plan.table;
  const pairs = plan.fields.map((f): [string, string] => {
    switch (f.kind) {
      case "typename":
        return [f.key, typenameSql(f.typeName, sql)];
      case "nodeId":
        return [f.key, nodeIdSql(table, alias, sql)];
      case "column":
        return [f.key, memberSql(f.column.type, `${alias}.${quoteCol(f.column)}`, sql)];
      case "computedScalar": {
        const fn = f.computed.fn;
        return [f.key, memberSql(f.computed.type!, `${qualified(fn.schema, fn.name)}(${rowRef})`, sql)];
      }
      case "record":
        return [f.key, recordSql(f.record, { alias, rowRef }, sql)];
      case "connection":
        return [f.key, connectionSql(f.connection, { alias, rowRef }, sql)];
    }
  });
  return jsonObject(pairs, sql);
}

/** A scalar subquery with the object of the source's first row, or null. */
function recordSql(plan: RecordPlan, parent: { alias: string; rowRef: string }, sql: SqlBuilder): string {
  const a = sql.alias();
  const { from, join } = fromSql(plan.source, plan.object.table, a, parent, sql);
  // A function returning a row type returns an all-null row for "no row".
  const where = join ?? `not (${a} is null)`;
  return `(select ${objectSql(plan.object, a, a, sql)} from ${from} where ${where} limit 1)`;
}

/** A scalar subquery producing a connection's json. */
function connectionSql(plan: ConnectionPlan, parent: { alias: string; rowRef: string }, sql: SqlBuilder): string {
  const { table, order } = plan;
  const a = sql.alias();
  const { from, join } = fromSql(plan.source, table, a, parent, sql);
  const filter = filterSql(plan.filter, a, sql);
  const cursorPred = plan.cursor
    ? afterCursorSql(order.slice(0, plan.cursor.length), sql.param(plan.cursor.text, "jsonb"), a, plan.backward)
    : null;
  const base = [join, filter].filter((x): x is string => x !== null);
  const where = (extra: string[]) => {
    const all = [...base, ...extra];
    return all.length ? ` where ${all.join(" and ")}` : "";
  };
  const inner = `select ${rowColumns(table, a)} from ${from}${where(cursorPred ? [cursorPred] : [])} order by ${orderSql(order, a, plan.backward)} limit ${plan.limit} offset ${plan.skip}`;
  const cursorValues = cursorValuesSql(order, a);
  const p: PageContext = { plan, a, from, where, cursorPred, cursorValues, cursorExpr: base64JsonSql(cursorValues) };
  const pairs = plan.fields.map((f): [string, string] => {
    switch (f.kind) {
      case "typename":
        return [f.key, typenameSql(f.typeName, sql)];
      case "edges":
        return [
          f.key,
          `coalesce(json_agg(${edgeSql(f.fields, plan, a, p.cursorExpr, sql)} order by ${orderSql(order, a)}), '[]'::json)`,
        ];
      case "pageInfo":
        return [f.key, pageInfoSql(f.fields, p, sql)];
      case "aggregate":
        return [f.key, aggregateSql(f.aggregate, a, `${from}${where([])}`, sql)];
      case "totalCount":
        return [f.key, `to_json((select count(*) from ${from}${where([])})::int)`];
    }
  });
  // `group by ()`: exactly one row even when no aggregate is selected (e.g. only totalCount).
  return `(select ${jsonObject(pairs, sql)} from (${inner}) ${a} group by ())`;
}

interface PageContext {
  plan: ConnectionPlan;
  a: string;
  from: string;
  where: (extra: string[]) => string;
  cursorPred: string | null;
  /** The jsonb array of a row's cursor values, and its encoding as the row's cursor. */
  cursorValues: string;
  cursorExpr: string;
}

function edgeSql(fields: EdgeField[], plan: ConnectionPlan, a: string, cursorExpr: string, sql: SqlBuilder): string {
  const pairs = fields.map((f): [string, string] => {
    if (f.kind === "typename") return [f.key, typenameSql(f.typeName, sql)];
    if (f.kind === "cursor") return [f.key, cursorExpr];
    return [f.key, objectSql(f.object, a, a, sql)];
  });
  return jsonObject(pairs, sql);
}

function pageInfoSql(fields: PageInfoField[], p: PageContext, sql: SqlBuilder): string {
  const { plan, a } = p;
  // Rows beyond the page in paging direction, and whether rows precede the cursor.
  const beyond = `exists(select 1 from ${p.from}${p.where(p.cursorPred ? [p.cursorPred] : [])} offset ${plan.skip + plan.limit})`;
  const behind = p.cursorPred ? `exists(select 1 from ${p.from}${p.where([`not ${p.cursorPred}`])})` : "false";
  const forwardPrev = plan.skip > 0 ? "true" : behind;
  const pairs = fields.map((f): [string, string] => {
    switch (f.kind) {
      case "typename":
        return [f.key, typenameSql(f.typeName, sql)];
      case "hasNextPage":
        return [f.key, plan.backward ? `to_json(count(*) > 0 and ${behind})` : `to_json(${beyond})`];
      case "hasPreviousPage":
        return [f.key, plan.backward ? `to_json(${beyond})` : `to_json(count(*) > 0 and ${forwardPrev})`];
      // The first (last) row's values are picked, then encoded: one encoding, not one per row of the page.
      case "startCursor":
        return [f.key, `to_json(${firstEncoded(p.cursorValues, orderSql(plan.order, a))})`];
      case "endCursor":
        return [f.key, `to_json(${firstEncoded(p.cursorValues, orderSql(plan.order, a, true))})`];
    }
  });
  return jsonObject(pairs, sql);
}

/** The cursor of the first row in `order` (null without rows). */
const firstEncoded = (cursorValues: string, order: string) =>
  base64JsonSql(`(array_agg(${cursorValues} order by ${order}))[1]`);

/** A scalar subquery with the `aggregate` object over `fromWhere` (the parent join and the filter, never the page). */
function aggregateSql(plan: AggregatePlan, a: string, fromWhere: string, sql: SqlBuilder): string {
  const pairs = plan.fields.map((f): [string, string] => {
    if (f.kind === "typename") return [f.key, typenameSql(f.typeName, sql)];
    if (f.kind === "count") return [f.key, "to_json(count(*)::int)"];
    const op = f.op;
    const columns = f.fields.map((c): [string, string] => {
      if (c.kind === "typename") return [c.key, typenameSql(c.typeName, sql)];
      const expr = `${op}(${a}.${quoteCol(c.column)})`;
      return [c.key, op === "sum" || op === "avg" ? `to_json(${expr})` : outputSql(c.column.type, expr, sql)];
    });
    return [f.key, jsonObject(columns, sql)];
  });
  // `group by ()`: one row even when only `__typename` is selected (no aggregate call).
  return `(select ${jsonObject(pairs, sql)} from ${fromWhere} group by ())`;
}

/** The payload `{affectedCount, records}` over the CTE `affected`. */
export function payloadSql(plan: PayloadPlan, sql: SqlBuilder): string {
  const table = plan.table;
  const pairs = plan.fields.map((f): [string, string] => {
    if (f.kind === "typename") return [f.key, typenameSql(f.typeName, sql)];
    if (f.kind === "affectedCount") return [f.key, `to_json((select count(*) from affected)::int)`];
    const r = sql.alias();
    // CTE rows are anonymous records; computed fields need the table's row type.
    const rowRef = `(row(${r}.*)::${qualified(table.rel.schema, table.rel.name)})`;
    return [
      f.key,
      `(select coalesce(json_agg(${objectSql(f.object, r, rowRef, sql)}), '[]'::json) from affected ${r})`,
    ];
  });
  return jsonObject(pairs, sql);
}

/** A plan of a top-level field to its one statement. */
export function transpile(plan: StatementPlan): Statement {
  const sql = new SqlBuilder();
  const select = (expr: string): Statement => ({ sql: `select ${expr} as v`, params: sql.params });
  switch (plan.kind) {
    case "collection":
      return select(connectionSql(plan.connection, NO_PARENT, sql));
    case "node":
    case "byPk": {
      const table = plan.table;
      const a = sql.alias();
      const cond =
        plan.kind === "node"
          ? nodeIdMatchSql(table, plan.nodeId, a, sql)
          : plan.keys
              .map((k) => `${a}.${quoteCol(k.column)} = ${sql.param(k.text, k.column.col.castType)}`)
              .join(" and ");
      const obj = objectSql(plan.object, a, a, sql);
      return select(`(select ${obj} from ${qualified(table.rel.schema, table.rel.name)} ${a} where ${cond})`);
    }
    case "function": {
      const r = plan.result;
      if (r.kind === "record") return select(recordSql(r.record, NO_PARENT, sql));
      if (r.kind === "connection") return select(connectionSql(r.connection, NO_PARENT, sql));
      const passed = plan.args.map((x) => `${ident(x.name)} => ${boundSql(x.value, sql)}`);
      return select(outputSql(r.type, `${qualified(plan.fn.schema, plan.fn.name)}(${passed.join(", ")})`, sql));
    }
    default:
      return mutationSql(plan, sql);
  }
}

/** An insert, update or delete as the CTE `affected`, its payload built from the RETURNING rows. */
function mutationSql(
  plan: Extract<StatementPlan, { kind: "insert" | "update" | "delete" }>,
  sql: SqlBuilder,
): Statement {
  const table = plan.table;
  const target = qualified(table.rel.schema, table.rel.name);
  const a = sql.alias();
  let dml: string;
  if (plan.kind === "insert") {
    const rows = plan.rows.map((r) => `(${r.map((v) => (v === "default" ? "default" : boundSql(v, sql))).join(", ")})`);
    dml = `insert into ${target} as ${a} (${plan.columns.map(quoteCol).join(", ")}) values ${rows.join(", ")}`;
  } else {
    const set =
      plan.kind === "update"
        ? ` set ${plan.assignments.map((x) => `${quoteCol(x.column)} = ${boundSql(x.value, sql)}`).join(", ")}`
        : "";
    const filter = filterSql(plan.filter, a, sql);
    dml = `${plan.kind === "update" ? "update" : "delete from"} ${target} as ${a}${set}${filter ? ` where ${filter}` : ""}`;
  }
  const payload = payloadSql(plan.payload, sql);
  return {
    sql: `with affected as (${dml} returning ${rowColumns(table, a)}) select ${payload} as v, (select count(*) from affected)::int as n`,
    params: sql.params,
    ...(plan.kind === "insert" ? {} : { atMost: plan.atMost, operation: plan.kind }),
  };
}
