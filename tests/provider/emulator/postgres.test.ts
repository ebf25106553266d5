/**
 * Server mode: each project gets database proj_<ref> on a PostgreSQL server.
 * Uses $SUPABASE_EMULATOR_TEST_POSTGRES_URL when set, else a throwaway server.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Client } from "pg";
import { PostgresManager } from "../../../emulator/db";
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";
import { startTestPostgres, type TestPostgres } from "../../../harness/postgres";

let server: TestPostgres | undefined;
let url: string;
let emu: TestEmulator;

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const databaseExists = (name: string) =>
  admin(async (c) => (await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1);

beforeAll(async () => {
  url = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL ?? "";
  if (!url) {
    server = await startTestPostgres();
    url = server.url;
  }
  emu = await startTestEmulator({ postgresUrl: url, provisioningDelayMs: 0 });
});

afterAll(async () => {
  await emu?.close();
  await server?.stop();
});

async function newProject(e: TestEmulator = emu): Promise<string> {
  const orgs = (await e.api("GET", "/v1/organizations")).body as Array<{ slug: string }>;
  const org = orgs[0]?.slug ?? (await e.api("POST", "/v1/organizations", { name: "PG" })).body.slug;
  return (
    await e.api("POST", "/v1/projects", { name: "pg", organization_slug: org, region: "eu-west-1", db_pass: "pw12" })
  ).body.id;
}

test("projects report the platform image they run and run SQL in their own database", async () => {
  expect(emu.database).toBe("postgres");
  const ref = await newProject();
  // The version is the platform image the project runs (its major upgradable), whatever server holds its database.
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.database).toMatchObject({
    host: `db.${ref}.supabase.co`,
    version: "17.4.1.054",
    postgres_engine: "17",
  });

  const sql = (query: string, extra: Record<string, unknown> = {}) =>
    emu.api("POST", `/v1/projects/${ref}/database/query`, { query, ...extra });
  const res = await sql(
    "create table items (id int primary key, name text); insert into items values (1, 'a'), (2, 'b'); select * from items order by id",
  );
  expect(res).toMatchObject({
    status: 201,
    body: [
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ],
  });
  expect((await sql("select current_database() as db")).body).toEqual([{ db: `proj_${ref}` }]);
  expect((await sql("select $1::int * 2 as n", { parameters: [21] })).body).toEqual([{ n: 42 }]);
  expect((await sql("select 1")).body).toEqual([{ "?column?": 1 }]);
  const dup = await sql("insert into items values (1, 'again')");
  expect(dup.status).toBe(400);
  expect(dup.body.message).toBe(
    'Failed to run sql query: ERROR:  23505: duplicate key value violates unique constraint "items_pkey"\nDETAIL:  Key (id)=(1) already exists.\n',
  );
  expect((await sql("select * from missing")).body.message).toBe(
    'Failed to run sql query: ERROR:  42P01: relation "missing" does not exist\n',
  );
  expect((await sql("delete from items", { read_only: true })).body.message).toMatch(
    /^Failed to run sql query: ERROR: {2}25006: /,
  );

  const roles = (
    await sql(
      "select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by 1",
    )
  ).body;
  expect(roles).toEqual([
    { rolname: "anon", rolbypassrls: false },
    { rolname: "authenticated", rolbypassrls: false },
    { rolname: "service_role", rolbypassrls: true },
  ]);
  expect((await sql("select has_table_privilege('anon', 'items', 'select') as ok")).body).toEqual([{ ok: true }]);
});

test("transactions with set local role on the server", async () => {
  const manager = new PostgresManager(url);
  try {
    await manager.connect();
    const db = await manager.forProject("zyxwvutsrqponmlkjihg");
    await db.exec(
      "drop table if exists t; create table t (x int); insert into t values (1); alter table t enable row level security;",
    );
    const seen = await db.transaction(async (tx) => {
      await tx.query("set local role anon");
      return (await tx.query<{ r: string; n: number }>("select current_user as r, (select count(*)::int from t) as n"))
        .rows[0];
    });
    expect(seen).toEqual({ r: "anon", n: 0 });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t values (2)");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await db.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
    await manager.drop("zyxwvutsrqponmlkjihg");
    expect(await databaseExists("proj_zyxwvutsrqponmlkjihg")).toBe(false);
  } finally {
    await manager.close();
  }
});

test("deleting a project drops its database; reset drops them all", async () => {
  const ref = await newProject();
  await emu.api("POST", `/v1/projects/${ref}/database/query`, { query: "select 1" });
  expect(await databaseExists(`proj_${ref}`)).toBe(true);
  await emu.api("DELETE", `/v1/projects/${ref}`);
  await emu.advanceTime(1_000);
  expect((await emu.api("GET", `/v1/projects/${ref}`)).status).toBe(404);
  expect(await databaseExists(`proj_${ref}`)).toBe(false);

  const other = await newProject();
  await emu.api("POST", `/v1/projects/${other}/database/query`, { query: "select 1" });
  await emu.reset();
  expect(await databaseExists(`proj_${other}`)).toBe(false);
});

test("with a data directory, projects and their server databases survive a restart", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-pgstate-"));
  try {
    const first = await startTestEmulator({ postgresUrl: url, dataDir, provisioningDelayMs: 0 });
    const ref = await newProject(first);
    await first.api("POST", `/v1/projects/${ref}/database/query`, {
      query: "create table kept (v text); insert into kept values ('still here')",
    });
    await first.close();
    const second = await startTestEmulator({ postgresUrl: url, dataDir, provisioningDelayMs: 0 });
    try {
      expect(
        (await second.api("POST", `/v1/projects/${ref}/database/query`, { query: "select v from kept" })).body,
      ).toEqual([{ v: "still here" }]);
      await second.reset();
    } finally {
      await second.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("an unreachable server fails the start with a clear error", async () => {
  await expect(startTestEmulator({ postgresUrl: "postgres://postgres@127.0.0.1:1/postgres" })).rejects.toThrow(
    /ECONNREFUSED|connect/,
  );
});

test("a restore point is a copy of the project's database; undo puts it back; deleting the project drops both", async () => {
  const ref = await newProject();
  const q = async (query: string) => (await emu.api("POST", `/v1/projects/${ref}/database/query`, { query })).body;
  await q("create table notes (id int primary key); insert into notes values (1)");
  const point = await emu.api("POST", `/v1/projects/${ref}/database/backups/restore-point`, { name: "before" });
  expect(point.status).toBe(201);
  await q("insert into notes values (2); create table later (x int)");
  expect((await emu.api("POST", `/v1/projects/${ref}/database/backups/undo`, { name: "before" })).status).toBe(201);
  expect(await q("select id from notes")).toEqual([{ id: 1 }]);
  expect(await q("select to_regclass('public.later') is null as gone")).toEqual([{ gone: true }]);
  // The project's roles own the restored database again: CONNECT stays refused to everyone else.
  expect(await q("select current_user = 'proj_' || $$" + ref + "$$ as owner")).toEqual([{ owner: true }]);
  const copies = () =>
    admin(
      async (c) =>
        (await c.query("select datname from pg_database where starts_with(datname, $1)", [`proj_${ref}_rp_`])).rowCount,
    );
  expect(await copies()).toBe(1);
  expect((await emu.api("DELETE", `/v1/projects/${ref}`)).status).toBe(200);
  await emu.control("POST", "/time", { advanceMs: 60_000 });
  await emu.api("GET", "/v1/projects");
  expect(await databaseExists(`proj_${ref}`)).toBe(false);
  expect(await copies()).toBe(0);
});
