/** TableRows documents: GraphQL mutation and read documents (values only as variables), and key helpers. */
import type { DocumentNode, FieldNode, ValueNode } from "graphql";
import { field, intValue, operation, variable } from "../../graphql/documents";
import type { TableSchema } from "../../graphql/introspect";
import { toWire } from "../../graphql/values";
import type { Row } from "./validation";

export function keyFilter(schema: TableSchema, key: string[], keys: Row[]): Row {
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

export function wireRow(schema: TableSchema, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = toWire(schema.columns[k], v);
  return out;
}

export const affected = [field("affectedCount")];

export interface Planned {
  deletes: Row[];
  updates: Row[];
  inserts: Row[];
}

export function mutationDocument(
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
export function readDocument(
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

export function parseKey(ks: string): unknown[] {
  return JSON.parse(ks) as unknown[];
}

export function keyRow(key: string[], ks: string): Row {
  const vals = parseKey(ks);
  return Object.fromEntries(key.map((k, i) => [k, vals[i]]));
}

/**
 * A row key as people read it, `code=pro` or `region=eu,id=7`: for drift
 * reports (a key string is JSON text, which displays as nested JSON).
 */
export function keyLabel(key: string[], ks: string): string {
  const vals = parseKey(ks);
  return key.map((k, i) => `${k}=${typeof vals[i] === "string" ? vals[i] : JSON.stringify(vals[i])}`).join(",");
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function shownKeys(keys: string[], max = 10): string {
  return keys.length <= max ? keys.join(", ") : `${keys.slice(0, max).join(", ")} and ${keys.length - max} more`;
}
