/**
 * DatabaseSchema provider methods against the emulator: the plan computed by
 * check (so preview shows it), applied as one migration of the history;
 * drift made out of band (a policy dropped, a grant revoked, a column added,
 * a default changed) named by refresh and repaired by up; refusals (bad SQL
 * with file and line, reserved schemas, destructive plans, a plan that fails
 * on the live database); onDelete drop. One project for the whole file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as runtime from "supabase-pulumi/runtime";
import { schemaCommand } from "../../../cli/schema";
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import { runCaptured } from "../../../harness/cli";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("schema");
const P = () => runtime.provider("databaseSchema");
afterAll(() => closeScratch());

const QUERY = "POST /v1/projects/{ref}/database/query";
const LIST = "GET /v1/projects/{ref}/database/migrations";
const APPLY = "POST /v1/projects/{ref}/database/migrations";
const GET = "GET /v1/projects/{ref}/database/migrations/{version}";

async function sql(query: string): Promise<Array<Record<string, unknown>>> {
  const res = await ctx.emu.api("POST", `/v1/projects/${ctx.ref}/database/query`, { query });
  if (res.status !== 201) throw new Error(`${query}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const NOTES = `
create table notes (id bigint generated always as identity primary key, owner uuid, body text default 'empty', shared boolean not null default false);
alter table notes enable row level security;
create policy notes_shared on notes for select to anon, authenticated using (shared);
revoke all on notes from anon;
grant select on notes to anon;
create index notes_owner on notes (owner);
`;

let state: { id: string; outs: Record<string, any> };

test("check plans from the live catalog; create applies it as one migration; nothing is left to plan", async () => {
  const { emu, ref } = ctx;
  const checked = await P().check({}, { projectRef: ctx.ref, sql: NOTES, migrationName: "notes" });
  expect(checked.failures).toEqual([]);
  expect(await calls(emu)).toEqual([QUERY]);
  const inputs = checked.inputs!;
  expect(inputs).toMatchObject({ schemas: ["public"], allowDestructive: false, onDelete: "retain" });
  expect(inputs.hash).toMatch(/^[0-9a-f]{64}$/);
  // The exact SQL `up` will run, as preview shows it.
  expect(inputs.plan).toContain("CREATE TABLE public.notes (");
  expect(inputs.plan).toContain(
    "CREATE POLICY notes_shared ON public.notes AS PERMISSIVE FOR SELECT TO anon, authenticated USING (shared);",
  );
  expect(inputs.plan).toContain("REVOKE DELETE ON TABLE public.notes FROM anon;");
  expect(inputs.plan).toContain("CREATE INDEX notes_owner ON public.notes USING btree (owner);");
  expect((await P().diff("", {}, inputs)).changes).toBe(true);

  await emu.clearRequests();
  const created = await P().create(inputs);
  expect(await calls(emu)).toEqual([QUERY, LIST, APPLY, LIST, GET]);
  expect(created.id).toBe(`${ref}/public`);
  expect(created.outs).toMatchObject({
    plan: "",
    appliedStatements: expect.any(Number),
    lastMigrationVersion: /^\d{14}$/,
  });
  const history = (await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body;
  expect(history).toContainEqual({
    version: created.outs!.lastMigrationVersion,
    name: expect.stringMatching(/^notes_[0-9a-f]{12}$/),
  });
  expect(await sql("select count(*)::int as n from notes")).toEqual([{ n: 0 }]);
  state = { id: created.id, outs: created.outs! };

  // Refresh: nothing differs. A second check plans nothing, and diff sees no change.
  await emu.clearRequests();
  const read = await P().read(state.id, state.outs);
  expect(await calls(emu)).toEqual([QUERY]);
  expect(read.props).toMatchObject({ plan: "", pendingStatements: 0 });
  expect(read.props!.drift).toBeUndefined();
  const again = await P().check(state.outs, { projectRef: ref, sql: NOTES, migrationName: "notes" });
  expect(again.inputs!.plan).toBe("");
  expect((await P().diff(state.id, state.outs, again.inputs!)).changes).toBe(false);
});

test("an edited declaration: preview shows exactly the new statements; update applies them as a new migration", async () => {
  const { emu, ref } = ctx;
  const edited = `${NOTES}\nalter table notes add column title text not null default '';\ncomment on table notes is 'what users write';\n`;
  const checked = await P().check(state.outs, { projectRef: ref, sql: edited, migrationName: "notes" });
  expect(checked.failures).toEqual([]);
  expect(checked.inputs!.plan).toBe(
    "ALTER TABLE public.notes ADD COLUMN title text DEFAULT ''::text NOT NULL;\nCOMMENT ON TABLE public.notes IS 'what users write';\n",
  );
  expect((await P().diff(state.id, state.outs, checked.inputs!)).changes).toBe(true);
  await emu.clearRequests();
  const updated = await P().update(state.id, state.outs, checked.inputs!);
  expect(await calls(emu)).toEqual([QUERY, LIST, APPLY, LIST, GET]);
  expect(updated.outs!.lastMigrationVersion > state.outs.lastMigrationVersion).toBe(true);
  expect(updated.outs!.appliedStatements).toBe(2);
  state = { ...state, outs: updated.outs! };
});

test("drift made out of band is named by refresh, and up repairs it", async () => {
  const { ref } = ctx;
  await sql(`drop policy notes_shared on notes;
    revoke select on notes from anon;
    alter table notes add column extra int;
    alter table notes alter column body set default 'changed';`);
  const read = await P().read(state.id, state.outs);
  const changed: string[] = read.props!.drift.changed;
  expect(changed).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^policy public\.notes\.notes_shared \(missing\)$/),
      expect.stringMatching(/^grants table public\.notes \(anon SELECT is declared but not granted\)$/),
      expect.stringMatching(/^column public\.notes\.extra \(not declared/),
      expect.stringMatching(/^column public\.notes\.body \(default 'changed'::text → 'empty'::text\)$/),
    ]),
  );
  expect(read.props!.plan).toContain("CREATE POLICY notes_shared ON public.notes");
  // The repair drops a column: destructive, so it is refused until allowed.
  const declared = { projectRef: ref, sql: state.outs.sql, migrationName: "notes" };
  const refused = await P().check(read.props!, declared);
  expect(refused.failures).toEqual([
    {
      property: "allowDestructive",
      reason: expect.stringContaining(
        "ALTER TABLE public.notes DROP COLUMN extra (column public.notes.extra: not declared: its values go)",
      ),
    },
  ]);
  const allowed = await P().check(read.props!, { ...declared, allowDestructive: true });
  expect(allowed.failures).toEqual([]);
  expect((await P().diff(state.id, read.props!, allowed.inputs!)).changes).toBe(true);
  const repaired = await P().update(state.id, read.props!, allowed.inputs!);
  expect(repaired.outs!.drift).toBeUndefined();
  const after = await P().read(state.id, repaired.outs!);
  expect(after.props!.drift).toBeUndefined();
  expect(after.props!.plan).toBe("");
  state = { ...state, outs: repaired.outs! };
});

test("a plan that fails on the live database applies nothing and names the statement", async () => {
  const { emu, ref } = ctx;
  await sql("insert into notes (body, title) values (null, 'no body')");
  const declared = {
    projectRef: ref,
    sql: state.outs.sql.replace("body text default 'empty'", "body text not null default 'empty'"),
    migrationName: "notes",
  };
  const checked = await P().check(state.outs, declared);
  expect(checked.failures).toEqual([]);
  const before = (await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body;
  const err = await P()
    .update(state.id, state.outs, checked.inputs!)
    .then(
      () => undefined,
      (e: Error) => e,
    );
  expect(err?.message).toMatch(/column "body" of relation "notes" contains null values/);
  expect(err?.message).toContain("(statement: ALTER TABLE public.notes ALTER COLUMN body SET NOT NULL)");
  expect((await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body).toEqual(before);
  await sql("delete from notes");
});

test("an apply refused while the project restarts (a PostgresConfig in the same up) is asked again, and lands once", async () => {
  const { emu, ref } = ctx;
  const declared = { projectRef: ref, sql: `${state.outs.sql}\ncomment on column notes.title is 'shown first';\n` };
  const checked = await P().check(state.outs, { ...declared, migrationName: "notes" });
  expect(checked.failures).toEqual([]);
  const restarting = { message: `Project is not ready to run queries: its status is RESTARTING.` };
  await emu.addFault({
    method: "POST",
    path: "/v1/projects/{ref}/database/migrations",
    status: 400,
    body: restarting,
    times: 1,
  });
  await emu.clearRequests();
  const updated = await P().update(state.id, state.outs, checked.inputs!);
  expect(updated.outs!.appliedStatements).toBe(1);
  // Planned again after the refusal, applied once: the refused attempt left nothing.
  expect(await calls(emu)).toEqual([QUERY, LIST, APPLY, QUERY, LIST, APPLY, LIST, GET]);
  expect((await emu.faults()).length).toBe(0);
  state = { ...state, outs: updated.outs! };
});

test("refusals: bad SQL names its file and line, reserved schemas their reason, no API call for input errors", async () => {
  const { emu, ref } = ctx;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-"));
  try {
    fs.writeFileSync(path.join(dir, "01_types.sql"), "create type hue as enum ('red', 'green');\n");
    fs.mkdirSync(path.join(dir, "tables"));
    fs.writeFileSync(
      path.join(dir, "tables", "paint.sql"),
      "create table paint (\n  id int primary key,\n  hue hue,\n  mix no_such_type\n);\n",
    );
    const bad = await P().check({}, { projectRef: ref, sourceDir: dir });
    expect(bad.failures).toEqual([
      { property: "sourceDir", reason: 'tables/paint.sql:4: type "no_such_type" does not exist' },
    ]);
    fs.writeFileSync(path.join(dir, "tables", "paint.sql"), "create table paint (id int primary key, hue hue);\n");
    const good = await P().check({}, { projectRef: ref, sourceDir: dir, schemas: ["public"], allowDestructive: true });
    expect(good.failures).toEqual([]);
    expect(good.inputs!.plan).toContain("CREATE TYPE public.hue AS ENUM ('red', 'green');\n");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await emu.clearRequests();
  const syntax = await P().check({}, { projectRef: ref, sql: "create table a (id int);\n\ncreate tabel b ();" });
  expect(syntax.failures).toEqual([
    { property: "sql", reason: expect.stringMatching(/^sql:3: syntax error at or near "tabel"/) },
  ]);
  const auth = await P().check({}, { projectRef: ref, sql: "select 1;", schemas: ["auth"] });
  expect(auth.failures).toEqual([
    {
      property: "schemas",
      reason: expect.stringContaining('schema "auth" cannot be owned: the platform\'s Auth service owns it'),
    },
  ]);
  const storage = await P().check(
    {},
    { projectRef: ref, sql: "create table public.t (id int);", schemas: ["storage"] },
  );
  expect(storage.failures![0]).toMatchObject({
    property: "schemas",
    reason: expect.stringContaining("declare `storage` in `schemas` only to own its policies"),
  });
  const both = await P().check({}, { projectRef: ref, sql: "select 1;", sourceDir: "x" });
  expect(both.failures).toEqual([{ property: "sql", reason: "give exactly one of sourceDir and sql" }]);
  const badName = await P().check({}, { projectRef: ref, sql: "select 1;", schemas: ["Bad Name"] });
  expect(badName.failures!.map((f) => f.property)).toEqual(["schemas[0]"]);
  expect(await calls(emu)).toEqual([]);
});

test("onDelete drop drops the owned objects in one migration; retain leaves them", async () => {
  const { ref } = ctx;
  await P().delete(state.id, state.outs);
  expect(await sql("select to_regclass('public.notes')::text as t")).toEqual([{ t: "notes" }]);
  const checked = await P().check(state.outs, {
    projectRef: ref,
    sql: "create schema app; create table app.kept (id int);",
    schemas: ["app"],
    onDelete: "drop",
  });
  expect(checked.failures).toEqual([]);
  const made = await P().create(checked.inputs!);
  expect(await sql("select to_regclass('app.kept')::text as t")).toEqual([{ t: "app.kept" }]);
  await P().delete(made.id, made.outs!);
  expect(await sql("select to_regnamespace('app')::text as s")).toEqual([{ s: null }]);
  const history = (await ctx.emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body;
  expect(history.map((e: { name: string }) => e.name)).toContainEqual(
    expect.stringMatching(/^declarative_schema_drop_/),
  );
  // The same declaration created again runs again: its migration is new, not a repeat of the first.
  const again = await P().check({}, checked.inputs!);
  const remade = await P().create(again.inputs!);
  expect(remade.outs!.lastMigrationVersion).not.toBe(made.outs!.lastMigrationVersion);
  expect(await sql("select to_regclass('app.kept')::text as t")).toEqual([{ t: "app.kept" }]);
  await P().delete(remade.id, remade.outs!);
});

test("the platform's auth schema: declared policies and migrations using auth.uid() and auth.users apply; the Data API does not show it", async () => {
  const { emu, ref } = ctx;
  const declared = `create schema profiles;
create table profiles.profile (id uuid primary key references auth.users (id) on delete cascade, name text);
alter table profiles.profile enable row level security;
create policy own on profiles.profile for all to authenticated using ((select auth.uid()) = id) with check (auth.uid() = id);
create policy by_email on profiles.profile for select to authenticated using (auth.jwt() ->> 'email' = auth.email() and auth.role() = 'authenticated');`;
  const checked = await P().check({}, { projectRef: ref, sql: declared, schemas: ["profiles"] });
  expect(checked.failures).toEqual([]);
  expect(checked.inputs!.plan).toContain("REFERENCES auth.users(id) ON DELETE CASCADE");
  const made = await P().create(checked.inputs!);
  expect(made.outs!.appliedStatements).toBeGreaterThan(0);
  expect((await P().read(made.id, made.outs!)).props!.pendingStatements).toBe(0);
  const migration = runtime.provider("databaseMigration");
  const m = await migration.check(
    {},
    {
      projectRef: ref,
      name: "auth_notes",
      sql: "create table auth_notes (id bigint primary key, owner uuid not null default auth.uid() references auth.users (id)); alter table auth_notes enable row level security; create policy mine on auth_notes using (owner = (select auth.uid()));",
    },
  );
  expect(m.failures).toEqual([]);
  await migration.create(m.inputs!);
  // The functions read the request's claims as the platform's do; the project's own role may read auth.users, not write it.
  expect(
    await sql(
      'select set_config(\'request.jwt.claims\', \'{"sub":"00000000-0000-0000-0000-000000000001","role":"authenticated","email":"a@b.c"}\', true) is not null as s, auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> \'sub\' as sub',
    ),
  ).toEqual([
    {
      s: true,
      uid: "00000000-0000-0000-0000-000000000001",
      role: "authenticated",
      email: "a@b.c",
      sub: "00000000-0000-0000-0000-000000000001",
    },
  ]);
  expect(await sql("select auth.uid() as uid, count(*)::int as n from auth.users")).toEqual([{ uid: null, n: 0 }]);
  expect(
    await sql(
      "select nspname as owner from pg_namespace where nspname = 'auth' and pg_get_userbyid(nspowner) = 'supabase_auth_admin'",
    ),
  ).toEqual([{ owner: "auth" }]);
  // The GraphQL Data API reflects the exposed schemas only: no auth.users, while public's table is there.
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ name: string; api_key: string }>;
  const res = await fetch(`${emu.projectUrlTemplate.replace("{ref}", ref)}/graphql/v1`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: keys.find((k) => k.name === "service_role")!.api_key },
    body: JSON.stringify({ query: "{ __schema { queryType { fields { name } } } }" }),
  });
  const fields = (
    (await res.json()) as { data: { __schema: { queryType: { fields: Array<{ name: string }> } } } }
  ).data.__schema.queryType.fields.map((f) => f.name);
  expect(fields).toContain("auth_notesCollection");
  expect(fields.filter((f) => /^users|profile/i.test(f))).toEqual([]);
});

test("two DatabaseSchemas owning one schema of one project: the second is refused before any API call", async () => {
  const { emu, ref } = ctx;
  const decl = (schema: string) => ({ projectRef: ref, sql: `create schema ${schema};`, schemas: [schema] });
  const first = await P().check({}, decl("owned"), {
    key: "urn:pulumi:dev::app::supabase:index:DatabaseSchema::a",
    name: "a",
  });
  expect(first.failures).toEqual([]);
  await emu.clearRequests();
  // The plugin's identity (the URN), and the SDK's (the hidden input its class adds): both see the first owner.
  const plugin = await P().check({}, decl("owned"), {
    key: "urn:pulumi:dev::app::supabase:index:DatabaseSchema::b",
    name: "b",
  });
  const reason = expect.stringMatching(
    /^schema "owned" of project [a-z]{20} is already owned by the DatabaseSchema "a"/,
  );
  expect(plugin.failures).toEqual([{ property: "schemas", reason }]);
  const dynamic = await P().check({}, { ...decl("owned"), __resourceName: ["billing"] });
  expect(dynamic.failures).toEqual([{ property: "schemas", reason }]);
  expect(dynamic.inputs).not.toHaveProperty("__resourceName");
  expect(await calls(emu)).toEqual([]);
  // The same resource checked again (preview, then up) is no conflict; without an identity nothing is compared.
  const again = await P().check({}, decl("owned"), {
    key: "urn:pulumi:dev::app::supabase:index:DatabaseSchema::a",
    name: "a",
  });
  expect(again.failures).toEqual([]);
  expect((await P().check({}, decl("owned"))).failures).toEqual([]);
  // Another schema, or another project, is free; a resource that moves to another schema releases its own.
  expect((await P().check({}, { ...decl("other"), __resourceName: ["billing"] })).failures).toEqual([]);
  expect(
    (await P().check({}, { ...decl("owned"), projectRef: "zzzzzzzzzzzzzzzzzzzz", __resourceName: ["c"] })).failures,
  ).toEqual([]);
  await P().check({}, decl("moved"), { key: "urn:pulumi:dev::app::supabase:index:DatabaseSchema::a", name: "a" });
  expect((await P().check({}, { ...decl("owned"), __resourceName: ["billing"] })).failures).toEqual([]);
});

test("supabase-pulumi schema plan prints the plan: exit 1 with statements, 0 with none, 2 on a bad file", async () => {
  const { emu, ref } = ctx;
  const saved = { token: process.env.SUPABASE_ACCESS_TOKEN, url: process.env.SUPABASE_API_URL };
  process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
  process.env.SUPABASE_API_URL = emu.apiUrl;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-cli-"));
  const run = (...argv: string[]) => runCaptured(schemaCommand, argv, [emu.accessToken]);
  try {
    fs.writeFileSync(
      path.join(dir, "app.sql"),
      "create schema cli_app;\ncreate table cli_app.thing (id int primary key);\n",
    );
    const first = await run("plan", "--project", ref, "--dir", dir, "--schema", "cli_app");
    expect(first).toEqual({
      code: 1,
      out: 'CREATE SCHEMA "cli_app";\nCREATE TABLE cli_app.thing (\n  id integer NOT NULL\n);\nALTER TABLE cli_app.thing ADD CONSTRAINT thing_pkey PRIMARY KEY (id);\n',
      err: "",
    });
    await sql("create schema cli_app; create table cli_app.thing (id int primary key);");
    expect(await run("plan", "--project", ref, "--dir", dir, "--schema", "cli_app")).toEqual({
      code: 0,
      out: "-- nothing to apply\n",
      err: "",
    });
    fs.writeFileSync(
      path.join(dir, "app.sql"),
      "create schema cli_app;\ncreate table cli_app.thing (id int primary key, x nope);\n",
    );
    const bad = await run("plan", "--project", ref, "--dir", dir, "--schema", "cli_app");
    expect(bad).toEqual({ code: 2, out: "", err: 'supabase-pulumi schema: app.sql:2: type "nope" does not exist\n' });
    expect((await run("plan", "--project", ref, "--dir", dir, "--schema", "auth")).code).toBe(2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    process.env.SUPABASE_ACCESS_TOKEN = saved.token;
    process.env.SUPABASE_API_URL = saved.url;
    if (saved.token === undefined) delete process.env.SUPABASE_ACCESS_TOKEN;
    if (saved.url === undefined) delete process.env.SUPABASE_API_URL;
  }
});
