/**
 * The builder's mutations: `insertInto…`, `update…` and `deleteFrom…`
 * fields validated against the API model into plans. Values are checked
 * and coerced here, in pg_graphql's order, before the payload selection.
 */
import type { FieldNode } from "graphql";
import { bindValue, buildObject, type BuildContext } from "./build";
import { GqlError } from "./errors";
import { buildFilter } from "./filter";
import type { ColumnModel, TableModel } from "./model";
import type { BoundValue, PayloadPlan, StatementPlan } from "./plan";
import { collectFields, fieldArgs, requireSelection, responseKey } from "./selection";
import { hasField, MUTATIONS, PAYLOAD_FIELDS, tableType, type MutationKind } from "./types";
import { extraKeys, isObject, nonNullList } from "./values";

const argNames = (kind: MutationKind) => Object.keys(MUTATIONS[kind].args);

/** The payload `{affectedCount, records}` of a mutation of `table`. */
function buildPayload(ctx: BuildContext, table: TableModel, field: FieldNode, kind: MutationKind): PayloadPlan {
  const typeName = tableType.response(table, kind);
  const fields = collectFields(requireSelection(field), [typeName], ctx).map((f): PayloadPlan["fields"][number] => {
    const key = responseKey(f);
    const name = f.name.value;
    if (name === "__typename") return { key, kind: "typename", typeName };
    if (!hasField(PAYLOAD_FIELDS, name)) throw new GqlError(`unknown field in ${kind}`);
    if (name === "affectedCount") return { key, kind: "affectedCount" };
    return { key, kind: "records", object: buildObject(ctx, table, requireSelection(f)) };
  });
  return { table, fields };
}

const bindInput = (col: ColumnModel, v: unknown): BoundValue =>
  bindValue(col.type, col.col.castType, col.col.maxLength, v);

function atMostArg(args: Record<string, unknown>): number {
  const v = args.atMost === undefined ? 1 : args.atMost;
  if (v === null) throw new GqlError("Invalid input for NonNull type");
  if (typeof v !== "number" || !Number.isInteger(v)) throw new GqlError("Invalid input for Int type");
  return v;
}

/** The `objects` of an insert, checked against the insert input type. */
function insertObjects(table: TableModel, value: unknown): Array<Record<string, unknown>> {
  if (value === undefined || value === null) throw new GqlError("Invalid input for NonNull type");
  const objects = nonNullList(value);
  if (objects.length === 0) throw new GqlError("At least one record must be provided to objects");
  const inputType = tableType.insertInput(table);
  const fields = new Set(table.insertColumns.map((c) => c.field));
  for (const o of objects) {
    if (!isObject(o)) throw new GqlError(`Invalid input for ${inputType} type`);
    const extra = Object.keys(o).filter((k) => !fields.has(k));
    if (extra.length) throw extraKeys(inputType, extra);
  }
  return objects as Array<Record<string, unknown>>;
}

export function buildInsert(ctx: BuildContext, table: TableModel, field: FieldNode): StatementPlan {
  const args = fieldArgs(field, argNames("insert"), ctx.vars);
  const objects = insertObjects(table, args.objects);
  const used = new Set(objects.flatMap((o) => Object.keys(o)));
  // Column list: the union of the objects' keys, in column order; an absent key is DEFAULT.
  let columns = table.insertColumns.filter((c) => used.has(c.field));
  if (columns.length === 0) columns = table.insertColumns.slice(0, 1);
  const rows = objects.map((o) =>
    columns.map((c) => (o[c.field] === undefined ? ("default" as const) : bindInput(c, o[c.field]))),
  );
  return { kind: "insert", table, columns, rows, payload: buildPayload(ctx, table, field, "insert") };
}

export function buildUpdate(ctx: BuildContext, table: TableModel, field: FieldNode): StatementPlan {
  const args = fieldArgs(field, argNames("update"), ctx.vars);
  if (args.set === undefined || args.set === null) throw new GqlError("Invalid input for NonNull type");
  const inputType = tableType.updateInput(table);
  const set = args.set;
  if (!isObject(set)) throw new GqlError(`Invalid input for ${inputType} type`);
  const fields = new Set(table.updateColumns.map((c) => c.field));
  const extra = Object.keys(set).filter((k) => !fields.has(k));
  if (extra.length) throw extraKeys(inputType, extra);
  const columns = table.updateColumns.filter((c) => set[c.field] !== undefined);
  if (columns.length === 0) throw new GqlError("At least one mapping must be provided to set argument");
  const atMost = atMostArg(args);
  const assignments = columns.map((column) => ({ column, value: bindInput(column, set[column.field]) }));
  const filter = buildFilter(table, args.filter);
  return { kind: "update", table, assignments, filter, atMost, payload: buildPayload(ctx, table, field, "update") };
}

export function buildDelete(ctx: BuildContext, table: TableModel, field: FieldNode): StatementPlan {
  const args = fieldArgs(field, argNames("delete"), ctx.vars);
  const atMost = atMostArg(args);
  const filter = buildFilter(table, args.filter);
  return { kind: "delete", table, filter, atMost, payload: buildPayload(ctx, table, field, "delete") };
}
