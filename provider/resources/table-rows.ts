/**
 * TableRows: declared rows of one table, written and checked through the
 * project's GraphQL data API (pg_graphql).
 *
 * State: the checked inputs hold the declared rows (canonical values); the
 * outputs never repeat them. Outputs hold, per row, `"<columnSet>:<digest>"`
 * keyed by the row's key (16 hex digits of SHA-256 over the canonical values
 * of the row's declared columns), plus the column sets. That is ~40 bytes a
 * row (10,000 rows ≈ 400 KB of outputs), and it is all `diff` and `read`
 * need: diff compares digests of the declared rows with the stored ones
 * (pure), and read recomputes digests from live rows.
 *
 * API footprint (GraphQL requests per operation; B = batchSize, P = pageSize,
 * F = 40 aliased reads per request):
 * | operation | requests                                                                    |
 * |-----------|-----------------------------------------------------------------------------|
 * | check     | 0 when the target is unchanged and the rows validate against the schema     |
 * |           | recorded at the last check; otherwise ≤1 introspection per table per        |
 * |           | process (+ ≤1 management SQL read of the primary key without a ByPk entry)  |
 * | diff      | 0                                                                           |
 * | create    | ceil(N / B) inserts, one document each (atomic)                             |
 * | update    | ceil(changed + added + removed-fields / B): aliased updates (atMost 1),     |
 * |           | one delete (atMost = count) and one insert per document                     |
 * | read      | ceil(ceil(N / P) / F) aliased filtered collection queries (+ pages of the   |
 * |           | whole table with `exclusive`)                                               |
 * | delete    | ceil(N / B) deletes with `onDelete: delete`; 0 with `retain`                |
 * A no-op `up` makes 0 requests. Management API: 1 GET api-keys per project per process
 * when no apiKey is given.
 */
import { z } from "zod";
import type { DocumentNode, FieldNode, ValueNode } from "graphql";
import { cachedTableSchema, managementClient, projectBaseUrl, serviceRoleKey } from "../context";
import { partialFailure, SupabaseError } from "../errors";
import { isUnknownOutcome } from "../client/outcome";
import { GraphqlClient, GraphqlError, type GraphqlData } from "../graphql/client";
import { field, intValue, operation, variable } from "../graphql/documents";
import {
  introspectTable,
  isIntrospectionDisabled,
  namingRulesSchema,
  splitTable,
  type CatalogInfo,
  type TableSchema,
} from "../graphql/introspect";
import { checkValue, fromWire, keyString, looseCanonical, rowDigest, toWire } from "../graphql/values";
import { checkWith, containsUnknown, stableJson, type CheckFailure, type Props, type ResourceImpl } from "./common";
import { projectRef } from "./shared";

export const MAX_BATCH = 1000;
export const MAX_PAGE = 1000;
/** Aliased collection fields per read request: 10,000 rows at P=30 is 334 fields, 9 requests. */
export const READ_FIELDS_PER_REQUEST = 40;

const sqlName = /^([A-Za-z_][A-Za-z0-9_$]*\.)?[A-Za-z_][A-Za-z0-9_$]*$/;

export const tableRowsInputs = z
  .object({
    projectRef: projectRef.optional(),
    graphqlUrl: z.url({ protocol: /^https?$/, error: "graphqlUrl must be an http(s) URL" }).optional(),
    apiKey: z.string({ error: "apiKey must be a string" }).min(1, "apiKey must not be empty").optional(),
    table: z
      .string({ error: "table is required" })
      .regex(sqlName, "table must be a SQL name (`table` or `schema.table`) or a GraphQL type name"),
    key: z
      .array(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, "a key column must be a plain column name"), {
        error: "key must be a list of column names",
      })
      .min(1, "key must name at least one column")
      .optional(),
    rows: z
      .array(z.record(z.string(), z.unknown(), { error: "each row must be an object of column → value" }), {
        error: "rows must be a list of objects",
      })
      .max(100_000, "at most 100000 rows per resource"),
    onDelete: z.enum(["delete", "retain"], { error: 'onDelete must be "delete" or "retain"' }).default("delete"),
    batchSize: z
      .number({ error: "batchSize must be a number" })
      .int("batchSize must be a whole number")
      .min(1, "batchSize must be at least 1")
      .max(MAX_BATCH, `batchSize must be at most ${MAX_BATCH} rows per request`)
      .default(500),
    pageSize: z
      .number({ error: "pageSize must be a number" })
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(MAX_PAGE, `pageSize must be at most ${MAX_PAGE}`)
      .default(30),
    exclusive: z.boolean({ error: "exclusive must be a boolean" }).default(false),
    inflect: z.boolean({ error: "inflect must be a boolean" }).default(false),
    /** Set by check: the resolved table schema. Not for users. */
    resolved: z.any().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.projectRef === undefined) === (v.graphqlUrl === undefined)) {
      ctx.addIssue({ code: "custom", path: ["projectRef"], message: "set exactly one of projectRef and graphqlUrl" });
    }
    if (v.graphqlUrl !== undefined && v.apiKey === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["apiKey"],
        message: "apiKey is required with graphqlUrl (the service_role key is only fetched for a projectRef)",
      });
    }
    if (v.key && new Set(v.key).size !== v.key.length)
      ctx.addIssue({ code: "custom", path: ["key"], message: "key names a column twice" });
  });

type Row = Record<string, unknown>;
interface Ctx {
  client: GraphqlClient;
  endpoint: string;
}

// ---------------------------------------------------------------- connection

async function connect(p: Props): Promise<Ctx> {
  const endpoint: string = p.graphqlUrl ?? `${projectBaseUrl(p.projectRef)}/graphql/v1`;
  const key: string = p.apiKey ?? (await serviceRoleKey(p.projectRef));
  return { client: new GraphqlClient({ url: endpoint, apiKey: () => key }), endpoint };
}

const CATALOG_SQL =
  "select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2)::int as found, " +
  "coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)) from pg_index i " +
  "join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace " +
  "join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey) where i.indisprimary and n.nspname = $1 and c.relname = $2), '{}') as pk";

async function resolveSchema(p: Props, ctx: Ctx): Promise<{ schema?: TableSchema; failure?: string }> {
  const catalog = p.projectRef
    ? async (): Promise<CatalogInfo> => {
        const { schema, table } = splitTable(p.table);
        const rows = await managementClient().runQuery<{ found: number; pk: string[] }>(
          p.projectRef,
          CATALOG_SQL,
          [schema, table],
          { readOnly: true },
        );
        return { exists: Number(rows[0]?.found ?? 0) > 0, primaryKey: rows[0]?.pk ?? [] };
      }
    : undefined;
  return cachedTableSchema<{ schema?: TableSchema; failure?: string }>(
    `${ctx.endpoint}|${p.table}|${p.inflect}`,
    async () => {
      try {
        const r = await introspectTable(ctx.client, p.table, catalog);
        if (r.found) return { value: { schema: r.schema }, keep: true };
        return { value: r.definite ? { failure: r.reason } : {}, keep: false };
      } catch (err) {
        if (isIntrospectionDisabled(err))
          return { value: { schema: namingRulesSchema(p.table, p.inflect, p.key) }, keep: true };
        throw err;
      }
    },
  );
}

// ---------------------------------------------------------------- validation

/** Maps a declared column name to the API's field name (SQL names work under inflection). */
function fieldFor(schema: TableSchema, column: string): string | undefined {
  if (schema.source === "naming-rules") return column;
  if (schema.columns[column]) return column;
  return schema.sqlNames[column];
}

/**
 * Validates and canonicalizes the rows against the schema. Every failure
 * names the row and the column (`rows[3].price`).
 */
export function validateRows(
  schema: TableSchema,
  rows: Row[],
  declaredKey: string[] | undefined,
): { rows: Row[]; key?: string[]; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const typed = schema.source === "introspection";
  const columnList = Object.keys(schema.columns).join(", ");
  let key = declaredKey?.map((k) => fieldFor(schema, k) ?? k) ?? schema.primaryKey;
  if (!key || key.length === 0) {
    failures.push({
      property: "key",
      reason: typed
        ? `the primary key of ${schema.sqlSchema}.${schema.sqlTable} could not be discovered (the API has no ${schema.typeName}ByPk entry and the table is not addressed by projectRef); declare key`
        : "key is required when the schema cannot be introspected (introspection is disabled)",
    });
    key = undefined;
  } else if (typed) {
    key.forEach((k, i) => {
      const col = schema.columns[k];
      if (!col)
        failures.push({
          property: `key[${i}]`,
          reason: `unknown column "${k}" on ${schema.sqlSchema}.${schema.sqlTable} (columns: ${columnList})`,
        });
      else if (col.filterOps.length === 0 || col.list)
        failures.push({
          property: `key[${i}]`,
          reason: `column "${k}" (${col.scalar}${col.list ? " list" : ""}) cannot be filtered on, so it cannot identify rows`,
        });
      else if (!col.insertable)
        failures.push({
          property: `key[${i}]`,
          reason: `key column "${k}" is generated, serial or identity, so its value cannot be set through the GraphQL API; use a natural key column`,
        });
    });
  }
  const out: Row[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const norm: Row = {};
    for (const [column, value] of Object.entries(row)) {
      if (containsUnknown(value)) {
        norm[column] = value;
        continue;
      }
      const f = fieldFor(schema, column);
      const col = f ? schema.columns[f] : undefined;
      if (!f || (typed && !col)) {
        failures.push({
          property: `rows[${i}].${column}`,
          reason: `unknown column "${column}" on ${schema.sqlSchema}.${schema.sqlTable} (columns: ${columnList})`,
        });
        continue;
      }
      if (f in norm) {
        failures.push({
          property: `rows[${i}].${column}`,
          reason: `column "${f}" is given twice (by SQL and GraphQL name)`,
        });
        continue;
      }
      if (!col) {
        norm[f] = value === undefined ? null : value;
        continue;
      }
      if (!col.insertable && !key?.includes(f)) {
        failures.push({
          property: `rows[${i}].${column}`,
          reason: `column "${f}" cannot be written through the GraphQL API (generated, serial or identity, or no INSERT privilege)`,
        });
        continue;
      }
      const r = checkValue(col, value);
      if (!r.ok) failures.push({ property: `rows[${i}].${column}`, reason: `${f}: ${r.reason}` });
      else norm[f] = r.value;
    }
    if (key) {
      let complete = true;
      for (const k of key) {
        if (norm[k] === undefined || norm[k] === null) {
          if (!failures.some((x) => x.property === `rows[${i}].${k}`)) {
            failures.push({
              property: `rows[${i}].${k}`,
              reason: `key column "${k}" is missing (every row needs a value for ${key.join(", ")})`,
            });
          }
          complete = false;
        } else if (containsUnknown(norm[k])) complete = false;
      }
      if (complete) {
        const ks = keyString(typed ? norm : canonicalRow(norm), key);
        const first = seen.get(ks);
        if (first !== undefined)
          failures.push({
            property: `rows[${i}]`,
            reason: `duplicate key ${ks}: rows[${first}] has the same ${key.join(", ")}`,
          });
        else seen.set(ks, i);
      }
    }
    out.push(norm);
  });
  return { rows: out, key, failures };
}

/** Canonical values for digests: typed values are canonical already; untyped ones get the loose form. */
function canonicalRow(row: Row, schema?: TableSchema): Row {
  if (schema && schema.source === "introspection") return row;
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = looseCanonical(v);
  return out;
}

// ---------------------------------------------------------------- row state

export interface RowState {
  /** Column sets referenced by `rows` values. */
  columnSets: string[][];
  /** key string → "<set index>:<digest>". */
  rows: Record<string, string>;
}

export function rowState(schema: TableSchema, key: string[], rows: Row[]): RowState {
  const sets: string[][] = [];
  const setIndex = new Map<string, number>();
  const out: Record<string, string> = {};
  for (const row of rows) {
    const canon = canonicalRow(row, schema);
    const cols = Object.keys(row).sort();
    const sk = cols.join(",");
    let si = setIndex.get(sk);
    if (si === undefined) {
      si = sets.length;
      sets.push(cols);
      setIndex.set(sk, si);
    }
    out[keyString(canon, key)] = `${si}:${rowDigest(canon, cols)}`;
  }
  return { columnSets: sets, rows: out };
}

export interface RowChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Row-level diff: declared rows (with their new state) against stored digests. Pure. */
export function diffRowState(old: RowState | undefined, next: RowState): RowChanges {
  const oldRows = old?.rows ?? {};
  const oldSets = old?.columnSets ?? [];
  const added: string[] = [];
  const changed: string[] = [];
  for (const [k, v] of Object.entries(next.rows)) {
    const o = oldRows[k];
    if (o === undefined) added.push(k);
    else {
      // Compare digests and column sets by content (set indexes may differ between states).
      const [os, od] = o.split(":");
      const [ns, nd] = v.split(":");
      if (od !== nd || (oldSets[Number(os)] ?? []).join(",") !== (next.columnSets[Number(ns)] ?? []).join(","))
        changed.push(k);
    }
  }
  const removed = Object.keys(oldRows).filter((k) => !(k in next.rows));
  return { added, changed, removed };
}

// ---------------------------------------------------------------- documents

function keyFilter(schema: TableSchema, key: string[], keys: Row[]): Row {
  if (key.length === 1) {
    const k = key[0];
    const col = schema.columns[k];
    const values = keys.map((r) => toWire(col, r[k]));
    if (values.length === 1 || (col && !col.filterOps.includes("in"))) {
      return values.length === 1 ? { [k]: { eq: values[0] } } : { or: values.map((v) => ({ [k]: { eq: v } })) };
    }
    return { [k]: { in: values } };
  }
  const one = (r: Row) => Object.fromEntries(key.map((k) => [k, { eq: toWire(schema.columns[k], r[k]) }]));
  return keys.length === 1 ? one(keys[0]) : { or: keys.map(one) };
}

function wireRow(schema: TableSchema, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = toWire(schema.columns[k], v);
  return out;
}

const affected = [field("affectedCount")];

interface Planned {
  deletes: Row[];
  updates: Row[];
  inserts: Row[];
}

function mutationDocument(
  schema: TableSchema,
  key: string[],
  plan: Planned,
): { document: DocumentNode; variables: Row } {
  const vars: Array<[string, string]> = [];
  const variables: Row = {};
  const sel: FieldNode[] = [];
  if (plan.deletes.length > 0) {
    vars.push(["df", `${schema.typeName}Filter`], ["dn", "Int!"]);
    variables.df = keyFilter(schema, key, plan.deletes);
    variables.dn = plan.deletes.length;
    sel.push(
      field(schema.delete, {
        alias: "d",
        args: { filter: variable("df"), atMost: variable("dn") },
        selections: affected,
      }),
    );
  }
  plan.updates.forEach((row, i) => {
    vars.push([`uf${i}`, `${schema.typeName}Filter`], [`us${i}`, `${schema.typeName}UpdateInput!`]);
    variables[`uf${i}`] = keyFilter(schema, key, [row]);
    const set = wireRow(schema, row);
    for (const k of key) delete set[k];
    // A row that declares only its key has nothing to set; it is re-inserted if missing.
    if (Object.keys(set).length === 0) for (const k of key) set[k] = toWire(schema.columns[k], row[k]);
    variables[`us${i}`] = set;
    sel.push(
      field(schema.update, {
        alias: `u${i}`,
        args: { set: variable(`us${i}`), filter: variable(`uf${i}`), atMost: intValue(1) },
        selections: affected,
      }),
    );
  });
  if (plan.inserts.length > 0) {
    vars.push(["io", `[${schema.typeName}InsertInput!]!`]);
    variables.io = plan.inserts.map((r) => wireRow(schema, r));
    sel.push(field(schema.insert, { alias: "i", args: { objects: variable("io") }, selections: affected }));
  }
  return { document: operation("mutation", "SupabasePulumiTableRows", vars, sel), variables };
}

/** Read documents: aliased, key-filtered collection queries, `fieldsPerRequest` per request. */
function readDocument(
  schema: TableSchema,
  key: string[],
  groups: Array<{ keys: Row[]; after?: string }>,
  columns: string[],
  first: number,
) {
  const vars: Array<[string, string]> = [["n", "Int"]];
  const variables: Row = { n: first };
  const sel: FieldNode[] = groups.map((g, i) => {
    vars.push([`f${i}`, `${schema.typeName}Filter`]);
    variables[`f${i}`] = keyFilter(schema, key, g.keys);
    const args: Record<string, ValueNode> = { first: variable("n"), filter: variable(`f${i}`) };
    if (g.after) {
      vars.push([`a${i}`, "Cursor"]);
      variables[`a${i}`] = g.after;
      args.after = variable(`a${i}`);
    }
    return field(schema.collection, {
      alias: `r${i}`,
      args,
      selections: [
        field("edges", { selections: [field("node", { selections: columns.map((c) => field(c)) })] }),
        field("pageInfo", { selections: [field("hasNextPage"), field("endCursor")] }),
      ],
    });
  });
  return { document: operation("query", "SupabasePulumiReadRows", vars, sel), variables };
}

function parseKey(ks: string): unknown[] {
  return JSON.parse(ks) as unknown[];
}

function keyRow(key: string[], ks: string): Row {
  const vals = parseKey(ks);
  return Object.fromEntries(key.map((k, i) => [k, vals[i]]));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function shownKeys(keys: string[], max = 10): string {
  return keys.length <= max ? keys.join(", ") : `${keys.slice(0, max).join(", ")} and ${keys.length - max} more`;
}

// ---------------------------------------------------------------- live reads

/** Live canonical rows for the given keys (absent keys are missing rows). */
async function readRows(
  ctx: Ctx,
  schema: TableSchema,
  key: string[],
  keys: string[],
  columns: string[],
  pageSize: number,
): Promise<Map<string, Row>> {
  const live = new Map<string, Row>();
  const cols = [...new Set([...key, ...columns])];
  let pending: Array<{ keys: Row[]; after?: string }> = chunk(keys, pageSize).map((g) => ({
    keys: g.map((k) => keyRow(key, k)),
  }));
  while (pending.length > 0) {
    const next: typeof pending = [];
    for (const groups of chunk(pending, READ_FIELDS_PER_REQUEST)) {
      const { document, variables } = readDocument(schema, key, groups, cols, pageSize);
      const data = await ctx.client.request<GraphqlData>(document, variables, {
        mutation: false,
        context: `reading ${groups.reduce((n, g) => n + g.keys.length, 0)} rows of ${schema.sqlSchema}.${schema.sqlTable}`,
      });
      groups.forEach((g, i) => {
        const conn = data[`r${i}`];
        for (const e of conn?.edges ?? []) {
          const row: Row = {};
          for (const c of cols) row[c] = fromWire(schema.columns[c], e.node[c]);
          live.set(keyString(row, key), row);
        }
        // The table's max_rows may be below pageSize: follow the cursor for the rest.
        if (conn?.pageInfo?.hasNextPage && conn.pageInfo.endCursor)
          next.push({ keys: g.keys, after: conn.pageInfo.endCursor });
      });
    }
    pending = next;
  }
  return live;
}

/** Keys of every row in the table (exclusive ownership), page by page. */
async function allKeys(ctx: Ctx, schema: TableSchema, key: string[], pageSize: number): Promise<string[]> {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const vars: Array<[string, string]> = [
      ["n", "Int"],
      ["a", "Cursor"],
    ];
    const doc = operation("query", "SupabasePulumiTableKeys", vars, [
      field(schema.collection, {
        alias: "r",
        args: { first: variable("n"), after: variable("a") },
        selections: [
          field("edges", { selections: [field("node", { selections: key.map((k) => field(k)) })] }),
          field("pageInfo", { selections: [field("hasNextPage"), field("endCursor")] }),
        ],
      }),
    ]);
    const data = await ctx.client.request<GraphqlData>(
      doc,
      { n: pageSize, a: after ?? null },
      { mutation: false, context: `listing ${schema.sqlSchema}.${schema.sqlTable}` },
    );
    for (const e of data.r.edges) {
      const row: Row = {};
      for (const k of key) row[k] = fromWire(schema.columns[k], e.node[k]);
      out.push(keyString(row, key));
    }
    if (!data.r.pageInfo.hasNextPage || !data.r.pageInfo.endCursor) return out;
    after = data.r.pageInfo.endCursor;
  }
}

// ---------------------------------------------------------------- writes

function describeFailure(schema: TableSchema, op: string, keys: string[], err: unknown, hint = ""): SupabaseError {
  const why = err instanceof Error ? err.message : String(err);
  const msgs = GraphqlError.isGraphql(err) && err.messages.length > 0 ? err.messages.join("; ") : why;
  return new SupabaseError(
    SupabaseError.is(err) ? err.code : "GRAPHQL",
    `TableRows ${schema.sqlSchema}.${schema.sqlTable}: ${op} of key${keys.length === 1 ? "" : "s"} ${shownKeys(keys)} failed, nothing in that request was applied: ${msgs}${hint}`,
    { cause: err },
  );
}

/** Keys whose filter matches more than one live row (an `atMost` overflow), 40 keys per query. */
async function keysMatchingSeveral(ctx: Ctx, schema: TableSchema, key: string[], keys: string[]): Promise<string[]> {
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
 * the live rows say whether it committed; it is resent once only if not.
 */
async function applyPlan(
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
  try {
    return await send();
  } catch (err) {
    if (!isUnknownOutcome(err)) {
      if (GraphqlError.isGraphql(err) && err.messages.some((m) => /impacts too many records/.test(m))) {
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
    const touched = [...plan.updates, ...plan.inserts];
    const cols = [...new Set(touched.flatMap((r) => Object.keys(r)))];
    const live = await readRows(ctx, schema, key, [...new Set(all)], cols, 30);
    const applied =
      plan.deletes.every((r) => !live.has(keyString(r, key))) &&
      touched.every((r) => {
        const l = live.get(keyString(canonicalRow(r, schema), key));
        const c = Object.keys(r);
        return l !== undefined && rowDigest(canonicalRow(l, schema), c) === rowDigest(canonicalRow(r, schema), c);
      });
    if (applied) return { settled: true };
    try {
      return await send();
    } catch (again) {
      throw describeFailure(schema, opName, all, again);
    }
  }
}

/** When an insert is refused, find the keys that already exist so the error names them. */
async function explainInsert(
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

function outputs(inputs: Props, schema: TableSchema, key: string[], state: RowState, extra: Props = {}): Props {
  // A declared apiKey stays (read and delete need it; the SDK marks it secret,
  // so it is stored encrypted). The fetched service_role key never enters state.
  const { rows: _r, resolved: _s, ...rest } = inputs;
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

async function schemaFor(p: Props, ctx: Ctx): Promise<{ schema: TableSchema; rows: Row[]; key: string[] }> {
  let schema = p.resolved as TableSchema | undefined;
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

function idOf(p: Props, schema: TableSchema): string {
  return `${p.projectRef ?? p.graphqlUrl}/${schema.sqlSchema}.${schema.sqlTable}`;
}

async function insertAll(
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

// ---------------------------------------------------------------- resource

export const tableRows: ResourceImpl = {
  async check(olds, news) {
    const base = checkWith(tableRowsInputs, news);
    if (!base.data || (base.failures?.length ?? 0) > 0) return { inputs: base.inputs, failures: base.failures };
    const inputs = base.data as Props;
    delete inputs.resolved;
    // Connection or table still unknown (preview): nothing more can be checked yet.
    if (
      ["projectRef", "graphqlUrl", "apiKey", "table"].some((k) => containsUnknown(inputs[k])) ||
      containsUnknown(inputs.key)
    )
      return { inputs, failures: [] };

    // Unchanged rows against an unchanged table were validated when applied:
    // reuse that schema, so a no-op `up` makes no request at all.
    const prev = olds?.resolved as TableSchema | undefined;
    const sameTarget =
      prev &&
      olds.table === inputs.table &&
      olds.projectRef === inputs.projectRef &&
      olds.graphqlUrl === inputs.graphqlUrl &&
      stableJson(olds.declaredKey) === stableJson(inputs.key);
    if (sameTarget) {
      // Rows that validate against the recorded schema need no new
      // introspection either (an edit of 100 rows is then 1 request in all).
      // Only a failure is confirmed against the live schema, in case the
      // table changed since (a column added out of band).
      const again = validateRows(prev!, inputs.rows, inputs.key);
      if (again.failures.length === 0) {
        return {
          inputs: { ...inputs, declaredKey: inputs.key, key: again.key, rows: again.rows, resolved: prev },
          failures: [],
        };
      }
    }

    let r: { schema?: TableSchema; failure?: string };
    try {
      r = await resolveSchema(inputs, await connect(inputs));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new SupabaseError(
        SupabaseError.is(err) ? err.code : "GRAPHQL",
        `TableRows ${inputs.table}: introspecting the table failed: ${why}`,
        { cause: err },
      );
    }
    if (!r.schema) {
      if (r.failure) return { inputs, failures: [{ property: "table", reason: r.failure }] };
      // The table does not exist yet (a migration in this run creates it): create validates before writing.
      const fallbackKey = inputs.key;
      return { inputs: { ...inputs, declaredKey: fallbackKey }, failures: [] };
    }
    const v = validateRows(r.schema, inputs.rows, inputs.key);
    return {
      inputs: { ...inputs, declaredKey: inputs.key, key: v.key, rows: v.rows, resolved: r.schema },
      failures: v.failures,
    };
  },

  async diff(_id, olds, news) {
    const replaces: string[] = [];
    for (const k of ["projectRef", "graphqlUrl", "table"])
      if (containsUnknown(news[k]) || stableJson(olds[k]) !== stableJson(news[k])) replaces.push(k);
    const schema = news.resolved as TableSchema | undefined;
    const key = (news.key ?? schema?.primaryKey) as string[] | undefined;
    if (key && olds.key && stableJson(key) !== stableJson(olds.key)) replaces.push("key");
    if (replaces.length > 0) return { changes: true, replaces, deleteBeforeReplace: true };
    if (!schema || !key || containsUnknown(news.rows))
      return { changes: true, replaces: [], deleteBeforeReplace: false };
    const d = diffRowState(
      { columnSets: olds.columnSets ?? [], rows: olds.rowDigests ?? {} },
      rowState(schema, key, news.rows),
    );
    const settings = ["onDelete", "batchSize", "pageSize", "exclusive", "inflect"].some(
      (k) => stableJson(olds[k]) !== stableJson(news[k]),
    );
    const foreign = news.exclusive === true && Array.isArray(olds.foreignKeys) && olds.foreignKeys.length > 0;
    const changes = d.added.length + d.changed.length + d.removed.length > 0 || settings || foreign;
    return { changes, replaces: [], deleteBeforeReplace: false };
  },

  async create(inputs) {
    const ctx = await connect(inputs);
    const { schema, rows, key } = await schemaFor(inputs, ctx);
    const id = idOf(inputs, schema);
    const done: Row[] = [];
    try {
      await insertAll(ctx, schema, key, rows, inputs.batchSize, inputs.pageSize, done);
    } catch (err) {
      if (done.length === 0) throw err;
      // Earlier batches committed: record them so the next `up` continues instead of duplicating.
      throw partialFailure(id, outputs(inputs, schema, key, rowState(schema, key, done)), err);
    }
    return { id, outs: outputs(inputs, schema, key, rowState(schema, key, rows)) };
  },

  async read(id, props) {
    const schema = props.schema as TableSchema | undefined;
    if (!schema) return { id, props };
    const ctx = await connect(props);
    const key = props.key as string[];
    const columnSets = (props.columnSets ?? []) as string[][];
    const stored = (props.rowDigests ?? {}) as Record<string, string>;
    const keys = Object.keys(stored);
    const columns = [...new Set(columnSets.flat())];
    const live = await readRows(ctx, schema, key, keys, columns, props.pageSize ?? 30);
    const rows: Record<string, string> = {};
    for (const k of keys) {
      const l = live.get(k);
      if (!l) continue; // deleted out of band: drift
      const si = Number(stored[k].split(":")[0]);
      rows[k] = `${si}:${rowDigest(canonicalRow(l, schema), columnSets[si] ?? [])}`;
    }
    const extra: Props = {};
    if (props.exclusive)
      extra.foreignKeys = (await allKeys(ctx, schema, key, props.pageSize ?? 30)).filter((k) => !(k in stored));
    return { id, props: { ...props, rowDigests: rows, rowCount: Object.keys(rows).length, ...extra } };
  },

  async update(_id, olds, news) {
    const ctx = await connect(news);
    const { schema, rows, key } = await schemaFor(news, ctx);
    const next = rowState(schema, key, rows);
    const d = diffRowState({ columnSets: olds.columnSets ?? [], rows: olds.rowDigests ?? {} }, next);
    const byKey = new Map(rows.map((r) => [keyString(canonicalRow(r, schema), key), r]));
    const removed = [...d.removed, ...(news.exclusive ? ((olds.foreignKeys ?? []) as string[]) : [])];
    const ops: Array<{ kind: "d" | "u" | "i"; row: Row }> = [
      ...removed.map((k) => ({ kind: "d" as const, row: keyRow(key, k) })),
      ...d.changed.map((k) => ({ kind: "u" as const, row: byKey.get(k)! })),
      ...d.added.map((k) => ({ kind: "i" as const, row: byKey.get(k)! })),
    ];
    const missing: Row[] = [];
    for (const part of chunk(ops, news.batchSize ?? 500)) {
      const plan: Planned = {
        deletes: part.filter((o) => o.kind === "d").map((o) => o.row),
        updates: part.filter((o) => o.kind === "u").map((o) => o.row),
        inserts: part.filter((o) => o.kind === "i").map((o) => o.row),
      };
      const data = await applyPlan(ctx, schema, key, plan, "update");
      // A changed row deleted out of band since the last refresh matched nothing: insert it.
      plan.updates.forEach((row, i) => {
        if (data.settled === undefined && data[`u${i}`]?.affectedCount === 0) missing.push(row);
      });
    }
    if (missing.length > 0) await insertAll(ctx, schema, key, missing, news.batchSize ?? 500, news.pageSize ?? 30, []);
    return { outs: outputs(news, schema, key, next, news.exclusive ? { foreignKeys: [] } : {}) };
  },

  async delete(_id, props) {
    if (props.onDelete === "retain") return;
    const schema = props.schema as TableSchema | undefined;
    if (!schema) return;
    const ctx = await connect(props);
    const key = props.key as string[];
    const keys = Object.keys(props.rowDigests ?? {});
    for (const part of chunk(keys, props.batchSize ?? 500)) {
      await applyPlan(
        ctx,
        schema,
        key,
        { deletes: part.map((k) => keyRow(key, k)), updates: [], inserts: [] },
        "delete",
      );
    }
  },
};

export default tableRows;
