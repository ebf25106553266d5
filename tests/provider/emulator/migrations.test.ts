/**
 * The migration history endpoints (`/v1/projects/{ref}/database/migrations`
 * and `…/{version}`) on both engines: applying runs and records in one
 * transaction, a repeated Idempotency-Key runs nothing, upsert records
 * without running, rollback runs the recorded rollback and removes the
 * entries, and `/database/query` never shows up in the history.
 */
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";
import { startTestPostgres, type TestPostgres } from "../../../harness/postgres";

type Engine = "pglite" | "postgres";

describe.each<Engine>(["pglite", "postgres"])("migration history on %s", (engine) => {
  let server: TestPostgres | undefined;
  let emu: TestEmulator;
  let ref: string;
  let n = 0;

  const base = () => `/v1/projects/${ref}/database/migrations`;
  const sql = async (query: string) => {
    const res = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
    expect(res.status).toBe(201);
    return res.body as Array<Record<string, unknown>>;
  };
  const list = async () => {
    const res = await emu.api("GET", base());
    expect(res.status).toBe(200);
    return res.body as Array<{ version: string; name?: string }>;
  };
  const apply = (body: unknown, key?: string) =>
    emu.api("POST", base(), body, key === undefined ? {} : { "Idempotency-Key": key });

  beforeAll(async () => {
    let postgresUrl: string | undefined;
    if (engine === "postgres") {
      postgresUrl = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL;
      if (!postgresUrl) {
        server = await startTestPostgres();
        postgresUrl = server.url;
      }
    }
    emu = await startTestEmulator({ provisioningDelayMs: 0, postgresUrl });
  });

  afterAll(async () => {
    await emu?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    // A fresh project per test: each starts with an empty history.
    const org = (await emu.api("POST", "/v1/organizations", { name: `Mig${n++}` })).body.slug;
    ref = (
      await emu.api("POST", "/v1/projects", {
        name: "mig",
        organization_slug: org,
        region: "eu-west-1",
        db_pass: "pw12",
      })
    ).body.id;
  });

  test("SQL through /database/query stays out of the history", async () => {
    expect(await list()).toEqual([]);
    await sql("create table public.outside (id int)");
    expect(await list()).toEqual([]);
    const exists = await sql("select to_regclass('supabase_migrations.schema_migrations')::text as t");
    expect(exists).toEqual([{ t: null }]);
  });

  test("apply runs the statements and records version, name, statements, rollback and key", async () => {
    const res = await apply(
      {
        query: "create table public.widgets (id bigint primary key)",
        name: "widgets",
        rollback: "drop table public.widgets",
      },
      "key-1",
    );
    expect(res).toMatchObject({ status: 200 });
    const entries = await list();
    expect(entries).toEqual([{ version: expect.stringMatching(/^\d{14}$/), name: "widgets" }]);
    const one = await emu.api("GET", `${base()}/${entries[0].version}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      version: entries[0].version,
      name: "widgets",
      statements: ["create table public.widgets (id bigint primary key)"],
      rollback: ["drop table public.widgets"],
      created_by: expect.any(String),
      idempotency_key: "key-1",
    });
    expect(await sql("select count(*)::int as n from public.widgets")).toEqual([{ n: 0 }]);
    // The CLI's own table, readable with plain SQL.
    expect(await sql("select name, statements from supabase_migrations.schema_migrations")).toEqual([
      { name: "widgets", statements: ["create table public.widgets (id bigint primary key)"] },
    ]);
  });

  test("a repeated Idempotency-Key answers like the first request and runs nothing", async () => {
    await sql("create table public.hits (n int)");
    const body = { query: "insert into public.hits values (1)", name: "hit" };
    expect((await apply(body, "same")).status).toBe(200);
    expect((await apply(body, "same")).status).toBe(200);
    expect(await sql("select count(*)::int as n from public.hits")).toEqual([{ n: 1 }]);
    expect(await list()).toHaveLength(1);
    // Without a key, every apply runs and records again; versions stay unique and increasing.
    expect((await apply(body)).status).toBe(200);
    expect((await apply(body)).status).toBe(200);
    expect(await sql("select count(*)::int as n from public.hits")).toEqual([{ n: 3 }]);
    const versions = (await list()).map((e) => e.version);
    expect(versions).toHaveLength(3);
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions).size).toBe(3);
  });

  test("a failing statement answers 400 with the SQL error and records nothing", async () => {
    const res = await apply({ query: "create table public.ok (id int); select * from nope", name: "bad" }, "k");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Failed to run sql query: ERROR: {2}42P01: /) });
    expect(await list()).toEqual([]);
    expect(await sql("select to_regclass('public.ok')::text as t")).toEqual([{ t: null }]);
  });

  test("upsert records without running; the same key updates the entry", async () => {
    const put = (query: string, name: string) => emu.api("PUT", base(), { query, name }, { "Idempotency-Key": "up-1" });
    expect((await put("select * from nope", "first")).status).toBe(200);
    const [e] = await list();
    expect(e).toEqual({ version: expect.any(String), name: "first" });
    expect((await put("select 2", "second")).status).toBe(200);
    expect(await list()).toEqual([{ version: e.version, name: "second" }]);
    expect((await emu.api("GET", `${base()}/${e.version}`)).body).toMatchObject({ statements: ["select 2"] });
  });

  test("patch changes name and rollback; unknown versions answer 404", async () => {
    await apply({ query: "select 1", name: "one" });
    const [e] = await list();
    expect((await emu.api("PATCH", `${base()}/${e.version}`, { rollback: "select 0" })).status).toBe(200);
    expect((await emu.api("GET", `${base()}/${e.version}`)).body).toMatchObject({
      name: "one",
      rollback: ["select 0"],
    });
    expect((await emu.api("PATCH", `${base()}/${e.version}`, { name: "uno" })).status).toBe(200);
    expect((await emu.api("GET", `${base()}/${e.version}`)).body).toMatchObject({
      name: "uno",
      rollback: ["select 0"],
    });
    for (const res of [
      await emu.api("GET", `${base()}/19990101000000`),
      await emu.api("GET", `${base()}/not-a-version`),
      await emu.api("PATCH", `${base()}/19990101000000`, { name: "x" }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  test("rollback with gte runs the rollbacks newest first and removes those entries only", async () => {
    await sql("create table public.log (what text, at serial)");
    for (const name of ["a", "b", "c"]) {
      await apply({
        query: `insert into public.log (what) values ('up ${name}')`,
        name,
        rollback: `insert into public.log (what) values ('down ${name}')`,
      });
    }
    const versions = (await list()).map((e) => e.version);
    const res = await emu.api("DELETE", `${base()}?gte=${versions[1]}`);
    expect(res.status).toBe(200);
    expect(await list()).toEqual([{ version: versions[0], name: "a" }]);
    expect((await sql("select what from public.log order by at")).map((r) => r.what)).toEqual([
      "up a",
      "up b",
      "up c",
      "down c",
      "down b",
    ]);
  });

  test("invalid requests answer 400 with a JSON message", async () => {
    for (const res of [
      await apply({ name: "no query" }),
      await apply({ query: "" }),
      await apply({ query: "select 1", version: "1" }),
      await emu.api("PUT", base(), { query: 1 }),
      await emu.api("PATCH", `${base()}/1`, { query: "select 1" }),
      await emu.api("DELETE", base()),
      await emu.api("DELETE", `${base()}?gte=abc`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect(await list()).toEqual([]);
  });
});
