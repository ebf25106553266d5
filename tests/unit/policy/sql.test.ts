/**
 * The migrations' tables as PostgreSQL's parser reads them: which tables the
 * stack creates, in which schema, and whether row level security ends up on.
 */
import { analyzeMigrations, loadParser, tableRowsTarget, type MigrationSql } from "../../../policy/sql";

beforeAll(() => loadParser());

const m = (name: string, sql: string): MigrationSql => ({ urn: `urn:${name}`, name, sql });
const tables = (...ms: MigrationSql[]) =>
  analyzeMigrations(ms)
    .tables.map((t) => `${t.schema}.${t.table}:${t.rls ? "rls" : "open"}`)
    .sort();

test("an unqualified table goes to public; enabling row level security in the same or a later migration counts", () => {
  expect(tables(m("001", "create table todos (id int primary key)"))).toEqual(["public.todos:open"]);
  expect(tables(m("001", "create table todos (id int); alter table todos enable row level security;"))).toEqual([
    "public.todos:rls",
  ]);
  expect(
    tables(m("001", "create table todos (id int)"), m("002", "alter table public.todos enable row level security")),
  ).toEqual(["public.todos:rls"]);
  // Migrations are taken in the order of their names, whatever the order they are declared in.
  expect(
    tables(
      m("002", "alter table public.todos disable row level security"),
      m("001", "create table todos (id int); alter table todos enable row level security"),
    ),
  ).toEqual(["public.todos:open"]);
});

test("schema-qualified and quoted names, CREATE SCHEMA elements, IF NOT EXISTS, AS SELECT and SELECT INTO", () => {
  expect(
    tables(
      m(
        "001",
        `create table "Public"."Todos" (id int);
         create table app.items (id int);
         create schema api create table things (id int);
         create table if not exists public.t2 (id int);
         create table public.t3 as select 1 as x;
         select 1 as y into public.t4;
         create temporary table scratch (id int);
         create materialized view public.mv as select 1;
         alter table "Public"."Todos" enable row level security;`,
      ),
    ),
  ).toEqual([
    "Public.Todos:rls",
    "api.things:open",
    "app.items:open",
    "public.t2:open",
    "public.t3:open",
    "public.t4:open",
  ]);
});

test("search_path decides where unqualified names go and which table they mean", () => {
  expect(
    tables(
      m(
        "001",
        `set search_path = app, public;
         create table items (id int);
         alter table items enable row level security;
         create table public.orders (id int);
         alter table orders enable row level security;`,
      ),
      // A new session: the default path again.
      m("002", "create table notes (id int)"),
    ),
  ).toEqual(["app.items:rls", "public.notes:open", "public.orders:rls"]);
  expect(tables(m("001", `set search_path to '"$user", private'; create table secrets (id int);`))).toEqual([
    "private.secrets:open",
  ]);
});

test("renames, SET SCHEMA and drops are followed", () => {
  expect(
    tables(
      m(
        "001",
        `create table a (id int); alter table a rename to b;
         create table c (id int); alter table c set schema private;
         create table d (id int); drop table if exists public.d, nothing;`,
      ),
    ),
  ).toEqual(["private.c:open", "public.b:open"]);
});

test("SQL the parser cannot read is reported with its line, column and the parser's message", () => {
  const r = analyzeMigrations([m("001", "create table ok (id int);\ncreate tabel broken (id int);")]);
  expect(r.tables).toEqual([]);
  expect(r.unreadable).toEqual([
    { urn: "urn:001", migration: "001", line: 2, column: 8, message: 'syntax error at or near "tabel"' },
  ]);
});

test("TableRows names: table or schema.table, unquoted names folded to lower case", () => {
  expect(tableRowsTarget("public.Todos")).toEqual({ schema: "public", table: "todos" });
  expect(tableRowsTarget('"App"."My.Table"')).toEqual({ schema: "App", table: "My.Table" });
  expect(tableRowsTarget("todos")).toEqual({ table: "todos" });
});
