/**
 * DatabaseMigration provider methods against the emulator: applying through
 * the migration history, adoption of an entry the history already has,
 * drift when the entry is removed or changed out of band, rollback on
 * destroy, settling a lost answer, with the API footprint from the request log.
 */
import * as runtime from "supabase-pulumi/runtime";
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("mig");
const P = () => runtime.provider("databaseMigration");
afterAll(() => closeScratch());

const LIST = "GET /v1/projects/{ref}/database/migrations";
const APPLY = "POST /v1/projects/{ref}/database/migrations";
const UPSERT = "PUT /v1/projects/{ref}/database/migrations";
const ROLLBACK = "DELETE /v1/projects/{ref}/database/migrations";
const GET = "GET /v1/projects/{ref}/database/migrations/{version}";
const PATCH = "PATCH /v1/projects/{ref}/database/migrations/{version}";

async function sql(query: string): Promise<Array<Record<string, unknown>>> {
  const res = await ctx.emu.api("POST", `/v1/projects/${ctx.ref}/database/query`, { query });
  if (res.status !== 201) throw new Error(`${query}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function history(): Promise<Array<{ version: string; name?: string }>> {
  return (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/database/migrations`)).body;
}

async function create(inputs: Record<string, unknown>) {
  const checked = await P().check({}, { projectRef: ctx.ref, ...inputs });
  expect(checked.failures).toEqual([]);
  return P().create(checked.inputs!);
}

test("applies through the history: listed with its version and name; refresh shares the list; no-op costs nothing", async () => {
  const { emu, ref } = ctx;
  const props = { projectRef: ref, name: "001_widgets", sql: "create table widget (id int primary key, label text)" };
  const { id, outs } = await create(props);
  expect(await calls(emu)).toEqual([LIST, APPLY, LIST, GET]);
  expect(id).toBe(`${ref}/001_widgets`);
  expect(outs).toMatchObject({ checksum: expect.stringMatching(/^[0-9a-f]{64}$/), adopted: false });
  expect(outs!.version).toMatch(/^\d{14}$/);
  expect(await history()).toContainEqual({ version: outs!.version, name: "001_widgets" });
  expect(await sql("select count(*)::int as n from widget")).toEqual([{ n: 0 }]);
  // The entry carries the statements and a key derived from the migration, as the CLI reads them.
  const entry = (await emu.api("GET", `/v1/projects/${ref}/database/migrations/${outs!.version}`)).body;
  expect(entry).toMatchObject({ name: "001_widgets", statements: [props.sql], idempotency_key: /^supabase-pulumi-/ });

  const other = await create({ name: "002_other", sql: "create table other (id int)" });
  runtime.resetContexts();
  await emu.clearRequests();
  const [r1, r2] = await Promise.all([P().read(id, outs!), P().read(other.id, other.outs!)]);
  expect(r1.props).toEqual(outs);
  expect(r2.props).toEqual(other.outs);
  // One list for both reads, plus each entry's statements.
  expect((await calls(emu)).sort()).toEqual([LIST, GET, GET]);

  await emu.clearRequests();
  expect((await P().check(props, props)).failures).toEqual([]);
  expect((await P().diff(id, outs!, props)).changes).toBe(false);
  expect(await calls(emu)).toEqual([]);

  const edited = await P().check(props, { ...props, sql: `${props.sql}; alter table widget add column n int` });
  expect(edited.failures).toEqual([
    {
      property: "sql",
      reason: expect.stringMatching(/migration "001_widgets" is already applied and has no downSql/),
    },
  ]);
});

test("adopts an entry the history already has with the same statements, without running it again", async () => {
  const { emu, ref } = ctx;
  await sql("create table counter (n int)");
  // Applied by someone else (e.g. the platform's CLI), split into two statements.
  const theirs = await emu.api("POST", `/v1/projects/${ref}/database/migrations`, {
    query: "insert into counter values (1);\n  insert into counter values (2);",
    name: "010_counter",
  });
  expect(theirs.status).toBe(200);
  const before = await history();
  await emu.clearRequests();

  const { outs } = await create({
    name: "010_counter",
    sql: "insert into counter values (1); insert into counter values (2)",
    downSql: "delete from counter",
  });
  expect(outs).toMatchObject({ adopted: true, version: before.find((e) => e.name === "010_counter")!.version });
  expect(await calls(emu)).toEqual([LIST, GET, PATCH]);
  // Nothing ran: the rows are still the two the first apply inserted; the rollback was recorded.
  expect(await sql("select count(*)::int as n from counter")).toEqual([{ n: 2 }]);
  expect(await history()).toEqual(before);

  // The same name with other statements is not the same migration: it is applied as a new entry.
  const again = await create({ name: "010_counter", sql: "insert into counter values (3)" });
  expect(again.outs).toMatchObject({ adopted: false });
  expect(await sql("select count(*)::int as n from counter")).toEqual([{ n: 3 }]);
  expect((await history()).filter((e) => e.name === "010_counter")).toHaveLength(2);
});

test("an entry removed or changed out of band is drift; up records it again without running the SQL", async () => {
  const { emu, ref } = ctx;
  await sql("create table ticks (n int)");
  const props = { projectRef: ref, name: "020_tick", sql: "insert into ticks values (1)" };
  const { id, outs } = await create(props);
  const version = outs!.version as string;

  // Removed from the history with plain SQL (no rollback runs).
  await sql(`delete from supabase_migrations.schema_migrations where version = '${version}'`);
  runtime.resetContexts();
  const read = await P().read(id, outs!);
  expect(read.props!.drift).toEqual({ deleted: [`missing from history: ${version} 020_tick`] });
  expect(JSON.stringify(read.props!.drift)).not.toContain("insert");
  expect(await P().diff(id, read.props!, props)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });

  await emu.clearRequests();
  const { outs: restored } = await P().update!(id, read.props!, props);
  expect(await calls(emu)).toEqual([UPSERT, LIST, GET]);
  expect(restored!.drift).toBeUndefined();
  expect(await history()).toContainEqual({ version: restored!.version, name: "020_tick" });
  expect(await sql("select count(*)::int as n from ticks")).toEqual([{ n: 1 }]);
  runtime.resetContexts();
  expect((await P().read(id, restored!)).props!.drift).toBeUndefined();

  // Statements edited in the history table.
  await sql(
    `update supabase_migrations.schema_migrations set statements = array['insert into ticks values (2)'] where version = '${restored!.version}'`,
  );
  runtime.resetContexts();
  const changed = await P().read(id, restored!);
  expect(changed.props!.drift).toEqual({ changed: [`statements changed: ${restored!.version} 020_tick`] });

  // Migrations applied by others are left alone: no drift from them.
  await emu.api("POST", `/v1/projects/${ref}/database/migrations`, { query: "select 1", name: "theirs" });
  runtime.resetContexts();
  const { outs: fixed } = await P().update!(id, changed.props!, props);
  runtime.resetContexts();
  expect((await P().read(id, fixed!)).props!.drift).toBeUndefined();
});

test("state written before versions were kept finds its entry by name and statements", async () => {
  const { ref } = ctx;
  const props = { projectRef: ref, name: "030_legacy", sql: "create table legacy (id int)" };
  const { id, outs } = await create(props);
  const { version, adopted: _a, ...old } = outs!;
  runtime.resetContexts();
  const read = await P().read(id, old);
  expect(read.props).toEqual({ ...old, version });
});

test("destroy with downSql rolls back through the history; without it the database is left alone", async () => {
  const { emu, ref } = ctx;
  const v1 = { name: "040_gadgets", sql: "create table gadget (id int primary key)", downSql: "drop table gadget" };
  const created = await create(v1);
  // A changed sql replaces it: the old downSql runs first, then the new sql.
  const v2 = { ...v1, projectRef: ref, sql: "create table gadget (id int primary key, label text)" };
  const checked = await P().check(created.outs!, v2);
  expect(checked.failures).toEqual([]);
  expect(await P().diff(created.id, created.outs!, checked.inputs!)).toEqual({
    changes: true,
    replaces: ["sql"],
    deleteBeforeReplace: true,
  });
  await P().delete(created.id, created.outs!);
  const replaced = await P().create(checked.inputs!);
  expect((await history()).filter((e) => e.name === "040_gadgets")).toEqual([
    { version: replaced.outs!.version, name: "040_gadgets" },
  ]);

  await emu.clearRequests();
  await P().delete(replaced.id, replaced.outs!);
  expect(await calls(emu)).toEqual([LIST, PATCH, ROLLBACK]);
  expect(await sql("select to_regclass('public.gadget')::text as t")).toEqual([{ t: null }]);
  expect((await history()).map((e) => e.name)).not.toContain("040_gadgets");

  const kept = await create({ name: "041_kept", sql: "create table kept (id int)" });
  await emu.clearRequests();
  await P().delete(kept.id, kept.outs!);
  expect(await calls(emu)).toEqual([]);
  expect(await sql("select to_regclass('public.kept')::text as t")).toEqual([{ t: "kept" }]);
  expect((await history()).map((e) => e.name)).toContain("041_kept");
});

test("a rollback that would undo a later migration refuses; later ones destroyed at the same time go first", async () => {
  const { emu, ref } = ctx;
  const a = await create({ name: "050_a", sql: "create table ta (id int)", downSql: "drop table ta" });
  const b = await create({ name: "051_b", sql: "create table tb (id int)", downSql: "drop table tb" });
  await emu.api("POST", `/v1/projects/${ref}/database/migrations`, {
    query: "create table tc (id int)",
    name: "052_c",
  });
  await expect(P().delete(a.id, a.outs!)).rejects.toThrow(
    /DatabaseMigration 050_a: running downSql failed: the history has later migrations \(\d+ 051_b, \d+ 052_c\)/,
  );
  expect(await sql("select to_regclass('public.ta')::text as t")).toEqual([{ t: "ta" }]);
  // Without the foreign entry, both are destroyed at once: b first, then a.
  await sql("delete from supabase_migrations.schema_migrations where name = '052_c'");
  await Promise.all([P().delete(a.id, a.outs!), P().delete(b.id, b.outs!)]);
  expect(await sql("select to_regclass('public.ta')::text as a, to_regclass('public.tb')::text as b")).toEqual([
    { a: null, b: null },
  ]);
});

test("a DatabaseSchema's later entries don't block a rollback: they run nothing and are recorded again after", async () => {
  const { emu, ref } = ctx;
  const m = await create({ name: "055_m", sql: "create table tm (id int)", downSql: "drop table tm" });
  const S = runtime.provider("databaseSchema");
  const declared = await S.check(
    {},
    { projectRef: ref, sql: "create schema kept_app;\ncreate table kept_app.t (id int);", schemas: ["kept_app"] },
  );
  expect(declared.failures).toEqual([]);
  const schema = await S.create(declared.inputs!);
  const entryName = (await history()).find((e) => e.version === schema.outs!.lastMigrationVersion)!.name;
  await emu.clearRequests();
  await P().delete(m.id, m.outs!);
  expect(await calls(emu)).toEqual([LIST, GET, PATCH, ROLLBACK, UPSERT]);
  expect(await sql("select to_regclass('public.tm')::text as m, to_regclass('kept_app.t')::text as s")).toEqual([
    { m: null, s: "kept_app.t" },
  ]);
  const after = await history();
  expect(after.map((e) => e.name)).not.toContain("055_m");
  expect(after.filter((e) => e.name === entryName)).toHaveLength(1);
  await S.delete(schema.id, { ...schema.outs!, onDelete: "drop" });
});

test("a lost answer to apply is settled by the entry's key: the SQL runs once", async () => {
  const { emu } = ctx;
  await sql("create table hits (n int)");
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/database/migrations", reset: "after", times: 1 });
  const { outs } = await create({ name: "060_hit", sql: "insert into hits values (1)" });
  expect(await sql("select count(*)::int as n from hits")).toEqual([{ n: 1 }]);
  expect((await history()).filter((e) => e.name === "060_hit")).toEqual([{ version: outs!.version, name: "060_hit" }]);
  expect((await calls(emu)).filter((c) => c === APPLY)).toHaveLength(1);
});

test("a failing migration names itself and leaves no entry", async () => {
  await expect(create({ name: "070_bad", sql: "create tabel oops" })).rejects.toThrow(
    /DatabaseMigration 070_bad: applying sql failed/,
  );
  expect((await history()).map((e) => e.name)).not.toContain("070_bad");
});

test("created while a Postgres setting restarts the project: waits until it accepts queries, then applies once", async () => {
  const { emu, ref } = ctx;
  const { restartDelayMs } = await emu.setSettings({});
  await emu.setSettings({ restartDelayMs: 1200 });
  try {
    // A setting that needs a restart, as a PostgresConfig in the same `up` applies it.
    const put = await emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, { max_connections: 90 });
    expect(put.status).toBe(200);
    expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("RESTARTING");
    await emu.clearRequests();
    const { outs } = await create({ name: "080_after_restart", sql: "create table after_restart (id int)" });
    const log = await calls(emu);
    // The first list is refused while restarting; the migration is applied once, after.
    expect(log[0]).toBe(LIST);
    expect(log.filter((c) => c === APPLY)).toHaveLength(1);
    expect(log.filter((c) => c === LIST).length).toBeGreaterThan(2);
    expect((await history()).filter((e) => e.name === "080_after_restart")).toEqual([
      { version: outs!.version, name: "080_after_restart" },
    ]);
  } finally {
    await emu.setSettings({ restartDelayMs });
  }
});
