/**
 * The data API's roles and the SQL routes' identities: a JWT cannot name the
 * superuser, the read-only route runs as a role that cannot write, and on a
 * PostgreSQL server a project's SQL cannot reach another project's database.
 * Each test sends the attack and checks that it is refused.
 */
import { signJwt } from "../../../../emulator";
import { readyProject, startTestEmulator, type ReadyProject, type TestEmulator } from "../../../../harness/emulator";
import { startTestPostgres, type TestPostgres } from "../../../../harness/postgres";

async function graphql(project: ReadyProject, jwt: string, query: string) {
  const res = await fetch(project.graphqlUrl, {
    method: "POST",
    headers: { apikey: project.anonKey, authorization: `Bearer ${jwt}`, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sql = (emu: TestEmulator, ref: string, query: string, readOnly = false) =>
  emu.api("POST", `/v1/projects/${ref}/database/query`, { query, ...(readOnly ? { read_only: true } : {}) });

/** The read-only escapes: each must fail and leave the table as it was. */
const ESCAPES = [
  "commit; insert into public.notes (body) values ('escaped')",
  "set transaction read write; insert into public.notes (body) values ('escaped')",
  "commit; set default_transaction_read_only = off; reset role; insert into public.notes (body) values ('escaped')",
  "insert into public.notes (body) values ('escaped')",
];

async function expectReadOnlyHolds(emu: TestEmulator, ref: string): Promise<void> {
  for (const attack of ESCAPES) {
    const res = await sql(emu, ref, attack, true);
    expect({ attack, status: res.status }).toEqual({ attack, status: 400 });
  }
  expect((await sql(emu, ref, "select count(*)::int as n from public.notes")).body).toEqual([{ n: 1 }]);
  // Reading still works.
  expect((await sql(emu, ref, "select body from public.notes", true)).body).toEqual([{ body: "kept" }]);
}

describe("embedded databases", () => {
  let emu: TestEmulator;
  let project: ReadyProject;
  let secret: string;
  beforeAll(async () => {
    emu = await startTestEmulator();
    project = await readyProject(emu);
    secret = await emu.jwtSecret(project.ref);
    await sql(
      emu,
      project.ref,
      "create table public.notes (id serial primary key, body text); insert into public.notes (body) values ('kept')",
    );
  });
  afterAll(() => emu.close());

  const token = (role: string) => signJwt({ role, iat: Math.floor(Date.now() / 1000) }, secret);

  test("a JWT with role postgres is refused, as PostgREST refuses a role it cannot switch to", async () => {
    const res = await graphql(project, token("postgres"), "{ __typename }");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "42501", message: 'permission denied to set role "postgres"' });
  });

  test("a JWT naming an unknown role is refused", async () => {
    const res = await graphql(project, token("no_such_role"), "{ __typename }");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "22023", message: 'role "no_such_role" does not exist' });
  });

  test("the API roles, and a role granted to authenticator, are served", async () => {
    for (const role of ["anon", "authenticated", "service_role"])
      expect({ role, status: (await graphql(project, token(role), "{ __typename }")).status }).toEqual({
        role,
        status: 200,
      });
    expect(
      (await sql(emu, project.ref, "create role app_reader nologin; grant app_reader to authenticator")).status,
    ).toBe(201);
    expect((await graphql(project, token("app_reader"), "{ __typename }")).status).toBe(200);
  });

  test("the read-only route cannot write after COMMIT or by switching the transaction mode", () =>
    expectReadOnlyHolds(emu, project.ref));
});

describe("databases on a PostgreSQL server", () => {
  let server: TestPostgres | undefined;
  let emu: TestEmulator;
  let a: ReadyProject;
  let b: ReadyProject;
  beforeAll(async () => {
    let url = process.env.SUPABASE_EMULATOR_TEST_POSTGRES_URL ?? "";
    if (!url) {
      server = await startTestPostgres();
      url = server.url;
    }
    emu = await startTestEmulator({ postgresUrl: url, provisioningDelayMs: 0 });
    a = await readyProject(emu, "project-a");
    b = await readyProject(emu, "project-b");
    for (const p of [a, b])
      expect(
        (
          await sql(
            emu,
            p.ref,
            "create table public.notes (id serial primary key, body text); insert into public.notes (body) values ('kept')",
          )
        ).status,
      ).toBe(201);
  });
  afterAll(async () => {
    await emu?.close();
    await server?.stop();
  });

  test("a project's SQL runs as its own owner, not as the server's superuser", async () => {
    const res = await sql(
      emu,
      a.ref,
      "select current_user as who, (select rolsuper from pg_roles where rolname = current_user) as superuser",
    );
    expect(res.body).toEqual([{ who: `proj_${a.ref}`, superuser: false }]);
  });

  test("a project's SQL cannot reach another project's database", async () => {
    const other = `proj_${b.ref}`;
    expect((await sql(emu, a.ref, `select has_database_privilege('${other}', 'CONNECT') as c`)).body).toEqual([
      { c: false },
    ]);
    // The ways out of a database need a superuser: dblink, a server program, server files.
    for (const attack of [
      "create extension dblink",
      `copy (select 1) to program 'psql -d ${other} -c "drop table public.notes"'`,
      "select pg_read_file('postgresql.conf')",
      `alter role "${`proj_${b.ref}`}" password 'taken'`,
    ]) {
      const res = await sql(emu, a.ref, attack);
      expect({ attack, status: res.status }).toEqual({ attack, status: 400 });
    }
    expect((await sql(emu, b.ref, "select count(*)::int as n from public.notes")).body).toEqual([{ n: 1 }]);
  });

  test("the owner keeps what the service allows: DDL, grants, trusted extensions", async () => {
    const res = await sql(
      emu,
      a.ref,
      "create schema app; create table app.t (id int primary key); grant usage on schema app to anon; " +
        "grant select on app.t to anon; create extension if not exists pgcrypto; select 1 as ok",
    );
    expect(res).toMatchObject({ status: 201, body: [{ ok: 1 }] });
  });

  test("the read-only route runs as a role that cannot write", () => expectReadOnlyHolds(emu, a.ref));
});
