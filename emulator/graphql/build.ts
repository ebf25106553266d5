/**
 * The builder: validates a top-level field of a parsed document against the
 * API model and produces its plan (plan.ts). Every refusal of the document
 * (unknown fields and arguments, invalid inputs, paging conflicts) happens
 * here, in document order, with pg_graphql's messages; the transpiler only
 * writes SQL. Mutations are built in build-mutation.ts.
 */
import type { FieldNode, FragmentDefinitionNode, SelectionSetNode } from "graphql";
import { buildAggregate } from "./aggregate";
import { decodeCursor, decodeNodeId } from "./encoding";
import { GqlError } from "./errors";
import { buildFilter, buildOrder, checkNodeId } from "./filter";
import type { ApiModel, NodeField, RootFunctionModel, TableModel, ValueType } from "./model";
import type {
  BoundValue,
  CallArg,
  ConnectionField,
  ConnectionPlan,
  EdgeField,
  FunctionResult,
  ObjectField,
  ObjectFieldKind,
  ObjectPlan,
  PageInfoField,
  Source,
  StatementPlan,
} from "./plan";
import { collectFields, fieldArgs, requireSelection, responseKey } from "./selection";
import {
  CONNECTION_ARGS,
  connectionFields,
  EDGE_FIELDS,
  hasField,
  NODE_ARGS,
  PAGE_INFO_FIELDS,
  tableType,
} from "./types";
import { scalarText, type Variables } from "./values";

export interface BuildContext {
  model: ApiModel;
  vars: Variables;
  fragments: Map<string, FragmentDefinitionNode>;
}

const CONNECTION_ARG_NAMES = Object.keys(CONNECTION_ARGS);

/** The selected fields of a record of `table`. */
export function buildObject(
  ctx: BuildContext,
  table: TableModel,
  set: SelectionSetNode | undefined,
  unknownField = (name: string) => `Unknown field '${name}' on type '${table.typeName}'`,
): ObjectPlan {
  const fields: ObjectField[] = [];
  for (const f of collectFields(set, [table.typeName, "Node"], ctx)) {
    const name = f.name.value;
    const key = responseKey(f);
    if (name === "__typename") {
      fields.push({ key, kind: "typename", typeName: table.typeName });
      continue;
    }
    const nf = table.fields.get(name);
    if (!nf) throw new GqlError(unknownField(name));
    fields.push({ key, ...buildNodeField(ctx, nf, f) });
  }
  return { table, fields };
}

function buildNodeField(ctx: BuildContext, nf: NodeField, f: FieldNode): ObjectFieldKind {
  switch (nf.kind) {
    case "nodeId":
      return { kind: "nodeId" };
    case "column":
      return { kind: "column", column: nf.column };
    case "relation": {
      const rel = nf.relation;
      const source: Source = { kind: "relation", relation: rel };
      if (rel.cardinality === "many")
        return { kind: "connection", connection: buildConnection(ctx, rel.target, source, f) };
      fieldArgs(f, [], ctx.vars);
      return { kind: "record", record: { source, object: buildObject(ctx, rel.target, requireSelection(f)) } };
    }
    case "computed": {
      const c = nf.computed;
      const source: Source = { kind: "computed", fn: c.fn };
      if (c.cardinality === "many")
        return { kind: "connection", connection: buildConnection(ctx, c.target!, source, f) };
      fieldArgs(f, [], ctx.vars);
      if (c.cardinality === "scalar") return { kind: "computedScalar", computed: c };
      return { kind: "record", record: { source, object: buildObject(ctx, c.target!, requireSelection(f)) } };
    }
  }
}

/** `first`, `last` and `offset`: null when absent, else an unsigned integer. */
function countArg(args: Record<string, unknown>, name: "first" | "last" | "offset"): number | null {
  const v = args[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "number" || !Number.isInteger(v)) throw new GqlError("Invalid input for Int type");
  if (v < 0) throw new GqlError(`\`${name}\` must be an unsigned integer`);
  return v;
}

/** The page a connection's arguments ask for, its paging conflicts refused. */
function buildPage(args: Record<string, unknown>, maxRows: number) {
  const first = countArg(args, "first");
  const last = countArg(args, "last");
  const offset = countArg(args, "offset");
  const before = args.before ?? null;
  const after = args.after ?? null;
  if (first !== null && last !== null) throw new GqlError('only one of "first" and "last" may be provided');
  if (before !== null && after !== null) throw new GqlError('only one of "before" and "after" may be provided');
  if (first !== null && before !== null) throw new GqlError('"first" may only be used with "after"');
  if (last !== null && after !== null) throw new GqlError('"last" may only be used with "before"');
  if (offset !== null && (last !== null || before !== null))
    throw new GqlError('"offset" may only be used with "first" and "after"');
  const backward = last !== null || before !== null;
  return {
    backward,
    limit: Math.min(first ?? last ?? maxRows, maxRows),
    skip: offset ?? 0,
    cursorValue: backward ? before : after,
  };
}

/** A connection over the rows of `source` (`ownArgs`: a function's own arguments, beside the connection's). */
export function buildConnection(
  ctx: BuildContext,
  table: TableModel,
  source: Source,
  field: FieldNode,
  ownArgs: string[] = [],
): ConnectionPlan {
  const args = fieldArgs(field, [...ownArgs, ...CONNECTION_ARG_NAMES], ctx.vars);
  const { cursorValue, ...page } = buildPage(args, table.maxRows);
  const order = buildOrder(table, args.orderBy);
  const filter = buildFilter(table, args.filter);
  let cursor: ConnectionPlan["cursor"] = null;
  if (cursorValue !== null) {
    cursor = decodeCursor(cursorValue);
    if (cursor.length > order.length) throw new GqlError("orderBy clause incompatible with pagination cursor");
  }
  const typeName = tableType.connection(table);
  const known = connectionFields(table);
  const fields = collectFields(requireSelection(field), [typeName], ctx).map((f): ConnectionField => {
    const key = responseKey(f);
    const name = f.name.value;
    if (name === "__typename") return { key, kind: "typename", typeName };
    // Without its directive, `aggregate` says how to enable it.
    if (name === "aggregate") return { key, kind: "aggregate", aggregate: buildAggregate(table, f, ctx) };
    if (!hasField(known, name)) throw new GqlError("unknown field in connection");
    if (name === "edges") return { key, kind: "edges", fields: buildEdge(ctx, table, f) };
    if (name === "pageInfo") return { key, kind: "pageInfo", fields: buildPageInfo(ctx, f) };
    return { key, kind: "totalCount" };
  });
  return { table, source, order, filter, cursor, ...page, fields };
}

function buildEdge(ctx: BuildContext, table: TableModel, field: FieldNode): EdgeField[] {
  const typeName = tableType.edge(table);
  return collectFields(requireSelection(field), [typeName], ctx).map((f): EdgeField => {
    const key = responseKey(f);
    const name = f.name.value;
    if (name === "__typename") return { key, kind: "typename", typeName };
    if (!hasField(EDGE_FIELDS, name)) throw new GqlError("unknown field in edge");
    if (name === "cursor") return { key, kind: "cursor" };
    return { key, kind: "node", object: buildObject(ctx, table, requireSelection(f)) };
  });
}

function buildPageInfo(ctx: BuildContext, field: FieldNode): PageInfoField[] {
  return collectFields(requireSelection(field), ["PageInfo"], ctx).map((f): PageInfoField => {
    const key = responseKey(f);
    const name = f.name.value;
    if (name === "__typename") return { key, kind: "typename", typeName: "PageInfo" };
    if (hasField(PAGE_INFO_FIELDS, name)) return { key, kind: name as Exclude<PageInfoField["kind"], "typename"> };
    throw new GqlError("unknown field in pageInfo");
  });
}

/** An input value of a GraphQL type, coerced to the text bound for it and cast to the SQL type `cast`. */
export function bindValue(type: ValueType, cast: string, maxLength: number | null, v: unknown): BoundValue {
  if (v === null) return { kind: "null" };
  if (type.list) {
    const items = (Array.isArray(v) ? v : [v]).map((x) => (x === null ? null : scalarText(type.base, x, maxLength)));
    return { kind: "array", items, cast };
  }
  if (type.base === "JSON" && typeof v !== "string") throw new GqlError("Invalid input for JSON type");
  return { kind: "scalar", text: scalarText(type.base, v, maxLength), cast };
}

/** `<t>Collection(...)`. */
export function buildCollection(ctx: BuildContext, table: TableModel, field: FieldNode): StatementPlan {
  return { kind: "collection", connection: buildConnection(ctx, table, { kind: "table" }, field) };
}

/** `node(nodeId:)`: the record as selected through inline fragments. */
export function buildNode(ctx: BuildContext, field: FieldNode): StatementPlan {
  const args = fieldArgs(field, Object.keys(NODE_ARGS), ctx.vars);
  if (args.nodeId === undefined || args.nodeId === null) throw new GqlError("Invalid input for NonNull type");
  const id = decodeNodeId(args.nodeId);
  const unknown = "Collection referenced by nodeId did not match any known collection";
  const table = ctx.model.bySqlName.get(`${id.schema}.${id.table}`);
  if (!table) throw new GqlError(unknown);
  const nodeId = checkNodeId(table, args.nodeId, unknown);
  return { kind: "node", table, nodeId, object: buildObject(ctx, table, requireSelection(field)) };
}

/** `<type>ByPk(<pk fields>)`. */
export function buildByPk(ctx: BuildContext, table: TableModel, field: FieldNode): StatementPlan {
  const args = fieldArgs(
    field,
    table.pk.map((c) => c.field),
    ctx.vars,
  );
  const missing = table.pk.filter((c) => args[c.field] === undefined);
  if (missing.length) throw new GqlError(`Missing primary key column(s): ${missing.map((c) => c.col.name).join(", ")}`);
  const keys = table.pk.map((column) => {
    const v = args[column.field];
    if (v === null) throw new GqlError("Invalid input for NonNull type");
    return { column, text: scalarText(column.type.base, v) };
  });
  const unknownField = (name: string) => `Unknown field "${name}" on type ${table.typeName}`;
  return { kind: "byPk", table, keys, object: buildObject(ctx, table, requireSelection(field), unknownField) };
}

/**
 * A Query or Mutation function field: the function called with named
 * arguments (an omitted argument takes its default, or NULL without one); a
 * set of records is a connection over the call.
 */
export function buildFunction(ctx: BuildContext, f: RootFunctionModel, field: FieldNode): StatementPlan {
  const own = f.args.map((a) => a.field);
  const args = fieldArgs(field, f.cardinality === "many" ? [...own, ...CONNECTION_ARG_NAMES] : own, ctx.vars);
  const callArgs: CallArg[] = f.args.flatMap(({ field: name, arg, type }) => {
    const v = args[name];
    if (v === undefined) return arg.hasDefault ? [] : [{ name: arg.name, value: { kind: "null" } as const }];
    return [{ name: arg.name, value: bindValue(type, arg.castType, null, v) }];
  });
  const source: Source = { kind: "call", fn: f.fn, args: callArgs };
  let result: FunctionResult;
  if (f.cardinality === "scalar") result = { kind: "scalar", type: f.type! };
  else if (f.cardinality === "one")
    result = { kind: "record", record: { source, object: buildObject(ctx, f.target!, requireSelection(field)) } };
  else result = { kind: "connection", connection: buildConnection(ctx, f.target!, source, field, own) };
  return { kind: "function", fn: f.fn, args: callArgs, result };
}
