/**
 * The convergence corpus: for every case, `before` is loaded into a "live"
 * scratch database and `after` into a "desired" one; the plan between them
 * runs on the live one in one transaction; then the live catalog must equal
 * the desired one and a second plan must be empty. Every case runs both ways
 * (after → before too), so removals are covered by the same pairs. Two PGlite
 * instances serve the whole file; the owned schemas are reset between cases.
 */
import { DeclaredSqlError, reservedReason } from "../../../pgschema";
import { Bench, type Case } from "./converge";
import { objectCases } from "./corpus-objects";
import { tableCases } from "./corpus-tables";

const corpus: Case[] = [...tableCases, ...objectCases];
let bench: Bench;

beforeAll(async () => {
  bench = await Bench.open();
}, 120_000);
afterAll(() => bench?.close());

test("the corpus has at least 150 cases, each run both ways", () => {
  expect(corpus.length).toBeGreaterThanOrEqual(150);
  expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
});

describe.each([
  ["forward", false],
  ["backward", true],
])("%s", (_dir, reverse) => {
  test.each(corpus.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const r = await bench.run(c, reverse as boolean);
    expect(r.problem).toBeUndefined();
    // Something had to change, and after the plan the live catalog is the declared one.
    expect(r.plan.statements.length).toBeGreaterThan(0);
  });
});

describe("declared SQL that does not load", () => {
  const fail = (files: Array<{ name: string; sql: string }>) =>
    bench.live.reset(["public"]).then(() =>
      bench.live.load(files).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );

  test("a syntax error names the file, the line and PostgreSQL's message", async () => {
    const err = await fail([
      { name: "00_types.sql", sql: "create type hue as enum ('red');\n" },
      {
        name: "10_tables.sql",
        sql: "create table a (id int);\n\n-- the next one is wrong\ncreate tabel b (id int);\n",
      },
    ]);
    expect(err).toBeInstanceOf(DeclaredSqlError);
    expect(err).toMatchObject({
      file: "10_tables.sql",
      line: 4,
      pgMessage: expect.stringMatching(/syntax error at or near "tabel"/),
    });
  });

  test("a statement that parses but fails names its line, with the error's own position", async () => {
    const err = await fail([
      { name: "schema.sql", sql: "create table a (id int);\ncreate table b (\n  id int,\n  kind no_such_type\n);\n" },
    ]);
    expect(err).toMatchObject({
      file: "schema.sql",
      line: 4,
      pgMessage: 'type "no_such_type" does not exist',
      sqlState: "42704",
    });
  });

  test("a failure without a position names the statement's first line", async () => {
    const err = await fail([
      { name: "p.sql", sql: "create table a (id int);\n\n  create policy p on missing_table using (true);\n" },
    ]);
    expect(err).toMatchObject({ file: "p.sql", line: 3, pgMessage: 'relation "missing_table" does not exist' });
  });

  test("a file that fails leaves none of its statements behind, earlier files stay", async () => {
    await fail([
      { name: "a.sql", sql: "create table kept (id int);" },
      { name: "b.sql", sql: "create table gone (id int); select 1/0;" },
    ]);
    const names = (await bench.live.catalog(["public"])).tables.map((t) => t.id);
    expect(names).toEqual(["public.kept"]);
  });
});

describe("reserved schemas", () => {
  test.each([
    ["auth", /Auth/],
    ["storage", /declare `storage`/],
    ["pg_catalog", /PostgreSQL/],
    ["graphql", /GraphQL/],
    ["supabase_migrations", /migration history/],
    ["pg_temp_1", /pg_/],
  ])("%s is refused with its reason", (schema, why) => {
    expect(reservedReason(schema)).toMatch(why);
  });

  test("storage may be owned when declared, for its policies; public and app schemas are free", () => {
    expect(reservedReason("storage", new Set(["storage"]))).toBeUndefined();
    expect(reservedReason("public")).toBeUndefined();
    expect(reservedReason("app")).toBeUndefined();
  });
});
