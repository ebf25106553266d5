/** TableRows connection: the GraphQL client of the target and its (cached) table schema. */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { cachedTableSchema, managementClient, projectBaseUrl, serviceRoleKey } from "../../context";
import { GraphqlClient } from "../../graphql/client";
import {
  introspectTable,
  isIntrospectionDisabled,
  namingRulesSchema,
  splitTable,
  type CatalogInfo,
  type TableSchema,
} from "../../graphql/introspect";
import type { Props } from "../common";

export interface Ctx {
  client: GraphqlClient;
  endpoint: string;
}

export async function connect(p: Props): Promise<Ctx> {
  const endpoint: string = p.graphqlUrl ?? `${projectBaseUrl(p.projectRef)}/graphql/v1`;
  const key: string = p.apiKey ?? (await serviceRoleKey(p.projectRef));
  return { client: new GraphqlClient({ url: endpoint, apiKey: () => key }), endpoint };
}

export const CATALOG_SQL =
  "select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2)::int as found, " +
  "coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)) from pg_index i " +
  "join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace " +
  "join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey) where i.indisprimary and n.nspname = $1 and c.relname = $2), '{}') as pk";

export async function resolveSchema(p: Props, ctx: Ctx): Promise<{ schema?: TableSchema; failure?: string }> {
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

/**
 * What check records for the next check: the table schema it validated
 * against and the key as declared. check only sees the old inputs, so it is
 * kept there, under an internal key (`__schemaCache`, one compact opaque
 * line): the engine never shows `__` keys as the user's inputs, so a
 * `--diff` lists only what the user declared.
 */
export interface SchemaCache {
  schema?: TableSchema;
  declaredKey?: string[];
}

/** The inputs key of the schema cache; the `__` prefix marks it internal to the engine. */
export const SCHEMA_CACHE_KEY = "__schemaCache";

const CACHE_VERSION = "v1:";

export function encodeSchemaCache(c: SchemaCache): string {
  return CACHE_VERSION + deflateRawSync(JSON.stringify({ s: c.schema, k: c.declaredKey })).toString("base64");
}

function decodeLine(line: unknown): SchemaCache | undefined {
  if (typeof line !== "string" || !line.startsWith(CACHE_VERSION)) return undefined;
  try {
    const v = JSON.parse(inflateRawSync(Buffer.from(line.slice(CACHE_VERSION.length), "base64")).toString());
    return { schema: v.s ?? undefined, declaredKey: v.k ?? undefined };
  } catch {
    return {};
  }
}

/**
 * The cache recorded in inputs; also reads what earlier versions recorded
 * (a `schemaCache` line, or the uncompressed `resolved` and `declaredKey`).
 */
export function decodeSchemaCache(p: Props | undefined): SchemaCache {
  if (!p) return {};
  return (
    decodeLine(p[SCHEMA_CACHE_KEY]) ??
    decodeLine(p.schemaCache) ?? {
      schema: p.resolved as TableSchema | undefined,
      declaredKey: p.declaredKey as string[] | undefined,
    }
  );
}
