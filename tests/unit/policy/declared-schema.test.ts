/**
 * rls_disabled_in_public on a `DatabaseSchema`'s declared SQL: a table declared
 * in an owned, exposed schema without `enable row level security` is flagged
 * (naming the file), from `sql` and from `sourceDir`; seeding it is flagged too.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { rlsFindings, type StackResource } from "../../../policy/checks";
import { UNKNOWN } from "../../../policy/inputs";
import { rule } from "../../../policy/rules";
import { loadParser } from "../../../policy/sql";
import { readDeclaredDir } from "../../../pgschema/layout";

const res = (kind: string, name: string, props: Record<string, unknown>): StackResource => ({
  urn: `urn:pulumi:dev::app::supabase:index:${kind}::${name}`,
  name,
  kind,
  props,
  propertyDependencies: {},
});

beforeAll(() => loadParser());

test("a declared table in an exposed owned schema without row level security is flagged; one with it is not", () => {
  const schema = res("DatabaseSchema", "app", {
    projectRef: UNKNOWN,
    sql:
      "create table public.notes (id int); create table public.safe (id int);" +
      "alter table public.safe enable row level security; create schema private; create table private.x (id int);",
    schemas: ["public", "private"],
  });
  const found = rlsFindings([schema]);
  expect(found.map((f) => [f.rule, f.field, f.urn])).toEqual([["rls_disabled_in_public", "sql", schema.urn]]);
  expect(found[0]!.message).toBe(
    'DatabaseSchema "app": sql declares table public.notes in the exposed schema public without `enable row level security`. ' +
      `Fix: ${rule("rls_disabled_in_public").fix}`,
  );
  // A schema it does not own is not its to judge; one the stack exposes is.
  const api = res("PostgrestConfig", "rest", { dbSchema: "private" });
  expect(rlsFindings([schema, api]).map((f) => f.message)).toEqual([expect.stringContaining("private.x")]);
  expect(
    rlsFindings([res("DatabaseSchema", "app", { sql: "create table public.notes (id int)", schemas: ["app"] })]),
  ).toEqual([]);
});

test("sourceDir: files read in their order, the finding names the file; seeding the table is flagged", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "policy-schema-"));
  try {
    fs.mkdirSync(path.join(dir, "30_tables"));
    fs.writeFileSync(path.join(dir, "30_tables", "public.todos.sql"), "create table public.todos (id int);\n");
    fs.writeFileSync(path.join(dir, "30_tables", "public.plans.sql"), "create table plans (id int);\n");
    // Enabled in a later file: the declaration as a whole enables it.
    fs.writeFileSync(path.join(dir, "60_rls.sql"), "alter table public.plans enable row level security;\n");
    const schema = res("DatabaseSchema", "app", { sourceDir: "schemas" });
    const seed = res("TableRows", "todo-rows", { table: "public.todos", rows: [] });
    const read: string[] = [];
    const found = rlsFindings([schema, seed], (d) => (read.push(d), readDeclaredDir(dir)));
    expect(read).toEqual(["schemas"]);
    expect(found.map((f) => [f.rule, f.field])).toEqual([
      ["rls_disabled_in_public", "sourceDir"],
      ["table_rows_rls_disabled", "table"],
    ]);
    expect(found[0]!.message).toContain(
      "sourceDir declares table public.todos (in 30_tables/public.todos.sql) in the exposed schema public",
    );
    expect(found[1]!.message).toContain('writes into public.todos, which DatabaseSchema "app" declares');
    // A migration enabling it does not count: the schema's up takes the table back to its declaration.
    const migration = res("DatabaseMigration", "m", {
      name: "001",
      sql: "alter table public.todos enable row level security",
    });
    expect(rlsFindings([schema, migration], () => readDeclaredDir(dir)).map((f) => f.rule)).toEqual([
      "rls_disabled_in_public",
    ]);
    // Without a reader (or one that fails), sourceDir is left to the resource's own check.
    expect(rlsFindings([schema])).toEqual([]);
    expect(
      rlsFindings([schema], () => {
        throw new Error("ENOENT");
      }),
    ).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a declared file the parser cannot read is a violation naming the file and line", () => {
  const [f] = rlsFindings([res("DatabaseSchema", "bad", { sourceDir: "/abs" })], () => [
    { name: "10_types.sql", sql: "create type t as enum ('a');" },
    { name: "30_tables/public.t.sql", sql: "\ncreate table t (id int" },
  ]);
  expect(f).toMatchObject({ rule: "rls_disabled_in_public", field: "sourceDir" });
  expect(f!.message).toMatch(
    /^DatabaseSchema "bad": sourceDir file 30_tables\/public\.t\.sql cannot be parsed \(line 2, column \d+: syntax error at end of input\)/,
  );
});
