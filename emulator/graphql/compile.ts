/**
 * GraphQL selections to SQL, in pg_graphql's model: each top-level field is
 * one statement; nested records, connections, page info and counts are
 * JSON-building subqueries inside it; mutations are a data-modifying CTE plus
 * a SELECT that builds the payload from its RETURNING rows (so nested data
 * reads the pre-statement snapshot, as in pg_graphql).
 */
import { type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import { aggregateSql } from "./aggregate";
import { base64JsonSql } from "./encoding";
import { GqlError } from "./errors";
import {
  afterCursorSql,
  compileFilter,
  compileOrder,
  cursorValuesSql,
  nodeIdCondition,
  orderSql,
  quoteCol,
  type OrderItem,
} from "./filter";
import type {
  ApiModel,
  ColumnModel,
  ComputedModel,
  RelationModel,
  RootFunctionModel,
  TableModel,
  ValueType,
} from "./model";

const CONNECTION_ARGS = ["first", "last", "before", "after", "offset", "filter", "orderBy"];
import { castType, jsonObject, qualified, SqlBuilder } from "./sql";
import { extraKeys, isObject, nonNullList, scalarText, type Variables } from "./values";
import { collectFields, fieldArgs, requireSelection, responseKey } from "./selection";
import { decodeCursor, decodeNodeId } from "./encoding";

export interface CompileContext {
  model: ApiModel;
  vars: Variables;
  fragments: Map<string, FragmentDefinitionNode>;
}

export interface CompiledStatement {
  sql: string;
  params: unknown[];
  /** For update/delete: the row limit checked against the statement's `n` column. */
  atMost?: number;
  operation?: "update" | "delete";
}

/** SQL producing the jsonb output form of a value: 64-bit and arbitrary-precision numbers and JSON as strings. */
function outputSql(type: ValueType, expr: string, sql: SqlBuilder): string {
  const base = type.base;
  if (typeof base === "string") {
    if (base === "BigInt" || base === "BigFloat" || base === "JSON")
      return `to_jsonb((${expr})::text${type.list ? "[]" : ""})`;
    return `to_jsonb(${expr})`;
  }
  if (base.values.every((v) => v.gql === v.sql)) return `to_jsonb(${expr})`;
  // Remapped enum values (the `mappings` directive).
  const cases = base.values.map((v) => `when ${sql.param(v.sql, "text")} then ${sql.param(v.gql, "text")}`).join(" ");
  if (type.list) return `(select jsonb_agg(case e::text ${cases} end) from unnest(${expr}) e)`;
  return `to_jsonb(case (${expr})::text ${cases} end)`;
}

export function nodeIdSql(table: TableModel, alias: string, sql: SqlBuilder): string {
  const parts = [
    sql.param(table.rel.schema, "text"),
    sql.param(table.rel.name, "text"),
    ...table.pk.map((c) => `to_jsonb(${alias}.${quoteCol(c)})`),
  ];
  return `to_jsonb(${base64JsonSql(`jsonb_build_array(${parts.join(", ")})`)})`;
}

/**
 * The row's columns for inner selects and RETURNING: `a.*` when the role may
 * read every column (keeps the whole-row value usable by computed fields),
 * else only the readable ones (selecting others is a permission error).
 */
function rowColumns(table: TableModel, a: string): string {
  if (table.rel.columns.every((c) => c.canSelect)) return `${a}.*`;
  return table.rel.columns
    .filter((c) => c.canSelect)
    .map((c) => `${a}.${ident(c.name)}`)
    .join(", ");
}

const typename = (name: string, sql: SqlBuilder) => `to_jsonb(${sql.param(name, "text")})`;

export class Compiler {
  readonly sql = new SqlBuilder();

  constructor(private readonly ctx: CompileContext) {}

  /** A jsonb object of the selected node fields of the row `alias` (`rowRef` is the row as the table's composite type). */
  nodeObject(
    table: TableModel,
    alias: string,
    rowRef: string,
    set: SelectionSetNode | undefined,
    unknownField = (name: string) => `Unknown field '${name}' on type '${table.typeName}'`,
  ): string {
    const pairs: Array<[string, string]> = [];
    for (const f of collectFields(set, [table.typeName, "Node"], this.ctx)) {
      const name = f.name.value;
      if (name === "__typename") {
        pairs.push([responseKey(f), typename(table.typeName, this.sql)]);
        continue;
      }
      const nf = table.fields.get(name);
      if (!nf) throw new GqlError(unknownField(name));
      let expr: string;
      switch (nf.kind) {
        case "nodeId":
          expr = nodeIdSql(table, alias, this.sql);
          break;
        case "column":
          expr = outputSql(nf.column.type, `${alias}.${quoteCol(nf.column)}`, this.sql);
          break;
        case "relation":
          expr = this.relation(nf.relation, alias, f);
          break;
        case "computed":
          expr = this.computed(nf.computed, rowRef, f);
          break;
      }
      pairs.push([responseKey(f), expr]);
    }
    return jsonObject(pairs, this.sql);
  }

  private relation(rel: RelationModel, parent: string, field: FieldNode): string {
    const a = this.sql.alias();
    const from = `${qualified(rel.target.rel.schema, rel.target.rel.name)} ${a}`;
    const join = rel.targetColumns
      .map((c, i) => `${a}.${ident(c)} = ${parent}.${ident(rel.localColumns[i])}`)
      .join(" and ");
    if (rel.cardinality === "one") {
      fieldArgs(field, [], this.ctx.vars);
      return `(select ${this.nodeObject(rel.target, a, a, requireSelection(field))} from ${from} where ${join} limit 1)`;
    }
    return this.connection(rel.target, a, from, join, field);
  }

  private computed(c: ComputedModel, rowRef: string, field: FieldNode): string {
    const call = `${qualified(c.fn.schema, c.fn.name)}(${rowRef})`;
    if (c.cardinality === "scalar") {
      fieldArgs(field, [], this.ctx.vars);
      return outputSql(c.type!, call, this.sql);
    }
    const a = this.sql.alias();
    if (c.cardinality === "one") {
      fieldArgs(field, [], this.ctx.vars);
      return `(select ${this.nodeObject(c.target!, a, a, requireSelection(field))} from ${call} ${a} where not (${a} is null) limit 1)`;
    }
    return this.connection(c.target!, a, `${call} ${a}`, null, field);
  }

  /**
   * A connection over `from` (aliased `a`), restricted by `join` to the
   * parent row. Returns a scalar subquery producing the connection's jsonb.
   */
  connection(
    table: TableModel,
    a: string,
    from: string,
    join: string | null,
    field: FieldNode,
    ownArgs: string[] = [],
  ): string {
    const args = fieldArgs(field, [...ownArgs, ...CONNECTION_ARGS], this.ctx.vars);
    const count = (name: "first" | "last" | "offset"): number | null => {
      const v = args[name];
      if (v === undefined || v === null) return null;
      if (typeof v !== "number" || !Number.isInteger(v)) throw new GqlError("Invalid input for Int type");
      if (v < 0) throw new GqlError(`\`${name}\` must be an unsigned integer`);
      return v;
    };
    const first = count("first");
    const last = count("last");
    const offset = count("offset");
    const before = args.before ?? null;
    const after = args.after ?? null;
    if (first !== null && last !== null) throw new GqlError('only one of "first" and "last" may be provided');
    if (before !== null && after !== null) throw new GqlError('only one of "before" and "after" may be provided');
    if (first !== null && before !== null) throw new GqlError('"first" may only be used with "after"');
    if (last !== null && after !== null) throw new GqlError('"last" may only be used with "before"');
    if (offset !== null && (last !== null || before !== null))
      throw new GqlError('"offset" may only be used with "first" and "after"');

    const order = compileOrder(table, args.orderBy);
    const filter = compileFilter(table, args.filter, a, this.sql);
    const backward = last !== null || before !== null;
    const limit = Math.min(first ?? last ?? table.maxRows, table.maxRows);
    const skip = offset ?? 0;
    let cursorPred: string | null = null;
    const cursorValue = backward ? before : after;
    if (cursorValue !== null) {
      const c = decodeCursor(cursorValue);
      if (c.length > order.length) throw new GqlError("orderBy clause incompatible with pagination cursor");
      cursorPred = afterCursorSql(order.slice(0, c.length), this.sql.param(c.text, "jsonb"), a, backward);
    }
    const base = [join, filter].filter((x): x is string => x !== null);
    const where = (extra: string[]) => {
      const all = [...base, ...extra];
      return all.length ? ` where ${all.join(" and ")}` : "";
    };
    const inner = `select ${rowColumns(table, a)} from ${from}${where(cursorPred ? [cursorPred] : [])} order by ${orderSql(order, a, backward)} limit ${limit} offset ${skip}`;
    const cursorExpr = base64JsonSql(cursorValuesSql(order, a));
    const fwd = orderSql(order, a);
    const rev = orderSql(order, a, true);

    const pairs: Array<[string, string]> = [];
    for (const f of collectFields(requireSelection(field), [`${table.typeName}Connection`], this.ctx)) {
      const key = responseKey(f);
      switch (f.name.value) {
        case "__typename":
          pairs.push([key, typename(`${table.typeName}Connection`, this.sql)]);
          break;
        case "edges":
          pairs.push([key, `coalesce(jsonb_agg(${this.edge(table, a, cursorExpr, f)} order by ${fwd}), '[]'::jsonb)`]);
          break;
        case "pageInfo":
          pairs.push([
            key,
            this.pageInfo(f, { a, from, where, cursorPred, cursorExpr, fwd, rev, limit, skip, backward }),
          ]);
          break;
        case "aggregate":
          pairs.push([
            key,
            aggregateSql(table, f, a, `${from}${where([])}`, {
              vars: this.ctx.vars,
              fragments: this.ctx.fragments,
              sql: this.sql,
              output: (type, expr) => outputSql(type, expr, this.sql),
            }),
          ]);
          break;
        case "totalCount":
          if (!table.totalCount) throw new GqlError("unknown field in connection");
          pairs.push([key, `to_jsonb((select count(*) from ${from}${where([])})::int)`]);
          break;
        default:
          throw new GqlError("unknown field in connection");
      }
    }
    // `group by ()`: exactly one row even when no aggregate is selected (e.g. only totalCount).
    return `(select ${jsonObject(pairs, this.sql)} from (${inner}) ${a} group by ())`;
  }

  private edge(table: TableModel, a: string, cursorExpr: string, field: FieldNode): string {
    const pairs: Array<[string, string]> = [];
    for (const f of collectFields(requireSelection(field), [`${table.typeName}Edge`], this.ctx)) {
      const key = responseKey(f);
      if (f.name.value === "__typename") pairs.push([key, typename(`${table.typeName}Edge`, this.sql)]);
      else if (f.name.value === "cursor") pairs.push([key, `to_jsonb(${cursorExpr})`]);
      else if (f.name.value === "node") pairs.push([key, this.nodeObject(table, a, a, requireSelection(f))]);
      else throw new GqlError("unknown field in edge");
    }
    return jsonObject(pairs, this.sql);
  }

  private pageInfo(
    field: FieldNode,
    p: {
      a: string;
      from: string;
      where: (extra: string[]) => string;
      cursorPred: string | null;
      cursorExpr: string;
      fwd: string;
      rev: string;
      limit: number;
      skip: number;
      backward: boolean;
    },
  ): string {
    // Rows beyond the page in paging direction, and whether rows precede the cursor.
    const beyond = `exists(select 1 from ${p.from}${p.where(p.cursorPred ? [p.cursorPred] : [])} offset ${p.skip + p.limit})`;
    const behind = p.cursorPred ? `exists(select 1 from ${p.from}${p.where([`not ${p.cursorPred}`])})` : "false";
    const forwardPrev = p.skip > 0 ? "true" : behind;
    const pairs: Array<[string, string]> = [];
    for (const f of collectFields(requireSelection(field), ["PageInfo"], this.ctx)) {
      const key = responseKey(f);
      switch (f.name.value) {
        case "__typename":
          pairs.push([key, typename("PageInfo", this.sql)]);
          break;
        case "hasNextPage":
          pairs.push([key, p.backward ? `to_jsonb(count(*) > 0 and ${behind})` : `to_jsonb(${beyond})`]);
          break;
        case "hasPreviousPage":
          pairs.push([key, p.backward ? `to_jsonb(${beyond})` : `to_jsonb(count(*) > 0 and ${forwardPrev})`]);
          break;
        case "startCursor":
          pairs.push([key, `to_jsonb((array_agg(${p.cursorExpr} order by ${p.fwd}))[1])`]);
          break;
        case "endCursor":
          pairs.push([key, `to_jsonb((array_agg(${p.cursorExpr} order by ${p.rev}))[1])`]);
          break;
        default:
          throw new GqlError("unknown field in pageInfo");
      }
    }
    return jsonObject(pairs, this.sql);
  }

  /** `<t>Collection(...)`: one statement returning the connection's jsonb. */
  collection(table: TableModel, field: FieldNode): CompiledStatement {
    const a = this.sql.alias();
    const expr = this.connection(table, a, `${qualified(table.rel.schema, table.rel.name)} ${a}`, null, field);
    return { sql: `select ${expr} as v`, params: this.sql.params };
  }

  /** `node(nodeId:)`: the record as selected through inline fragments, or null. */
  node(field: FieldNode): CompiledStatement {
    const args = fieldArgs(field, ["nodeId"], this.ctx.vars);
    if (args.nodeId === undefined || args.nodeId === null) throw new GqlError("Invalid input for NonNull type");
    const id = decodeNodeId(args.nodeId);
    const table = this.ctx.model.bySqlName.get(`${id.schema}.${id.table}`);
    if (!table) throw new GqlError("Collection referenced by nodeId did not match any known collection");
    const a = this.sql.alias();
    const cond = nodeIdCondition(
      table,
      args.nodeId,
      a,
      this.sql,
      "Collection referenced by nodeId did not match any known collection",
    );
    const obj = this.nodeObject(table, a, a, requireSelection(field));
    return {
      sql: `select (select ${obj} from ${qualified(table.rel.schema, table.rel.name)} ${a} where ${cond}) as v`,
      params: this.sql.params,
    };
  }

  /** `<type>ByPk(<pk fields>)`: the record with that primary key, or null. */
  byPk(table: TableModel, field: FieldNode): CompiledStatement {
    const args = fieldArgs(
      field,
      table.pk.map((c) => c.field),
      this.ctx.vars,
    );
    const missing = table.pk.filter((c) => args[c.field] === undefined);
    if (missing.length)
      throw new GqlError(`Missing primary key column(s): ${missing.map((c) => c.col.name).join(", ")}`);
    const a = this.sql.alias();
    const cond = table.pk
      .map((c) => {
        const v = args[c.field];
        if (v === null) throw new GqlError("Invalid input for NonNull type");
        return `${a}.${quoteCol(c)} = ${this.sql.param(scalarText(c.type.base, v), c.col.castType)}`;
      })
      .join(" and ");
    const obj = this.nodeObject(
      table,
      a,
      a,
      requireSelection(field),
      (name) => `Unknown field "${name}" on type ${table.typeName}`,
    );
    return {
      sql: `select (select ${obj} from ${qualified(table.rel.schema, table.rel.name)} ${a} where ${cond}) as v`,
      params: this.sql.params,
    };
  }

  /** The payload `{affectedCount, records}` over the CTE `affected`. */
  private payload(table: TableModel, field: FieldNode, kind: "insert" | "update" | "delete"): string {
    const pairs: Array<[string, string]> = [];
    const responseType = `${table.typeName}${kind === "insert" ? "Insert" : kind === "update" ? "Update" : "Delete"}Response`;
    for (const f of collectFields(requireSelection(field), [responseType], this.ctx)) {
      const key = responseKey(f);
      if (f.name.value === "__typename") pairs.push([key, typename(responseType, this.sql)]);
      else if (f.name.value === "affectedCount") pairs.push([key, `to_jsonb((select count(*) from affected)::int)`]);
      else if (f.name.value === "records") {
        const r = this.sql.alias();
        // CTE rows are anonymous records; computed fields need the table's row type.
        const rowRef = `(row(${r}.*)::${qualified(table.rel.schema, table.rel.name)})`;
        pairs.push([
          key,
          `(select coalesce(jsonb_agg(${this.nodeObject(table, r, rowRef, requireSelection(f))}), '[]'::jsonb) from affected ${r})`,
        ]);
      } else throw new GqlError(`unknown field in ${kind}`);
    }
    return jsonObject(pairs, this.sql);
  }

  private bindInput(col: ColumnModel, v: unknown): string {
    return this.bindValue(col.type, col.col.castType, col.col.maxLength, v);
  }

  /** A bound input value of a GraphQL type, cast to the SQL type `cast`. */
  private bindValue(type: ValueType, cast: string, maxLength: number | null, v: unknown): string {
    if (v === null) return "null";
    if (type.list) {
      const items = (Array.isArray(v) ? v : [v]).map((x) => (x === null ? null : scalarText(type.base, x, maxLength)));
      return `array(select jsonb_array_elements_text(${this.sql.param(JSON.stringify(items), "jsonb")}))::${castType(cast)}`;
    }
    if (type.base === "JSON" && typeof v !== "string") throw new GqlError("Invalid input for JSON type");
    return this.sql.param(scalarText(type.base, v, maxLength), cast);
  }

  /**
   * A Query or Mutation function field: one statement calling the function
   * with named arguments (an omitted argument takes its default, or NULL
   * without one); a set of records is a connection over the call.
   */
  rootFunction(f: RootFunctionModel, field: FieldNode): CompiledStatement {
    const own = f.args.map((a) => a.field);
    const args = fieldArgs(field, f.cardinality === "many" ? [...own, ...CONNECTION_ARGS] : own, this.ctx.vars);
    const passed = f.args.flatMap(({ field: name, arg, type }) => {
      const v = args[name];
      if (v === undefined) return arg.hasDefault ? [] : [`${ident(arg.name)} => null`];
      return [`${ident(arg.name)} => ${this.bindValue(type, arg.castType, null, v)}`];
    });
    const call = `${qualified(f.fn.schema, f.fn.name)}(${passed.join(", ")})`;
    if (f.cardinality === "scalar")
      return { sql: `select ${outputSql(f.type!, call, this.sql)} as v`, params: this.sql.params };
    const a = this.sql.alias();
    const target = f.target!;
    const expr =
      f.cardinality === "one"
        ? `(select ${this.nodeObject(target, a, a, requireSelection(field))} from ${call} ${a} where not (${a} is null) limit 1)`
        : this.connection(target, a, `${call} ${a}`, null, field, own);
    return { sql: `select ${expr} as v`, params: this.sql.params };
  }

  insert(table: TableModel, field: FieldNode): CompiledStatement {
    const args = fieldArgs(field, ["objects"], this.ctx.vars);
    if (args.objects === undefined || args.objects === null) throw new GqlError("Invalid input for NonNull type");
    const objects = nonNullList(args.objects);
    if (objects.length === 0) throw new GqlError("At least one record must be provided to objects");
    const inputType = `${table.typeName}InsertInput`;
    const byField = new Map(table.insertColumns.map((c) => [c.field, c]));
    const used = new Set<string>();
    for (const o of objects) {
      if (!isObject(o)) throw new GqlError(`Invalid input for ${inputType} type`);
      const extra = Object.keys(o).filter((k) => !byField.has(k));
      if (extra.length) throw extraKeys(inputType, extra);
      for (const k of Object.keys(o)) used.add(k);
    }
    // Column list: the union of the objects' keys, in column order; an absent key is DEFAULT.
    let cols = table.insertColumns.filter((c) => used.has(c.field));
    if (cols.length === 0) cols = table.insertColumns.slice(0, 1);
    const rows = (objects as Array<Record<string, unknown>>).map(
      (o) => `(${cols.map((c) => (o[c.field] === undefined ? "default" : this.bindInput(c, o[c.field]))).join(", ")})`,
    );
    const target = qualified(table.rel.schema, table.rel.name);
    const a = this.sql.alias();
    const dml = `insert into ${target} as ${a} (${cols.map(quoteCol).join(", ")}) values ${rows.join(", ")} returning ${rowColumns(table, a)}`;
    const payload = this.payload(table, field, "insert");
    return {
      sql: `with affected as (${dml}) select ${payload} as v, (select count(*) from affected)::int as n`,
      params: this.sql.params,
    };
  }

  private atMost(args: Record<string, unknown>): number {
    const v = args.atMost === undefined ? 1 : args.atMost;
    if (v === null) throw new GqlError("Invalid input for NonNull type");
    if (typeof v !== "number" || !Number.isInteger(v)) throw new GqlError("Invalid input for Int type");
    return v;
  }

  update(table: TableModel, field: FieldNode): CompiledStatement {
    const args = fieldArgs(field, ["set", "filter", "atMost"], this.ctx.vars);
    if (args.set === undefined || args.set === null) throw new GqlError("Invalid input for NonNull type");
    const inputType = `${table.typeName}UpdateInput`;
    if (!isObject(args.set)) throw new GqlError(`Invalid input for ${inputType} type`);
    const byField = new Map(table.updateColumns.map((c) => [c.field, c]));
    const extra = Object.keys(args.set).filter((k) => !byField.has(k));
    if (extra.length) throw extraKeys(inputType, extra);
    const set = args.set;
    const cols = table.updateColumns.filter((c) => set[c.field] !== undefined);
    if (cols.length === 0) throw new GqlError("At least one mapping must be provided to set argument");
    const atMost = this.atMost(args);
    const a = this.sql.alias();
    const assignments = cols.map((c) => `${quoteCol(c)} = ${this.bindInput(c, set[c.field])}`).join(", ");
    const filter = compileFilter(table, args.filter, a, this.sql);
    const dml = `update ${qualified(table.rel.schema, table.rel.name)} as ${a} set ${assignments}${filter ? ` where ${filter}` : ""} returning ${rowColumns(table, a)}`;
    const payload = this.payload(table, field, "update");
    return {
      sql: `with affected as (${dml}) select ${payload} as v, (select count(*) from affected)::int as n`,
      params: this.sql.params,
      atMost,
      operation: "update",
    };
  }

  delete(table: TableModel, field: FieldNode): CompiledStatement {
    const args = fieldArgs(field, ["filter", "atMost"], this.ctx.vars);
    const atMost = this.atMost(args);
    const a = this.sql.alias();
    const filter = compileFilter(table, args.filter, a, this.sql);
    const dml = `delete from ${qualified(table.rel.schema, table.rel.name)} as ${a}${filter ? ` where ${filter}` : ""} returning ${rowColumns(table, a)}`;
    const payload = this.payload(table, field, "delete");
    return {
      sql: `with affected as (${dml}) select ${payload} as v, (select count(*) from affected)::int as n`,
      params: this.sql.params,
      atMost,
      operation: "delete",
    };
  }
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export type { OrderItem };
export { isObject };
