/**
 * DatabaseMigration without a network: input checks, the refusal of an
 * edited migration without downSql, the replace/update decisions of diff,
 * the statement digest that adoption and drift compare, and the apply's
 * idempotency key.
 */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import {
  migrationChecksum,
  migrationIdempotencyKey,
  statementsDigest,
} from "../../../provider/resources/database-migration";

const mig = provider("databaseMigration");
const REF = "abcdefghijklmnopqrst";
const base = { projectRef: REF, name: "001_plans", sql: "create table plans (code text primary key)" };
const applied = {
  ...base,
  checksum: migrationChecksum(base.sql),
  appliedAt: "2026-01-01T00:00:00.000Z",
  version: "20260101000000",
  adopted: false,
};

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
    expect(await mig.diff("id", applied, { ...news, downSql: undefined })).toMatchObject({ changes: false });
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

describe("DatabaseMigration drift and identity", () => {
  test("a refresh that found drift makes up act, without replacing", async () => {
    const drifted = { ...applied, drift: { deleted: ["missing from history: 20260101000000 001_plans"] } };
    expect(await mig.diff("id", drifted, base)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const changed = { ...applied, drift: { changed: ["statements changed: 20260101000000 001_plans"] } };
    expect((await mig.diff("id", changed, base)).changes).toBe(true);
  });

  test("statements compare regardless of spacing and of how they were split", () => {
    const one = statementsDigest(["create table a (id int);\n  insert into a values (1);"]);
    expect(statementsDigest(["create table a (id int)", "insert into a values (1)"])).toBe(one);
    expect(statementsDigest(["create  table a (id int); insert into a values (1)"])).toBe(one);
    expect(statementsDigest(["create table a (id int)", "insert into a values (2)"])).not.toBe(one);
    expect(statementsDigest([])).toBe(statementsDigest([" ; "]));
  });

  test("the idempotency key follows project, name and sql, and shows none of the sql", () => {
    const key = migrationIdempotencyKey(REF, "001_plans", "create table secret_stuff (pw text default 'hunter2')");
    expect(key).toMatch(/^supabase-pulumi-[0-9a-f]{40}$/);
    expect(key).toBe(
      migrationIdempotencyKey(REF, "001_plans", "create table secret_stuff (pw text default 'hunter2')"),
    );
    expect(migrationIdempotencyKey(REF, "001_plans", "select 2")).not.toBe(key);
    expect(migrationIdempotencyKey(REF, "002_plans", "create table secret_stuff (pw text default 'hunter2')")).not.toBe(
      key,
    );
    expect(migrationIdempotencyKey("tsrqponmlkjihgfedcba", "001_plans", "select 1")).not.toBe(
      migrationIdempotencyKey(REF, "001_plans", "select 1"),
    );
  });
});
