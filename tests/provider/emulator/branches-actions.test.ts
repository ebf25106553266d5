/**
 * What can be done to a branch, on both engines: copying the parent's rows
 * (`with_data`), a failing migration (MIGRATIONS_FAILED, the error in the
 * run's logs), push, merge, reset, soft deletion and restore, the schema
 * diff, and the workflow runs under `…/actions`.
 */
import { readyProject, startTestEmulator, type TestEmulator } from "../../../harness/emulator";
import { startTestPostgres, type TestPostgres } from "../../../harness/postgres";

type Engine = "pglite" | "postgres";

describe.each<Engine>(["pglite", "postgres"])("branch operations on %s", (engine) => {
  let server: TestPostgres | undefined;
  let emu: TestEmulator;
  let n = 0;

  beforeAll(async () => {
    let postgresUrl: string | undefined;
    if (engine === "postgres") {
      postgresUrl = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL;
      if (!postgresUrl) {
        server = await startTestPostgres();
        postgresUrl = server.url;
      }
    }
    emu = await startTestEmulator({ provisioningDelayMs: 0, deletionDelayMs: 60_000, postgresUrl });
  });

  afterAll(async () => {
    await emu?.close();
    await server?.stop();
  });

  const sql = async (ref: string, query: string) => {
    const res = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
    if (res.status !== 201) throw new Error(`${query} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as Array<Record<string, unknown>>;
  };
  const migrate = async (ref: string, query: string, name: string) => {
    const res = await emu.api("POST", `/v1/projects/${ref}/database/migrations`, { query, name });
    expect(res.status).toBe(200);
  };
  const versions = async (ref: string) =>
    ((await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body as Array<{ version: string }>).map(
      (m) => m.version,
    );
  const branchOf = async (ref: string, body: Record<string, unknown>) => {
    const res = await emu.api("POST", `/v1/projects/${ref}/branches`, body);
    expect(res.status).toBe(201);
    return res.body as { id: string; project_ref: string; status: string };
  };
  const get = async (parent: string, name: string) =>
    (await emu.api("GET", `/v1/projects/${parent}/branches/${name}`)).body;
  const diff = async (branch: string, schemas?: string, pgdelta = false) => {
    const q = new URLSearchParams({
      ...(schemas ? { included_schemas: schemas } : {}),
      ...(pgdelta ? { pgdelta: "true" } : {}),
    });
    const res = await emu.api("GET", `/v1/branches/${branch}/diff${q.size ? `?${q}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    return res.body === undefined ? "" : String(res.body);
  };

  test("with_data copies the parent's rows and sequence positions; without it only the migrations run", async () => {
    const { ref } = await readyProject(emu, `data${n++}`);
    await migrate(
      ref,
      "create table public.authors (id bigserial primary key, name text not null);" +
        "create table public.books (id bigint generated always as identity primary key, author bigint references public.authors, title text, slug text generated always as (lower(title)) stored);" +
        "insert into public.authors (name) values ('Ann')",
      "library",
    );
    await sql(
      ref,
      "insert into public.authors (name) values ('Bob'); insert into public.books (author, title) values (1, 'One'), (2, 'Two')",
    );
    const full = await branchOf(ref, { branch_name: "full", with_data: true });
    expect(full).toMatchObject({ status: "MIGRATIONS_PASSED" });
    expect((await get(ref, "full")).with_data).toBe(true);
    const empty = await branchOf(ref, { branch_name: "empty" });

    expect(
      await sql(
        full.project_ref,
        "select a.name, b.title, b.slug from public.books b join public.authors a on a.id = b.author order by b.id",
      ),
    ).toEqual([
      { name: "Ann", title: "One", slug: "one" },
      { name: "Bob", title: "Two", slug: "two" },
    ]);
    // The sequences continue where the parent's were.
    expect(
      await sql(full.project_ref, "insert into public.authors (name) values ('Cy') returning id::int as id"),
    ).toEqual([{ id: 3 }]);
    // Without data, the branch has what its migrations inserted, and nothing else.
    expect(await sql(empty.project_ref, "select count(*)::int as n from public.books")).toEqual([{ n: 0 }]);
    expect(await sql(empty.project_ref, "select name from public.authors")).toEqual([{ name: "Ann" }]);
    // The parent is unchanged by the branch's writes.
    expect(await sql(ref, "select count(*)::int as n from public.authors")).toEqual([{ n: 2 }]);
  });

  test("a failing migration fails the branch, and the run's logs say why", async () => {
    const { ref } = await readyProject(emu, `fail${n++}`);
    await migrate(ref, "create table public.a (id int primary key)", "a");
    // Recorded without being run: replaying it on a fresh database fails.
    const put = await emu.api("PUT", `/v1/projects/${ref}/database/migrations`, {
      query: "alter table public.nowhere add column x int",
      name: "broken",
    });
    expect(put.status).toBe(200);
    const branch = await branchOf(ref, { branch_name: "broken" });
    expect(branch.status).toBe("MIGRATIONS_FAILED");
    expect(await versions(branch.project_ref)).toEqual((await versions(ref)).slice(0, 1));

    const runs = await emu.api("GET", `/v1/projects/${branch.project_ref}/actions`);
    expect(runs.status).toBe(200);
    expect(runs.body).toHaveLength(1);
    expect(runs.body[0]).toMatchObject({ branch_id: branch.id, workdir: null, check_run_id: null });
    const migrateStep = runs.body[0].run_steps.find((s: { name: string }) => s.name === "migrate");
    expect(migrateStep.status).toBe("DEAD");
    const run = await emu.api("GET", `/v1/projects/${branch.project_ref}/actions/${runs.body[0].id}`);
    expect(run.body.id).toBe(runs.body[0].id);
    const logs = await emu.api("GET", `/v1/projects/${branch.project_ref}/actions/${runs.body[0].id}/logs`);
    expect(logs.status).toBe(200);
    expect(String(logs.body)).toContain('relation "public.nowhere" does not exist');
    expect((await emu.api("GET", `/v1/projects/${branch.project_ref}/actions/run_nope`)).status).toBe(404);
  });

  test("push brings the parent's new migrations; merge takes the branch's to the parent; diff shows the difference", async () => {
    const { ref } = await readyProject(emu, `flow${n++}`);
    await migrate(ref, "create table public.items (id int primary key)", "items");
    const branch = await branchOf(ref, { branch_name: "flow" });
    const b = branch.project_ref;
    expect(await diff(b)).toBe("");

    // New on the parent: push applies it to the branch, in the parent's version.
    await migrate(ref, "create table public.orders (id int primary key)", "orders");
    const pushed = await emu.api("POST", `/v1/branches/${b}/push`, {});
    expect(pushed.status).toBe(201);
    expect(pushed.body).toEqual({ workflow_run_id: expect.stringMatching(/^run_[0-9a-z]{26}$/), message: "ok" });
    expect(await versions(b)).toEqual(await versions(ref));

    // New on the branch: the diff shows it as SQL for the parent, and merge applies it there.
    await migrate(
      b,
      "create type public.mood as enum ('ok', 'meh'); alter table public.items add column name text not null default 'x', add column mood public.mood;" +
        "create index items_name on public.items (name); create view public.named as select id, name from public.items;" +
        "create function public.twice(i int) returns int language sql as $$ select i * 2 $$;" +
        "alter table public.items enable row level security; create policy readers on public.items for select to anon using (true);" +
        "drop table public.orders",
      "names",
    );
    const text = await diff(branch.id);
    for (const expected of [
      "create type \"public\".\"mood\" as enum ('ok', 'meh');",
      'alter table "public"."items" add column "name" text default \'x\'::text not null;',
      'alter table "public"."items" add column "mood" mood;',
      "CREATE INDEX items_name ON public.items USING btree (name);",
      'drop table "public"."orders";',
      'alter table "public"."items" enable row level security;',
      'create policy "readers" on "public"."items" as permissive for select to anon using (true);',
      'create view "public"."named" as',
      "CREATE OR REPLACE FUNCTION public.twice(i integer)",
    ])
      expect(text).toContain(expected);
    expect(await diff(b, "auth")).toBe("");
    // pgdelta=true: the diff DatabaseSchema plans with (pgschema), in its own DDL form and order.
    const engine = await diff(b, undefined, true);
    for (const expected of [
      "CREATE TYPE public.mood AS ENUM ('ok', 'meh');",
      "ALTER TABLE public.items ADD COLUMN name text DEFAULT 'x'::text NOT NULL;",
      "ALTER TABLE public.items ADD COLUMN mood public.mood;",
      "CREATE INDEX items_name ON public.items USING btree (name);",
      "DROP TABLE public.orders;",
      "ALTER TABLE public.items ENABLE ROW LEVEL SECURITY;",
      "CREATE POLICY readers ON public.items AS PERMISSIVE FOR SELECT TO anon USING (true);",
      "CREATE VIEW public.named AS",
      "CREATE OR REPLACE FUNCTION public.twice(i integer)",
    ])
      expect(engine).toContain(expected);
    expect(engine.indexOf("CREATE TYPE public.mood")).toBeLessThan(engine.indexOf("ADD COLUMN mood"));
    expect(await diff(b, "auth", true)).toBe("");
    expect((await emu.api("GET", `/v1/branches/${b}/diff?pgdelta=true&included_schemas=Bad-Name`)).status).toBe(500);

    const merged = await emu.api("POST", `/v1/branches/${b}/merge`, {});
    expect(merged.status).toBe(201);
    expect(await versions(ref)).toEqual(await versions(b));
    expect(await sql(ref, "select public.twice(21) as v")).toEqual([{ v: 42 }]);
    expect(await diff(b)).toBe("");
    expect(await diff(b, undefined, true)).toBe("");
    // The merge's run is the parent's.
    const parentRuns = (await emu.api("GET", `/v1/projects/${ref}/actions`)).body;
    expect(parentRuns.map((r: { id: string }) => r.id)).toContain(merged.body.workflow_run_id);

    // A merge the parent refuses leaves the parent's history as it was; the parent's run says why.
    await sql(ref, "create table public.clash (id int)");
    await migrate(b, "create table public.clash (id int)", "clash");
    const clash = await emu.api("POST", `/v1/branches/${b}/merge`, {});
    expect(clash.status).toBe(201);
    expect((await versions(ref)).length).toBe((await versions(b)).length - 1);
    const run = (await emu.api("GET", `/v1/projects/${ref}/actions/${clash.body.workflow_run_id}`)).body;
    expect(run.run_steps.find((st: { name: string }) => st.name === "migrate").status).toBe("DEAD");
    const log = await emu.api("GET", `/v1/projects/${ref}/actions/${clash.body.workflow_run_id}/logs`);
    expect(String(log.body)).toContain('relation "clash" already exists');

    const mergeDefault = await emu.api("POST", `/v1/branches/${ref}/merge`, {});
    expect(mergeDefault).toMatchObject({
      status: 400,
      body: { message: "Cannot merge the default branch into itself." },
    });
  });

  test("reset re-creates the branch from the parent, up to a version when given", async () => {
    const { ref } = await readyProject(emu, `reset${n++}`);
    await migrate(ref, "create table public.one (id int primary key)", "one");
    await migrate(ref, "create table public.two (id int primary key)", "two");
    const [v1] = await versions(ref);
    const branch = await branchOf(ref, { branch_name: "r" });
    const b = branch.project_ref;
    await migrate(b, "create table public.scratch (id int)", "scratch");
    await sql(b, "insert into public.one values (7)");

    expect((await emu.api("POST", `/v1/branches/${b}/reset`, {})).status).toBe(201);
    expect(await versions(b)).toEqual(await versions(ref));
    expect(await sql(b, "select count(*)::int as n from public.one")).toEqual([{ n: 0 }]);
    expect(await sql(b, "select to_regclass('public.scratch')::text as t")).toEqual([{ t: null }]);

    expect((await emu.api("POST", `/v1/branches/${b}/reset`, { migration_version: v1 })).status).toBe(201);
    expect(await versions(b)).toEqual([v1]);
    expect((await emu.api("POST", `/v1/branches/${ref}/reset`, {})).status).toBe(400);
    expect((await emu.api("POST", `/v1/branches/${b}/reset`, { version: v1 })).status).toBe(400);
  });

  // Eleven databases: on the server only, where a database is quick to make.
  if (engine === "postgres")
    test("a project has at most ten branches besides the default one", async () => {
      const { ref } = await readyProject(emu, `limit${n++}`);
      for (let i = 0; i < 10; i++) await branchOf(ref, { branch_name: `b${i}` });
      const over = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "b10" });
      expect(over).toMatchObject({
        status: 402,
        body: { message: expect.stringContaining("limit of 10 branches") },
      });
      expect((await emu.api("DELETE", `/v1/branches/${(await get(ref, "b0")).id}`)).status).toBe(200);
      expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "b10" })).status).toBe(201);
    });

  test("soft deletion keeps the branch for the grace period unless restored", async () => {
    const { ref } = await readyProject(emu, `soft${n++}`);
    const keep = await branchOf(ref, { branch_name: "keep", persistent: true });
    const drop = await branchOf(ref, { branch_name: "drop" });
    expect((await emu.api("POST", `/v1/branches/${keep.id}/restore`)).status).toBe(400);
    for (const b of [keep, drop]) {
      const res = await emu.api("DELETE", `/v1/branches/${b.project_ref}?force=false`);
      expect(res).toMatchObject({ status: 200, body: { message: "ok" } });
    }
    expect(typeof (await get(ref, "keep")).deletion_scheduled_at).toBe("string");
    const restored = await emu.api("POST", `/v1/branches/${keep.project_ref}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { message: "Branch restoration initiated" } });
    expect((await get(ref, "keep")).deletion_scheduled_at).toBeUndefined();

    await emu.advanceTime(60 * 60 * 1000);
    const names = (await emu.api("GET", `/v1/projects/${ref}/branches`)).body.map((b: { name: string }) => b.name);
    expect(names).toEqual(["main", "keep"]);
    expect((await emu.api("GET", `/v1/projects/${drop.project_ref}`)).status).toBe(404);
    expect((await emu.api("GET", `/v1/projects/${keep.project_ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  });
});
