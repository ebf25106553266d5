/**
 * TableRows: declared rows of one table, written and checked through the
 * project's GraphQL data API (pg_graphql). Its documentation (inputs,
 * outputs, behaviour, API footprint) is `tableRowsDoc` at the end.
 *
 * State: the checked inputs hold the declared rows (canonical values) and,
 * under the internal key `__schemaCache` (never shown as the user's inputs),
 * one compact line of schema cache; the outputs never repeat the rows.
 * Outputs hold, per row, `"<columnSet>:<digest>:<column digests>"` keyed by
 * the row's key (16 hex digits of SHA-256 over the canonical values of the
 * row's declared columns, then 4 per column), plus the column sets. That is
 * all `diff` and `read` need: diff compares digests of the declared rows with
 * the stored ones (pure), and read recomputes digests from live rows and
 * names in `drift` the keys changed, deleted or (exclusive) added out of
 * band, and the columns that differ.
 *
 * The implementation is split by job: connection (client and schema),
 * validation (inputs and rows), row-state (digests and the pure diff),
 * documents (GraphQL documents), reads (live reads) and writes (mutations
 * and the outputs they record). This file keeps the provider methods.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { partialFailure, SupabaseError } from "../../errors";
import type { TableSchema } from "../../graphql/introspect";
import { keyString, rowDigest } from "../../graphql/values";
import { canonicalRow } from "./validation";
import { usageProjectRef, type ResourceDoc } from "../../resource-doc";
import { checkWith, containsUnknown, stableJson, type Props, type ResourceImpl } from "../common";
import { connect, type Ctx, decodeSchemaCache, encodeSchemaCache, resolveSchema, SCHEMA_CACHE_KEY } from "./connection";
import { chunk, keyLabel, keyRow, type Planned } from "./documents";
import { allKeys, readRows } from "./reads";
import { rowChanges, withDrift } from "../drift";
import { changedColumns, diffRowState, rowEntry, rowState } from "./row-state";
import { applyPlan, idOf, insertAll, outputs, schemaFor } from "./writes";
import { tableRowsRecover } from "./recover";
import { tableRowsInputs, validateRows, type Row } from "./validation";
import { tableRowsImporter } from "./import";

/**
 * With `adopt`: reads the declared keys; equal rows are taken as they are,
 * differing ones updated (in `batchSize` documents). Answers the rows to insert.
 */
async function adoptExisting(ctx: Ctx, schema: TableSchema, key: string[], rows: Row[], p: Props, done: Row[]) {
  const keyOf = (r: Row) => keyString(canonicalRow(r, schema), key);
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const live = await readRows(ctx, schema, key, rows.map(keyOf), cols, p.pageSize);
  const inserts: Row[] = [];
  const updates: Row[] = [];
  for (const r of rows) {
    const l = live.get(keyOf(r));
    const c = Object.keys(r);
    if (!l) inserts.push(r);
    else if (rowDigest(canonicalRow(l, schema), c) !== rowDigest(canonicalRow(r, schema), c)) updates.push(r);
    else done.push(r);
  }
  for (const batch of chunk(updates, p.batchSize)) {
    await applyPlan(ctx, schema, key, { deletes: [], updates: batch, inserts: [] }, "update");
    done.push(...batch);
  }
  return inserts;
}

export const tableRows: ResourceImpl = {
  async check(olds, news) {
    const base = checkWith(tableRowsInputs, news);
    if (!base.data || (base.failures?.length ?? 0) > 0) return { inputs: base.inputs, failures: base.failures };
    const inputs = base.data as Props;
    // Connection or table still unknown (preview): nothing more can be checked yet.
    if (
      ["projectRef", "graphqlUrl", "apiKey", "table"].some((k) => containsUnknown(inputs[k])) ||
      containsUnknown(inputs.key)
    )
      return { inputs, failures: [] };

    // Unchanged rows against an unchanged table were validated when applied:
    // reuse that schema, so a no-op `up` makes no request at all.
    const cache = decodeSchemaCache(olds);
    const prev = cache.schema;
    const sameTarget =
      prev &&
      olds.table === inputs.table &&
      olds.projectRef === inputs.projectRef &&
      olds.graphqlUrl === inputs.graphqlUrl &&
      stableJson(cache.declaredKey) === stableJson(inputs.key);
    if (sameTarget) {
      // Rows that validate against the recorded schema need no new
      // introspection either (an edit of 100 rows is then 1 request in all).
      // Only a failure is confirmed against the live schema, in case the
      // table changed since (a column added out of band).
      const again = validateRows(prev!, inputs.rows, inputs.key);
      if (again.failures.length === 0) {
        return {
          inputs: {
            ...inputs,
            key: again.key,
            rows: again.rows,
            [SCHEMA_CACHE_KEY]: encodeSchemaCache({ schema: prev, declaredKey: inputs.key }),
          },
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
      return {
        inputs: { ...inputs, [SCHEMA_CACHE_KEY]: encodeSchemaCache({ declaredKey: fallbackKey }) },
        failures: [],
      };
    }
    const v = validateRows(r.schema, inputs.rows, inputs.key);
    return {
      inputs: {
        ...inputs,
        key: v.key,
        rows: v.rows,
        [SCHEMA_CACHE_KEY]: encodeSchemaCache({ schema: r.schema, declaredKey: inputs.key }),
      },
      failures: v.failures,
    };
  },

  async diff(_id, olds, news) {
    const replaces: string[] = [];
    for (const k of ["projectRef", "graphqlUrl", "table"])
      if (containsUnknown(news[k]) || stableJson(olds[k]) !== stableJson(news[k])) replaces.push(k);
    const schema = decodeSchemaCache(news).schema;
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
      const inserts = inputs.adopt ? await adoptExisting(ctx, schema, key, rows, inputs, done) : rows;
      await insertAll(ctx, schema, key, inserts, inputs.batchSize, inputs.pageSize, done);
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
    const changed: Record<string, string[]> = {};
    const deleted: string[] = [];
    for (const k of keys) {
      const l = live.get(k);
      if (!l) {
        deleted.push(keyLabel(key, k)); // deleted out of band: drift
        continue;
      }
      const si = Number(stored[k].split(":")[0]);
      const cols = columnSets[si] ?? [];
      rows[k] = rowEntry(si, canonicalRow(l, schema), cols);
      const differ = changedColumns(stored[k], rows[k], cols);
      if (differ.length > 0) changed[keyLabel(key, k)] = differ;
    }
    const extra: Props = {};
    if (props.exclusive)
      extra.foreignKeys = (await allKeys(ctx, schema, key, props.pageSize ?? 30)).filter((k) => !(k in stored));
    // Drift detail: row keys and column names, never row values.
    const drift = { changed, deleted, added: ((extra.foreignKeys ?? []) as string[]).map((k) => keyLabel(key, k)) };
    return {
      id,
      props: withDrift({ ...props, rowDigests: rows, rowCount: Object.keys(rows).length, ...extra }, drift),
    };
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

export const tableRowsDoc: ResourceDoc<typeof tableRowsInputs> = {
  name: "TableRows",
  page: "table-rows",
  usage: {
    name: "plans",
    inputs: {
      projectRef: usageProjectRef(),
      table: "public.plans",
      rows: [
        { code: "free", name: "Free", price: "0" },
        { code: "pro", name: "Pro", price: "25.00" },
      ],
    },
    dependsOn: ["plans-table"],
  },
  manages: "seed and reference data kept as declared, through the GraphQL data API",
  summary:
    "Seed and reference data (plans, feature flags, roles, lookup tables) that `pulumi up` keeps exactly as declared, written and read through the project's GraphQL data API.",
  inputs: tableRowsInputs,
  outputs: z.object({
    table: z.string(),
    key: z.array(z.string()),
    typeName: z.string().describe("The table's GraphQL type name."),
    rowCount: z.number().describe("How many rows the resource manages."),
    unchecked: z.array(z.string()).describe("What could not be checked without introspection."),
    schema: z
      .record(z.string(), z.unknown())
      .describe("The table's schema as check resolved it, which read and delete use without a new introspection."),
    columnSets: z.array(z.array(z.string())).describe("The sets of declared columns that the row digests cover."),
    rowDigests: z
      .record(z.string(), z.string())
      .describe(
        "Per row, keyed by the row's key: `<columnSet>:<digest>:<column digests>`, 16 hex digits of SHA-256 over the canonical values of its declared columns, then 4 per column (about 50 bytes a row of two columns; the declared rows themselves are not repeated).",
      ),
    drift: driftOutput(
      "After a refresh that found drift: the keys of rows changed (with the columns that differ), deleted or, with `exclusive`, added out of band (`code=pro`). Keys and column names only, never values; `up` clears it.",
      rowChanges,
    ),
  }),
  behaviour: {
    replace: "A change of `projectRef`, `graphqlUrl`, `table` or `key`. Changed rows are written in place.",
    adopt:
      "Declaring rows that already exist fails the insert, naming those keys, unless `adopt: true`: then create reads the declared keys first, takes equal rows as they are, updates differing ones and inserts only the missing ones.",
    drift:
      "Refresh reads the declared keys with aliased, filtered collection queries and reports rows changed or deleted out of band (with `exclusive`, also rows never declared); `up` writes them back.",
    destroy: "Deletes the declared rows with `onDelete: delete` (the default); leaves them with `retain`.",
    notes: [
      "Check: every row is validated against the live schema (by introspection, cached per process) before any write. Unknown column, wrong type, NOT NULL, enum labels, missing or duplicate keys, unwritable (serial or generated) columns and tables without a primary key are refused, naming the row and column (`rows[3].price`). Values are compared in canonical form (decimals, JSON key order, timestamps), so values written differently never diff. A table that a migration in the same run creates is validated at create, before any write.",
      "Updates are row-level: only added, changed and removed rows are sent. Changed rows become aliased updates filtered by key with `atMost: 1`, removed rows one delete with `atMost` equal to their count, and new rows inserts, in one atomic document per `batchSize` operations.",
      "Failures: a GraphQL error, a rejected key, an RLS denial or an `atMost` overflow fails naming the table, the operation and the keys. Nothing in the failed request is applied. A write whose outcome is unknown is settled by reading the keys back, never by sending it again blindly.",
    ],
  },
  footprintUnit: "GraphQL requests",
  footprint: [
    {
      operation: "check",
      calls:
        "0 when the target is unchanged and the rows validate against the schema recorded at the last check; otherwise ≤1 introspection per table per process (+ ≤1 management SQL read of the primary key without a ByPk entry)",
    },
    { operation: "diff", calls: "0" },
    { operation: "create", calls: "ceil(N / B) inserts, one atomic document each" },
    {
      operation: "update",
      calls:
        "ceil(changes / B): aliased updates (`atMost: 1`), one delete (`atMost` = count) and one insert per document",
    },
    {
      operation: "read (refresh)",
      calls:
        "ceil(ceil(N / P) / 40) aliased filtered collection queries (10,000 rows at P = 30: 9), + pages of the whole table with `exclusive`",
    },
    { operation: "delete", calls: "ceil(N / B) deletes with `onDelete: delete`; 0 with `retain`" },
  ],
  footprintNotes: [
    "N = declared rows, B = `batchSize`, P = `pageSize`. A no-op `up` makes 0 requests.",
    "Management API: 1 `GET /v1/projects/{ref}/api-keys` per project per process when no `apiKey` is given.",
  ],
  example: "migration-seed",
};

export default defineKind(tableRows, tableRowsDoc, { recover: tableRowsRecover, importer: tableRowsImporter });
