/**
 * Resolving a table's GraphQL names, columns and key: one introspection
 * request per table per process (cached; failures and missing tables are not
 * cached, so a table created by a migration later in the same run is seen).
 *
 * pg_graphql's introspection does not say which columns form the primary key.
 * The key comes from the `<type>ByPk` entry's arguments when the API has one
 * (pg_graphql 1.6+), else from the database catalog through the management
 * API's read-only SQL endpoint (when the table is addressed by project), else
 * it must be declared.
 *
 * When introspection is disabled (`Unknown field "__type"`), names follow the
 * documented naming rules (with or without inflection), and what that leaves
 * unchecked is listed in `unchecked`.
 */
import type { FieldNode } from "graphql";
import { GraphqlError, type GraphqlClient, type GraphqlData } from "./client";
import { field, operation, variable } from "./documents";
import type { ColumnInfo } from "./values";

export interface TableSchema {
  source: "introspection" | "naming-rules";
  /** SQL schema and table as declared (`public` when not given). */
  sqlSchema: string;
  sqlTable: string;
  typeName: string;
  collection: string;
  insert: string;
  update: string;
  delete: string;
  /** By GraphQL field name. Empty when the schema could not be introspected. */
  columns: Record<string, ColumnInfo>;
  /** SQL column name → GraphQL field name, where they differ (inflection, renames). */
  sqlNames: Record<string, string>;
  /** Primary-key fields, when discovered. */
  primaryKey?: string[];
  /** What could not be checked, in words (empty with introspection). */
  unchecked: string[];
}

export type Lookup = { found: true; schema: TableSchema } | { found: false; reason: string; definite: boolean };

/** `blog_post` → `BlogPost`, following pg_graphql's inflection rule. */
export function inflectType(sql: string): string {
  let out = "";
  let upper = true;
  for (const ch of sql) {
    if (!/[A-Za-z0-9]/.test(ch)) {
      upper = true;
      if (ch !== "_") out += ch;
      continue;
    }
    out += upper ? ch.toUpperCase() : ch;
    upper = false;
  }
  return out;
}

export const lcFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
export const inflectField = (sql: string) => lcFirst(inflectType(sql));

/** `schema.table` or `table`; the schema defaults to `public`. */
export function splitTable(table: string): { schema: string; table: string } {
  const i = table.indexOf(".");
  return i === -1 ? { schema: "public", table } : { schema: table.slice(0, i), table: table.slice(i + 1) };
}

export function namesFor(
  typeName: string,
): Pick<TableSchema, "typeName" | "collection" | "insert" | "update" | "delete"> {
  return {
    typeName,
    collection: `${lcFirst(typeName)}Collection`,
    insert: `insertInto${typeName}Collection`,
    update: `update${typeName}Collection`,
    delete: `deleteFrom${typeName}Collection`,
  };
}

/** A schema built from the naming rules alone (introspection disabled). */
export function namingRulesSchema(table: string, inflect: boolean, key?: string[]): TableSchema {
  const { schema, table: t } = splitTable(table);
  return {
    source: "naming-rules",
    sqlSchema: schema,
    sqlTable: t,
    ...namesFor(inflect ? inflectType(t) : t),
    columns: {},
    sqlNames: {},
    primaryKey: key,
    unchecked: [
      "the table's GraphQL names (derived from the naming rules" +
        (inflect ? ", with inflection" : ", without inflection") +
        ")",
      "column names and value types (values are sent as declared; objects are serialized as JSON)",
      "the primary key (the declared key is used as is)",
    ],
  };
}

const typeRef = (depth: number): FieldNode[] => {
  const base = [field("kind"), field("name"), field("enumValues", { selections: [field("name")] })];
  return depth === 0 ? base : [...base, field("ofType", { selections: typeRef(depth - 1) })];
};

/** The introspection document for the candidate type names (values travel as variables). */
export function introspectionDocument(candidates: string[]) {
  const vars: Array<[string, string]> = [["query", "String!"]];
  const sel: FieldNode[] = [
    field("__type", {
      alias: "q",
      args: { name: variable("query") },
      selections: [field("fields", { selections: [field("name"), field("args", { selections: [field("name")] })] })],
    }),
  ];
  candidates.forEach((_c, i) => {
    for (const [suffix, alias] of [
      ["", "t"],
      ["InsertInput", "i"],
      ["UpdateInput", "u"],
      ["Filter", "f"],
    ] as const) {
      const v = `${alias}${i}`;
      vars.push([v, "String!"]);
      const selections =
        alias === "t"
          ? [field("name"), field("fields", { selections: [field("name"), field("type", { selections: typeRef(3) })] })]
          : alias === "f"
            ? [
                field("inputFields", {
                  selections: [
                    field("name"),
                    field("type", {
                      selections: [field("name"), field("inputFields", { selections: [field("name")] })],
                    }),
                  ],
                }),
              ]
            : [field("inputFields", { selections: [field("name")] })];
      sel.push(field("__type", { alias: v, args: { name: variable(v) }, selections }));
      void suffix;
    }
  });
  const variables: Record<string, string> = { query: "Query" };
  candidates.forEach((c, i) => {
    variables[`t${i}`] = c;
    variables[`i${i}`] = `${c}InsertInput`;
    variables[`u${i}`] = `${c}UpdateInput`;
    variables[`f${i}`] = `${c}Filter`;
  });
  return { document: operation("query", "SupabasePulumiIntrospectTable", vars, sel), variables };
}

interface TypeRefJson {
  kind: string;
  name: string | null;
  enumValues?: Array<{ name: string }> | null;
  ofType?: TypeRefJson | null;
}

function unwrap(t: TypeRefJson): { scalar: string; list: boolean; nonNull: boolean; enumValues?: string[] } {
  let nonNull = false;
  let list = false;
  let cur: TypeRefJson | null | undefined = t;
  if (cur.kind === "NON_NULL") {
    nonNull = true;
    cur = cur.ofType;
  }
  while (cur && (cur.kind === "LIST" || cur.kind === "NON_NULL")) {
    if (cur.kind === "LIST") list = true;
    cur = cur.ofType;
  }
  const enumValues = cur?.kind === "ENUM" && cur.enumValues ? cur.enumValues.map((e) => e.name) : undefined;
  return { scalar: cur?.name ?? "Opaque", list, nonNull, ...(enumValues ? { enumValues } : {}) };
}

/** True for pg_graphql's answer when introspection is turned off. */
export function isIntrospectionDisabled(err: unknown): boolean {
  return (
    GraphqlError.isGraphql(err) && err.messages.some((m) => /Unknown field "__(type|schema)" on type Query/.test(m))
  );
}

export interface CatalogInfo {
  exists: boolean;
  primaryKey: string[];
}

/**
 * Introspects the table. `catalog` answers the SQL primary key (and whether
 * the table exists at all) when the API offers no ByPk entry.
 */
export async function introspectTable(
  client: GraphqlClient,
  table: string,
  catalog?: () => Promise<CatalogInfo>,
): Promise<Lookup> {
  const { schema: sqlSchema, table: sqlTable } = splitTable(table);
  const candidates = [...new Set([sqlTable, inflectType(sqlTable)])];
  const { document, variables } = introspectionDocument(candidates);
  const data = await client.request<GraphqlData>(document, variables, {
    mutation: false,
    context: `introspecting ${table}`,
  });
  const idx = candidates.findIndex((_c, i) => data[`t${i}`]?.fields);
  if (idx === -1) {
    const info = catalog ? await catalog() : undefined;
    if (info?.exists) {
      return {
        found: false,
        definite: true,
        reason:
          info.primaryKey.length === 0
            ? `table ${sqlSchema}.${sqlTable} has no primary key, so the GraphQL API does not expose it; add a primary key`
            : `table ${sqlSchema}.${sqlTable} is not exposed by the GraphQL API to this API key's role (check its grants and that its schema is in the API's search path)`,
      };
    }
    return {
      found: false,
      definite: false,
      reason: `no GraphQL type ${candidates.map((c) => `"${c}"`).join(" or ")} for table ${table}`,
    };
  }
  const t = data[`t${idx}`];
  const insertable = new Set<string>((data[`i${idx}`]?.inputFields ?? []).map((f: { name: string }) => f.name));
  const updatable = new Set<string>((data[`u${idx}`]?.inputFields ?? []).map((f: { name: string }) => f.name));
  const filterOps = new Map<string, string[]>();
  for (const f of data[`f${idx}`]?.inputFields ?? []) {
    filterOps.set(
      f.name,
      (f.type?.inputFields ?? []).map((o: { name: string }) => o.name),
    );
  }
  const columns: Record<string, ColumnInfo> = {};
  for (const f of t.fields as Array<{ name: string; type: TypeRefJson }>) {
    const u = unwrap(f.type);
    // Relations (object types and connections) and nodeId are not columns.
    if (f.name === "nodeId") continue;
    let base: TypeRefJson | null | undefined = f.type;
    while (base && (base.kind === "NON_NULL" || base.kind === "LIST")) base = base.ofType;
    if (base && base.kind !== "SCALAR" && base.kind !== "ENUM") continue;
    columns[f.name] = {
      ...u,
      insertable: insertable.has(f.name),
      updatable: updatable.has(f.name),
      filterOps: filterOps.get(f.name) ?? [],
    };
  }
  const typeName = t.name as string;
  const inflected = typeName !== sqlTable;
  const sqlNames: Record<string, string> = {};
  const names = namesFor(typeName);
  let primaryKey: string[] | undefined;
  const byPk = (data.q?.fields ?? []).find((f: { name: string }) => f.name === `${lcFirst(typeName)}ByPk`);
  if (byPk) primaryKey = byPk.args.map((a: { name: string }) => a.name);
  else if (catalog) {
    const info = await catalog();
    if (info.primaryKey.length > 0) {
      primaryKey = info.primaryKey.map((c) =>
        columns[c] ? c : inflected && columns[inflectField(c)] ? inflectField(c) : c,
      );
    }
  }
  if (inflected) for (const c of Object.keys(columns)) sqlNames[c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)] = c;
  return {
    found: true,
    schema: { source: "introspection", sqlSchema, sqlTable, ...names, columns, sqlNames, primaryKey, unchecked: [] },
  };
}
