/**
 * TableRows without a network: row validation against an introspected
 * schema (every failure names the row and the column), canonical values,
 * row-level diffs, and the GraphQL documents (values only as variables).
 */
import { print } from "graphql";
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import {
  introspectionDocument,
  inflectType,
  namesFor,
  namingRulesSchema,
  type TableSchema,
} from "../../../provider/graphql/introspect";
import { canonicalDecimal, checkValue, fromWire, toWire, type ColumnInfo } from "../../../provider/graphql/values";
import { assertName, field, operation, variable } from "../../../provider/graphql/documents";
import { changedColumns, diffRowState, rowEntry, rowState } from "../../../provider/resources/table-rows/row-state";
import { validateRows } from "../../../provider/resources/table-rows/validation";
import { decodeSchemaCache } from "../../../provider/resources/table-rows/connection";

const col = (scalar: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  scalar,
  list: false,
  nonNull: false,
  insertable: true,
  updatable: true,
  filterOps: scalar === "JSON" ? [] : ["eq", "in", "neq"],
  ...extra,
});

const item: TableSchema = {
  source: "introspection",
  sqlSchema: "public",
  sqlTable: "item",
  ...namesFor("item"),
  columns: {
    id: col("Int", { nonNull: true }),
    name: col("String", { nonNull: true }),
    qty: col("BigInt"),
    price: col("BigFloat"),
    ratio: col("Float"),
    meta: col("JSON"),
    at: col("Datetime"),
    day: col("Date"),
    uid: col("UUID"),
    ok: col("Boolean"),
    mood: col("mood", { enumValues: ["happy", "sad"] }),
    tags: col("String", { list: true }),
    serial_no: col("Int", { insertable: false }),
  },
  sqlNames: {},
  primaryKey: ["id"],
  unchecked: [],
};

type Case = [
  title: string,
  rows: Array<Record<string, unknown>>,
  property: string,
  reason: RegExp,
  schema?: TableSchema,
  key?: string[],
];

const good = { id: 1, name: "a" };
const cases: Case[] = [
  [
    "an unknown column",
    [{ ...good, colour: "red" }],
    "rows[0].colour",
    /unknown column "colour" on public.item \(columns: id, name/,
  ],
  ["a string in an Int column", [{ id: "1", name: "a" }], "rows[0].id", /expected Int .* got the string "1"/],
  ["a fractional Int", [{ id: 1.5, name: "a" }], "rows[0].id", /expected Int/],
  ["an Int beyond 32 bits", [{ id: 2 ** 31, name: "a" }], "rows[0].id", /within 32 bits/],
  ["a number in a String column", [{ id: 1, name: 7 }], "rows[0].name", /expected String, got number 7/],
  ["a BigInt with letters", [{ ...good, qty: "12a" }], "rows[0].qty", /expected BigInt/],
  ["a BigInt beyond 64 bits", [{ ...good, qty: "9223372036854775808" }], "rows[0].qty", /within 64 bits/],
  ["an unsafe BigInt number", [{ ...good, qty: 2 ** 60 }], "rows[0].qty", /expected BigInt/],
  ["a BigFloat that is not a number", [{ ...good, price: "1,5" }], "rows[0].price", /expected BigFloat/],
  [
    "serialized JSON",
    [{ ...good, meta: '{"a":1}' }],
    "rows[0].meta",
    /expected JSON \(an object, array, number or boolean; it is serialized on the wire\)/,
  ],
  ["a malformed timestamp", [{ ...good, at: "yesterday" }], "rows[0].at", /expected Datetime/],
  ["a date that does not exist", [{ ...good, day: "2023-02-30" }], "rows[0].day", /existing calendar day/],
  ["a malformed UUID", [{ ...good, uid: "not-a-uuid" }], "rows[0].uid", /expected UUID/],
  ["a string in a Boolean column", [{ ...good, ok: "yes" }], "rows[0].ok", /expected Boolean/],
  ["an unknown enum label", [{ ...good, mood: "angry" }], "rows[0].mood", /one of "happy", "sad"/],
  ["a scalar in a list column", [{ ...good, tags: "a" }], "rows[0].tags", /expected a list of String/],
  ["null in a NOT NULL column", [{ id: 1, name: null }], "rows[0].name", /must not be null/],
  ["a generated column", [{ ...good, serial_no: 3 }], "rows[0].serial_no", /cannot be written/],
  ["a missing key value", [good, { name: "b" }], "rows[1].id", /key column "id" is missing/],
  ["a null key value", [{ id: null, name: "b" }], "rows[0].id", /must not be null/],
  ["a duplicate key", [good, { id: 1, name: "b" }], "rows[1]", /duplicate key \[1\]: rows\[0\] has the same id/],
  [
    "a duplicate composite key",
    [
      { id: 1, name: "a" },
      { id: 1, name: "a" },
    ],
    "rows[1]",
    /duplicate key \[1,"a"\]/,
    item,
    ["id", "name"],
  ],
  ["a key on an unknown column", [good], "key[0]", /unknown column "code"/, item, ["code"]],
  ["a JSON key column", [{ ...good, meta: { a: 1 } }], "key[0]", /cannot be filtered on/, item, ["meta"]],
  ["a serial key column", [{ ...good, serial_no: 1 }], "key[0]", /generated, serial or identity/, item, ["serial_no"]],
  [
    "a table whose key cannot be discovered",
    [good],
    "key",
    /primary key of public.item could not be discovered/,
    { ...item, primaryKey: undefined },
  ],
];

describe("row validation against the introspected schema", () => {
  test.each(cases)("refuses %s, naming the row and column", (_t, rows, property, reason, schema = item, key) => {
    const { failures } = validateRows(schema, rows, key);
    const f = failures.find((x) => x.property === property);
    expect(f).toBeDefined();
    expect(f!.reason).toMatch(reason);
  });

  test("accepts good rows and answers them in canonical form", () => {
    const { failures, rows, key } = validateRows(
      item,
      [
        {
          id: 1,
          name: "a",
          qty: 12,
          price: "0025.500",
          meta: { b: 1, a: [1, { d: 2, c: 3 }] },
          at: "2024-01-01 10:00:00+02",
          uid: "AAAAAAAA-0000-0000-0000-000000000001",
          tags: ["x"],
        },
      ],
      undefined,
    );
    expect(failures).toEqual([]);
    expect(key).toEqual(["id"]);
    expect(rows[0]).toEqual({
      id: 1,
      name: "a",
      qty: "12",
      price: "25.5",
      meta: { a: [1, { c: 3, d: 2 }], b: 1 },
      at: "2024-01-01T08:00:00.000Z",
      uid: "aaaaaaaa-0000-0000-0000-000000000001",
      tags: ["x"],
    });
    expect(Object.keys(rows[0].meta as object)).toEqual(["a", "b"]);
  });

  test("maps SQL column names to inflected GraphQL fields", () => {
    const inflected: TableSchema = {
      ...item,
      ...namesFor("BlogPost"),
      sqlTable: "blog_post",
      columns: { id: col("Int"), postTitle: col("String") },
      sqlNames: { post_title: "postTitle" },
    };
    const { failures, rows } = validateRows(inflected, [{ id: 1, post_title: "t" }], undefined);
    expect(failures).toEqual([]);
    expect(rows[0]).toEqual({ id: 1, postTitle: "t" });
  });

  test("without introspection, a key is required and values pass through unchecked", () => {
    const s = namingRulesSchema("public.blog_post", true);
    expect(s.typeName).toBe("BlogPost");
    expect(s.collection).toBe("blogPostCollection");
    expect(s.unchecked.join(" ")).toMatch(/column names and value types/);
    expect(validateRows(s, [{ id: 1 }], undefined).failures).toEqual([
      { property: "key", reason: "key is required when the schema cannot be introspected (introspection is disabled)" },
    ]);
    expect(validateRows({ ...s, primaryKey: ["id"] }, [{ id: 1, meta: { a: 1 } }], ["id"]).failures).toEqual([]);
  });

  test("values still unknown during preview are not judged", () => {
    const { failures } = validateRows(item, [{ id: 1, name: UNKNOWN, qty: UNKNOWN }], undefined);
    expect(failures).toEqual([]);
  });
});

describe("check before any request", () => {
  const rows = provider("tableRows");
  const base = { projectRef: "abcdefghijklmnopqrst", table: "item", rows: [{ id: 1 }] };
  test.each([
    ["an oversized batch", { ...base, batchSize: 5000 }, "batchSize", /at most 1000 rows per request/],
    ["a zero page size", { ...base, pageSize: 0 }, "pageSize", /at least 1/],
    [
      "both projectRef and graphqlUrl",
      { ...base, graphqlUrl: "http://x/graphql/v1", apiKey: "k" },
      "projectRef",
      /exactly one of projectRef and graphqlUrl/,
    ],
    [
      "a graphqlUrl without apiKey",
      { table: "item", rows: [], graphqlUrl: "http://x/graphql/v1" },
      "apiKey",
      /apiKey is required with graphqlUrl/,
    ],
    ["a table name with SQL in it", { ...base, table: "item; drop table x" }, "table", /must be a SQL name/],
    ["rows that are not objects", { ...base, rows: [1, 2] }, "rows[0]", /each row must be an object/],
    ["an unknown onDelete", { ...base, onDelete: "truncate" }, "onDelete", /"delete" or "retain"/],
    ["a key column named twice", { ...base, key: ["id", "id"] }, "key", /names a column twice/],
  ] as const)("refuses %s", async (_t, inputs, property, reason) => {
    const res = await rows.check({}, inputs as Record<string, unknown>);
    const f = res.failures?.find((x) => x.property === property);
    expect(f).toBeDefined();
    expect(f!.reason).toMatch(reason);
  });

  test("with the project still unknown (preview), check passes without a request", async () => {
    const res = await rows.check({}, { ...base, projectRef: UNKNOWN });
    expect(res.failures).toEqual([]);
  });
});

describe("canonical values", () => {
  test.each([
    ["1.50", "1.5"],
    ["0025", "25"],
    ["-0.0", "0"],
    ["1e3", "1000"],
    ["1.25E-2", "0.0125"],
    [".5", "0.5"],
  ])("decimal %s is %s", (input, out) => expect(canonicalDecimal(input)).toBe(out));

  test("wire forms and what comes back compare equal", () => {
    const json = col("JSON");
    expect(toWire(json, { a: 1 })).toBe('{"a":1}');
    expect(fromWire(json, '{"b": 2, "a": 1}')).toEqual({ a: 1, b: 2 });
    expect(fromWire(col("BigFloat"), "25.50")).toBe("25.5");
    expect(fromWire(col("BigInt"), "0012")).toBe("12");
    expect(fromWire(col("Datetime"), "2024-01-01T02:00:00+02:00")).toBe("2024-01-01T00:00:00.000Z");
    expect(fromWire(col("Datetime"), "2024-01-01T00:00:00")).toBe("2024-01-01T00:00:00.000Z");
    expect(checkValue(col("Time"), "07:30").ok && (checkValue(col("Time"), "07:30") as any).value).toBe("07:30:00");
  });
});

describe("row-level diff", () => {
  const key = ["id"];
  const before = rowState(item, key, [
    { id: 1, name: "a", price: "1.5" },
    { id: 2, name: "b" },
    { id: 3, name: "c" },
  ]);

  test("reports added, changed and removed keys", () => {
    const after = rowState(item, key, [
      { id: 1, name: "a", price: "1.5" },
      { id: 2, name: "B" },
      { id: 4, name: "d" },
    ]);
    expect(diffRowState(before, after)).toEqual({ added: ["[4]"], changed: ["[2]"], removed: ["[3]"] });
  });

  test("values written differently never differ once canonical", () => {
    const again = validateRows(
      item,
      [
        { id: 1, name: "a", price: "1.500" },
        { id: 2, name: "b" },
        { id: 3, name: "c" },
      ],
      undefined,
    ).rows;
    expect(diffRowState(before, rowState(item, key, again))).toEqual({ added: [], changed: [], removed: [] });
    const j1 = rowState(item, key, validateRows(item, [{ id: 1, name: "a", meta: { x: 1, y: 2 } }], undefined).rows);
    const j2 = rowState(item, key, validateRows(item, [{ id: 1, name: "a", meta: { y: 2, x: 1 } }], undefined).rows);
    expect(diffRowState(j1, j2).changed).toEqual([]);
  });

  test("declaring one more column changes the row", () => {
    const after = rowState(item, key, [
      { id: 1, name: "a", price: "1.5", ok: null },
      { id: 2, name: "b" },
      { id: 3, name: "c" },
    ]);
    expect(diffRowState(before, after).changed).toEqual(["[1]"]);
  });

  test("column digests name the columns that differ, and only those", () => {
    const cols = ["id", "name", "price"];
    const a = rowEntry(0, { id: 1, name: "a", price: "1" }, cols);
    const b = rowEntry(0, { id: 1, name: "a", price: "2" }, cols);
    const c = rowEntry(0, { id: 1, name: "b", price: "2" }, cols);
    expect(changedColumns(a, a, cols)).toEqual([]);
    expect(changedColumns(a, b, cols)).toEqual(["price"]);
    expect(changedColumns(a, c, cols)).toEqual(["name", "price"]);
    // A state entry from before column digests: the row changed, the column is not known, so all are named.
    const legacy = a.split(":").slice(0, 2).join(":");
    expect(changedColumns(legacy, b, cols)).toEqual(cols);
  });

  test("state is small: about 50 bytes a row", () => {
    const many = rowState(
      item,
      key,
      Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `n${i}` })),
    );
    const bytes = JSON.stringify(many).length;
    expect(bytes).toBeLessThan(10_000 * 50);
  });
});

describe("documents", () => {
  test("names are validated and values are variables", () => {
    expect(() => assertName("x{ y }")).toThrow(/Not a valid GraphQL name/);
    const doc = operation(
      "query",
      "Q",
      [["f0", "itemFilter"]],
      [field("itemCollection", { alias: "r0", args: { filter: variable("f0") }, selections: [field("id")] })],
    );
    expect(print(doc)).toBe("query Q($f0: itemFilter) {\n  r0: itemCollection(filter: $f0) {\n    id\n  }\n}");
  });

  test("introspection asks for each candidate's type, inputs and filter in one document", () => {
    const { document, variables } = introspectionDocument(["blog_post", inflectType("blog_post")]);
    expect(variables).toMatchObject({
      t0: "blog_post",
      t1: "BlogPost",
      i1: "BlogPostInsertInput",
      f0: "blog_postFilter",
    });
    expect(print(document)).not.toContain("blog_post");
  });
});

describe("TableRows check reuses the recorded schema", () => {
  const rowsP = provider("tableRows");
  const schema: TableSchema = {
    source: "introspection",
    sqlSchema: "public",
    sqlTable: "plan",
    ...namesFor("plan"),
    columns: {
      code: {
        scalar: "String",
        list: false,
        nonNull: true,
        insertable: true,
        updatable: true,
        filterOps: ["eq", "in"],
      },
      price: {
        scalar: "BigFloat",
        list: false,
        nonNull: false,
        insertable: true,
        updatable: true,
        filterOps: ["eq", "in"],
      },
    },
    sqlNames: {},
    primaryKey: ["code"],
    unchecked: [],
  };
  // An unreachable endpoint: any request would fail the test.
  const target = { graphqlUrl: "http://127.0.0.1:9/graphql/v1", apiKey: "k", table: "plan" };
  const olds = {
    ...target,
    declaredKey: undefined,
    key: ["code"],
    rows: [{ code: "a", price: "1" }],
    resolved: schema,
    onDelete: "delete",
    batchSize: 500,
    pageSize: 30,
    exclusive: false,
    inflect: false,
  };

  test("edited rows that validate make no request", async () => {
    const res = await rowsP.check(olds, {
      ...target,
      rows: [
        { code: "a", price: 2.5 },
        { code: "b", price: "3" },
      ],
    });
    expect(res.failures).toEqual([]);
    expect(res.inputs!.rows).toEqual([
      { code: "a", price: "2.5" },
      { code: "b", price: "3" },
    ]);
    // The recorded schema (an earlier state's `resolved`) is carried on as one compact line, under an internal key.
    expect(res.inputs).not.toHaveProperty("resolved");
    expect(res.inputs).not.toHaveProperty("declaredKey");
    expect(res.inputs).not.toHaveProperty("schemaCache");
    expect(res.inputs!.__schemaCache).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(decodeSchemaCache(res.inputs).schema).toEqual(schema);
    const again = await rowsP.check(res.inputs!, { ...target, rows: [{ code: "a", price: 4 }] });
    expect(again.failures).toEqual([]);
    expect(again.inputs!.rows).toEqual([{ code: "a", price: "4" }]);
  });
});
