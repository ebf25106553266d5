/**
 * DatabaseMigration without a network: input checks, the refusal of an
 * edited migration without downSql, and the replace/update decisions of diff.
 * Also TableRows' check reusing the recorded schema (no request at all).
 */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import { migrationChecksum } from "../../../provider/resources/database-migration";
import { namesFor, type TableSchema } from "../../../provider/graphql/introspect";
import { decodeSchemaCache } from "../../../provider/resources/table-rows/connection";

const mig = provider("databaseMigration");
const REF = "abcdefghijklmnopqrst";
const base = { projectRef: REF, name: "001_plans", sql: "create table plans (code text primary key)" };
const applied = { ...base, checksum: migrationChecksum(base.sql), appliedAt: "2026-01-01T00:00:00.000Z" };

describe("DatabaseMigration check", () => {
  test.each([
    ["a name with spaces", { ...base, name: "create plans" }, "name", /1-128 letters/],
    ["an empty sql", { ...base, sql: "   " }, "sql", /must not be empty/],
    ["an empty downSql", { ...base, downSql: "" }, "downSql", /must not be empty when given/],
    ["a bad project ref", { ...base, projectRef: "nope" }, "projectRef", /./],
    ["an unknown input", { ...base, checksumOverride: "x" }, "", /checksumOverride|Unrecognized/],
  ] as const)("refuses %s", async (_t, inputs, property, reason) => {
    const res = await mig.check({}, inputs as Record<string, unknown>);
    const f = res.failures?.find(
      (x) => x.property === property || (property === "" && /checksumOverride|nrecognized/.test(x.reason)),
    );
    expect(f).toBeDefined();
    expect(f!.reason).toMatch(reason);
  });

  test("an applied migration without downSql cannot change its sql", async () => {
    const res = await mig.check(base, { ...base, sql: `${base.sql}; create index on plans (code)` });
    expect(res.failures).toEqual([
      {
        property: "sql",
        reason: expect.stringMatching(
          /migration "001_plans" is already applied and has no downSql, so its SQL cannot change; add a new migration instead/,
        ),
      },
    ]);
  });

  test("with downSql recorded, an edited sql passes check; an unchanged one always does", async () => {
    expect(
      (
        await mig.check(
          { ...base, downSql: "drop table plans" },
          { ...base, sql: "create table plans (code text primary key, n int)", downSql: "drop table plans" },
        )
      ).failures,
    ).toEqual([]);
    expect((await mig.check(base, base)).failures).toEqual([]);
    expect((await mig.check(base, { ...base, sql: UNKNOWN })).failures ?? []).toEqual([]);
  });
});

describe("DatabaseMigration diff", () => {
  test("unchanged: no changes", async () => {
    expect(await mig.diff("id", applied, base)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
  });
  test("an edited sql replaces it, undoing the old version first", async () => {
    expect(
      await mig.diff(
        "id",
        { ...applied, downSql: "drop table plans" },
        { ...base, sql: "create table plans (code text primary key, n int)", downSql: "drop table plans" },
      ),
    ).toEqual({ changes: true, replaces: ["sql"], deleteBeforeReplace: true });
  });
  test("only downSql changed: an in-place update that keeps the checksum", async () => {
    const news = { ...base, downSql: "drop table plans" };
    expect(await mig.diff("id", applied, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const { outs } = await mig.update!("id", applied, news);
    expect(outs).toEqual({ ...news, checksum: applied.checksum, appliedAt: applied.appliedAt });
  });
  test("another project or name, or a sql still unknown, replaces", async () => {
    expect((await mig.diff("id", applied, { ...base, projectRef: "tsrqponmlkjihgfedcba" })).replaces).toEqual([
      "projectRef",
    ]);
    expect((await mig.diff("id", applied, { ...base, name: "002_plans" })).replaces).toEqual(["name"]);
    expect((await mig.diff("id", applied, { ...base, sql: UNKNOWN })).replaces).toEqual(["sql"]);
  });
  test("the checksum is the hex SHA-256 of the sql", () => {
    expect(migrationChecksum("select 1")).toBe("822ae07d4783158bc1912bb623e5107cc9002d519e1143a9c200ed6ee18b6d0f");
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
