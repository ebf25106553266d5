/** TableRows live reads: rows by key, and every key of the table (exclusive ownership). */
import type { GraphqlData } from "../../graphql/client";
import { field, operation, variable } from "../../graphql/documents";
import type { TableSchema } from "../../graphql/introspect";
import { fromWire, keyString } from "../../graphql/values";
import type { Ctx } from "./connection";
import { chunk, keyRow, readDocument } from "./documents";
import type { Row } from "./validation";

/** Aliased collection fields per read request: 10,000 rows at P=30 is 334 fields, 9 requests. */
export const READ_FIELDS_PER_REQUEST = 40;

/** Live canonical rows for the given keys (absent keys are missing rows). */
export async function readRows(
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
export async function allKeys(ctx: Ctx, schema: TableSchema, key: string[], pageSize: number): Promise<string[]> {
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
