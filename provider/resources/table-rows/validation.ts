/** TableRows validation: the input schema, and rows checked and canonicalized against the table's schema. */
import { z } from "zod";
import type { TableSchema } from "../../graphql/introspect";
import { checkValue, keyString, looseCanonical } from "../../graphql/values";
import { containsUnknown, type CheckFailure } from "../common";
import { projectRef } from "../shared";

export type Row = Record<string, unknown>;

export const MAX_BATCH = 1000;
export const MAX_PAGE = 1000;

const sqlName = /^([A-Za-z_][A-Za-z0-9_$]*\.)?[A-Za-z_][A-Za-z0-9_$]*$/;

export const tableRowsInputs = z
  .object({
    projectRef: projectRef
      .optional()
      .describe(
        "The project's reference (give exactly one of `projectRef` and `graphqlUrl`); its `service_role` key is fetched in memory and never stored. A change replaces the resource.",
      )
      .meta({ replaceOnChanges: true }),
    graphqlUrl: z
      .url({ protocol: /^https?$/, error: "graphqlUrl must be an http(s) URL" })
      .optional()
      .describe(
        "An explicit GraphQL endpoint (`…/graphql/v1`) instead of `projectRef`; then `apiKey` is required. A change replaces the resource.",
      )
      .meta({ replaceOnChanges: true }),
    apiKey: z
      .string({ error: "apiKey must be a string" })
      .min(1, "apiKey must not be empty")
      .optional()
      .describe("Sent as `apikey`; required with `graphqlUrl`. Always stored as a secret.")
      .meta({ secret: true }),
    table: z
      .string({ error: "table is required" })
      .regex(sqlName, "table must be a SQL name (`table` or `schema.table`) or a GraphQL type name")
      .describe(
        "The table: `table` or `schema.table` (SQL names), or its GraphQL type name. A change replaces the resource.",
      )
      .meta({ replaceOnChanges: true }),
    key: z
      .array(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, "a key column must be a plain column name"), {
        error: "key must be a list of column names",
      })
      .min(1, "key must name at least one column")
      .optional()
      .describe(
        "The key columns (default: the primary key; required with `graphqlUrl`). A change replaces the resource.",
      )
      .meta({ replaceOnChanges: true }),
    rows: z
      .array(z.record(z.string(), z.unknown(), { error: "each row must be an object of column → value" }), {
        error: "rows must be a list of objects",
      })
      .max(100_000, "at most 100000 rows per resource")
      .describe(
        "The rows, as column → value objects: `BigInt`/`BigFloat` as strings or numbers, `JSON` as objects, dates as ISO strings.",
      ),
    onDelete: z
      .enum(["delete", "retain"], { error: 'onDelete must be "delete" or "retain"' })
      .default("delete")
      .describe("What destroy does with the rows: `delete` (default) or `retain`."),
    batchSize: z
      .number({ error: "batchSize must be a number" })
      .int("batchSize must be a whole number")
      .min(1, "batchSize must be at least 1")
      .max(MAX_BATCH, `batchSize must be at most ${MAX_BATCH} rows per request`)
      .default(500)
      .describe("Rows per write request, 1..1000 (default 500); each request is one atomic document."),
    pageSize: z
      .number({ error: "pageSize must be a number" })
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(MAX_PAGE, `pageSize must be at most ${MAX_PAGE}`)
      .default(30)
      .describe("Rows per aliased read, 1..1000 (default 30, pg_graphql's default max_rows)."),
    exclusive: z
      .boolean({ error: "exclusive must be a boolean" })
      .default(false)
      .describe("Own the whole table: rows never declared count as drift and are deleted by `up`."),
    adopt: z
      .boolean({ error: "adopt must be a boolean" })
      .optional()
      .describe(
        "Take over declared rows that already exist: create reads the declared keys first, leaves equal rows alone, updates the ones that differ and inserts only the missing ones.",
      ),
    inflect: z
      .boolean({ error: "inflect must be a boolean" })
      .default(false)
      .describe("Only when introspection is disabled: whether the schema inflects names (blog_post → BlogPost)."),
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

/** Maps a declared column name to the API's field name (SQL names work under inflection). */
export function fieldFor(schema: TableSchema, column: string): string | undefined {
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
export function canonicalRow(row: Row, schema?: TableSchema): Row {
  if (schema && schema.source === "introspection") return row;
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = looseCanonical(v);
  return out;
}
