/** TableRows writes: atomic mutation documents with read-back on unknown outcomes, and the outputs they record. */
import { isTransient, withUnknownOutcome } from "../../client/outcome";
import { SupabaseError } from "../../errors";
import { GraphqlError, type GraphqlData } from "../../graphql/client";
import type { TableSchema } from "../../graphql/introspect";
import { keyString, rowDigest } from "../../graphql/values";
import type { Props } from "../common";
import { decodeSchemaCache, resolveSchema, SCHEMA_CACHE_KEY, type Ctx } from "./connection";
import { chunk, keyRow, mutationDocument, readDocument, shownKeys, type Planned } from "./documents";
import { READ_FIELDS_PER_REQUEST, readRows } from "./reads";
import type { RowState } from "./row-state";
import { canonicalRow, validateRows, type Row } from "./validation";

export function describeFailure(
  schema: TableSchema,
  op: string,
  keys: string[],
  err: unknown,
  hint = "",
): SupabaseError {
  const why = err instanceof Error ? err.message : String(err);
  const msgs = GraphqlError.isGraphql(err) && err.messages.length > 0 ? err.messages.join("; ") : why;
  return new SupabaseError(
    SupabaseError.is(err) ? err.code : "GRAPHQL",
    `TableRows ${schema.sqlSchema}.${schema.sqlTable}: ${op} of key${keys.length === 1 ? "" : "s"} ${shownKeys(keys)} failed, nothing in that request was applied: ${msgs}${hint}`,
    { cause: err },
  );
}

/** Keys whose filter matches more than one live row (an `atMost` overflow), 40 keys per query. */
export async function keysMatchingSeveral(
  ctx: Ctx,
  schema: TableSchema,
  key: string[],
  keys: string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunk([...new Set(keys)], READ_FIELDS_PER_REQUEST)) {
    const { document, variables } = readDocument(
      schema,
      key,
      part.map((k) => ({ keys: [keyRow(key, k)] })),
      key,
      2,
    );
    const data = await ctx.client.request<GraphqlData>(document, variables, {
      mutation: false,
      context: `counting rows of ${schema.sqlSchema}.${schema.sqlTable}`,
    });
    part.forEach((k, i) => {
      if ((data[`r${i}`]?.edges?.length ?? 0) > 1) out.push(k);
    });
  }
  return out;
}

/**
 * Sends one atomic mutation document. On an unknown outcome (connection lost,
 * 5xx) the affected keys are read back: the document is all-or-nothing, so
 * the live rows say whether it committed; it is resent only if not, for as
 * long as failures stay transient and the retry budget lasts.
 */
export async function applyPlan(
  ctx: Ctx,
  schema: TableSchema,
  key: string[],
  plan: Planned,
  opName: string,
): Promise<GraphqlData> {
  const { document, variables } = mutationDocument(schema, key, plan);
  const keysOf = (rows: Row[]) => rows.map((r) => keyString(canonicalRow(r, schema), key));
  const all = [...keysOf(plan.deletes), ...keysOf(plan.updates), ...keysOf(plan.inserts)];
  const send = () =>
    ctx.client.request<GraphqlData>(document, variables, {
      mutation: true,
      context: `TableRows ${schema.sqlSchema}.${schema.sqlTable}: ${opName}`,
    });
  const touched = [...plan.updates, ...plan.inserts];
  const cols = [...new Set(touched.flatMap((r) => Object.keys(r)))];
  /** Whether the document committed: it is all-or-nothing, so the live rows tell. */
  const committed = async (): Promise<GraphqlData | undefined> => {
    const live = await readRows(ctx, schema, key, [...new Set(all)], cols, 30);
    const applied =
      plan.deletes.every((r) => !live.has(keyString(r, key))) &&
      touched.every((r) => {
        const l = live.get(keyString(canonicalRow(r, schema), key));
        const c = Object.keys(r);
        return l !== undefined && rowDigest(canonicalRow(l, schema), c) === rowDigest(canonicalRow(r, schema), c);
      });
    return applied ? { settled: true } : undefined;
  };
  try {
    return await withUnknownOutcome(send, committed);
  } catch (err) {
    if (
      !isTransient(err) &&
      GraphqlError.isGraphql(err) &&
      err.messages.some((m) => /impacts too many records/.test(m))
    ) {
      // atMost overflow: the declared key does not identify one row. Name the keys that match several.
      const offenders = await keysMatchingSeveral(ctx, schema, key, [
        ...keysOf(plan.deletes),
        ...keysOf(plan.updates),
      ]).catch(() => []);
      if (offenders.length > 0) {
        throw describeFailure(
          schema,
          opName,
          offenders,
          err,
          ` (each of these keys matches more than one row, so ${key.join(", ")} does not identify rows; declare a unique key)`,
        );
      }
    }
    throw describeFailure(schema, opName, all, err);
  }
}

/** When an insert is refused, find the keys that already exist so the error names them. */
export async function explainInsert(
  ctx: Ctx,
  schema: TableSchema,
  key: string[],
  rows: Row[],
  err: unknown,
  pageSize: number,
): Promise<SupabaseError> {
  const keys = rows.map((r) => keyString(canonicalRow(r, schema), key));
  try {
    const live = await readRows(ctx, schema, key, keys, [], pageSize);
    const existing = keys.filter((k) => live.has(k));
    if (existing.length > 0) return describeFailure(schema, "insert", existing, err);
  } catch {
    // The lookup is a courtesy; the original failure stands.
  }
  return describeFailure(schema, "insert", keys, err);
}

export function outputs(inputs: Props, schema: TableSchema, key: string[], state: RowState, extra: Props = {}): Props {
  // A declared apiKey stays (read and delete need it; the SDK marks it secret,
  // so it is stored encrypted). The fetched service_role key never enters state.
  const { rows: _r, [SCHEMA_CACHE_KEY]: _c, resolved: _s, schemaCache: _l, declaredKey: _k, ...rest } = inputs;
  return {
    ...rest,
    key,
    typeName: schema.typeName,
    // What read and delete need without a new introspection (they run the code stored in state).
    schema,
    columnSets: state.columnSets,
    rowDigests: state.rows,
    rowCount: Object.keys(state.rows).length,
    unchecked: schema.unchecked,
    ...extra,
  };
}

export async function schemaFor(p: Props, ctx: Ctx): Promise<{ schema: TableSchema; rows: Row[]; key: string[] }> {
  let schema = decodeSchemaCache(p).schema;
  let rows = p.rows as Row[];
  let key = p.key as string[] | undefined;
  if (!schema) {
    // check could not see the table (a migration in the same run creates it): validate now, before any write.
    const r = await resolveSchema(p, ctx);
    if (!r.schema)
      throw new SupabaseError(
        "VALIDATION",
        `TableRows ${p.table}: ${r.failure ?? `table ${p.table} was not found in the GraphQL API`}`,
      );
    const v = validateRows(r.schema, rows, key);
    if (v.failures.length > 0) {
      throw new SupabaseError(
        "VALIDATION",
        `TableRows ${p.table}: ${v.failures
          .slice(0, 20)
          .map((f) => `${f.property}: ${f.reason}`)
          .join("; ")}`,
      );
    }
    schema = r.schema;
    rows = v.rows;
    key = v.key;
  }
  if (!key) key = schema.primaryKey;
  if (!key) throw new SupabaseError("VALIDATION", `TableRows ${p.table}: no key`);
  return { schema, rows, key };
}

export function idOf(p: Props, schema: TableSchema): string {
  return `${p.projectRef ?? p.graphqlUrl}/${schema.sqlSchema}.${schema.sqlTable}`;
}

export async function insertAll(
  ctx: Ctx,
  schema: TableSchema,
  key: string[],
  rows: Row[],
  batchSize: number,
  pageSize: number,
  done: Row[],
): Promise<void> {
  for (const batch of chunk(rows, batchSize)) {
    try {
      await applyPlan(ctx, schema, key, { deletes: [], updates: [], inserts: batch }, "insert");
    } catch (err) {
      throw GraphqlError.isGraphql((err as { cause?: unknown } | undefined)?.cause)
        ? await explainInsert(ctx, schema, key, batch, (err as { cause: unknown }).cause, pageSize)
        : err;
    }
    done.push(...batch);
  }
}
