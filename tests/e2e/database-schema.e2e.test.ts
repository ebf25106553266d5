/**
 * DatabaseSchema as users run it: examples/declarative-schema copied into a
 * fresh project with the package installed from its packed tarball (and the
 * engine's SDK version and TypeScript, so `pulumi up` type-checks the program
 * with the example's tsconfig.json), against an emulator this file starts.
 * The example declares its organization, project and schema with defaults
 * (the schema owns `public`, refuses destructive plans, names its migrations
 * `declarative_schema_<digest>` and retains the database on destroy), so
 * these steps are also the run on a project made with defaults:
 *
 *   1. `up`: one migration in the history; the tables, policies and grants
 *      of schemas/ are live (read back through the SQL route).
 *   2. One file edited (a column and a policy added): `preview --diff` shows
 *      the exact SQL statements of the plan.
 *   3. `up`: exactly one new migration, whose statements are those.
 *   4. `preview --refresh --expect-no-changes` is clean.
 *   5. A dashboard-style change through the SQL route (a policy dropped, a
 *      grant revoked): the installed `supabase-pulumi drift` names both on
 *      the DatabaseSchema and exits with its drift code, 2.
 *   6. `up` repairs it (one more migration); `destroy` leaves no project.
 *
 * No step prints the database password or the access token.
 *
 * examples.e2e.test.ts leaves this example to this file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorEnv, installedExample, runCommand, type TestEmulator } from "./helpers";

const DB_PASS = "declarative-e2e-db-pass-41d7";
const STACK = "dev";

let emu: TestEmulator;
let dir: string;
let project: string;
let env: Record<string, string>;
/** Everything the engine and the drift command printed, to find no secret in. */
const printed: string[] = [];

async function run(cmd: string, args: string[], allowFailure = false) {
  const r = await runCommand(cmd, args, project, { ...process.env, ...env });
  printed.push(r.out);
  if (r.code !== 0 && !allowFailure) throw new Error(`${cmd} ${args.join(" ")} exited ${r.code}:\n${r.out}`);
  return r;
}
const pulumi = (args: string[]) =>
  run(path.join(engineRoot(), "bin", "pulumi"), [...args, "--stack", STACK, "--non-interactive", "--color", "never"]);
const up = () => pulumi(["up", "--yes", "--skip-preview"]);

beforeAll(async () => {
  emu = await startTestEmulator();
  ({ dir, project, env } = await installedExample("declarative-schema", emulatorEnv(emu)));
  await pulumi(["stack", "init"]);
  await pulumi(["config", "set", "--secret", "dbPass", DB_PASS]);
}, 300_000);

afterAll(async () => {
  await emu?.close();
  if (dir) cleanup(dir);
});

/** Rows of a query through the management API's SQL route, as the dashboard's SQL editor runs it. */
async function sql(ref: string, query: string): Promise<any[]> {
  const res = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as any[];
}

/** The project's migration history, oldest first. */
async function history(ref: string): Promise<Array<{ version: string; name: string }>> {
  return (await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body;
}

const policies = (ref: string) =>
  sql(ref, "select tablename || '.' || policyname as p from pg_policies where schemaname = 'public' order by 1").then(
    (rows) => rows.map((r) => r.p as string),
  );
const todoGrants = (ref: string) =>
  sql(
    ref,
    "select privilege_type as p from information_schema.role_table_grants where table_schema = 'public' and table_name = 'todos' and grantee = 'authenticated' order by 1",
  ).then((rows) => rows.map((r) => r.p as string));

/** What the edit below makes the next `up` run, statement by statement, as the engine writes it. */
const EDIT_PLAN = [
  "ALTER TABLE public.todos ADD COLUMN due_on date;",
  `CREATE POLICY "owners delete their todos" ON public.todos AS PERMISSIVE FOR DELETE TO authenticated USING ((owner = ( SELECT auth.uid() AS uid)));`,
];

test("examples/declarative-schema from the packed tarball: up, an edit previewed as SQL and applied as one migration, a clean refresh, drift caught by supabase-pulumi drift and repaired, destroy", async () => {
  // 1. The declared schema, applied as one migration of the history.
  await up();
  const outputs = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout);
  const ref = outputs.projectRef as string;
  const first = await history(ref);
  expect(first).toEqual([
    { version: outputs.lastMigrationVersion, name: expect.stringMatching(/^declarative_schema_/) },
  ]);
  const tables = await sql(
    ref,
    "select c.relname as t, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'v') order by 1",
  );
  expect(tables).toEqual([
    { t: "open_todos", rls: false },
    { t: "profiles", rls: true },
    { t: "todos", rls: true },
  ]);
  expect(await policies(ref)).toEqual([
    "profiles.owners update their profile",
    "profiles.profiles are readable",
    "todos.owners add todos",
    "todos.owners read their todos",
  ]);
  const anon = await sql(
    ref,
    "select count(*)::int as n from information_schema.role_table_grants where table_schema = 'public' and table_name in ('profiles', 'todos') and grantee = 'anon'",
  );
  expect(anon).toEqual([{ n: 0 }]);
  const grantedToAuthenticated = await todoGrants(ref);
  expect(grantedToAuthenticated).toEqual(expect.arrayContaining(["DELETE", "INSERT", "SELECT", "UPDATE"]));

  // 2. An edited file: preview shows the exact SQL the next `up` runs.
  const todosFile = path.join(project, "schemas", "20_todos.sql");
  const declared = fs.readFileSync(todosFile, "utf8");
  const edited = declared
    .replace(
      "inserted_at timestamptz not null default now()\n",
      "inserted_at timestamptz not null default now(),\n  due_on date\n",
    )
    .replace(
      "revoke all on table public.todos from anon;",
      'create policy "owners delete their todos" on public.todos\n  for delete to authenticated using (owner = (select auth.uid()));\n\nrevoke all on table public.todos from anon;',
    );
  expect(edited).not.toBe(declared);
  fs.writeFileSync(todosFile, edited);
  const preview = (await pulumi(["preview", "--diff"])).stdout;
  for (const statement of EDIT_PLAN) expect(preview).toContain(statement);

  // 3. `up` applies it as exactly one more migration, whose statements are the plan's.
  await up();
  const second = await history(ref);
  expect(second.slice(0, first.length)).toEqual(first);
  expect(second).toHaveLength(first.length + 1);
  const added = second[second.length - 1]!;
  expect(added.name).toMatch(/^declarative_schema_/);
  const migration = (await emu.api("GET", `/v1/projects/${ref}/database/migrations/${added.version}`)).body;
  // The emulator records an applied migration's query as one entry, as the provider sent it: one statement a line.
  expect(migration.statements).toEqual([EDIT_PLAN.map((statement) => `${statement}\n`).join("")]);
  expect(await policies(ref)).toContain("todos.owners delete their todos");

  // 4. Nothing drifted.
  await pulumi(["preview", "--refresh", "--expect-no-changes"]);

  // 5. A dashboard-style change: a policy dropped and a grant revoked; `supabase-pulumi drift` names both.
  await sql(
    ref,
    `drop policy "owners read their todos" on public.todos; revoke select on public.todos from authenticated`,
  );
  const drift = await run(
    path.join(project, "node_modules", ".bin", "supabase-pulumi"),
    ["drift", "--stack", STACK],
    true,
  );
  console.log(`supabase-pulumi drift (exit ${drift.code}):\n${drift.stdout}`);
  expect(drift.code).toBe(2);
  expect(drift.stdout).toMatch(/1 of \d+ resources drifted \(1 DatabaseSchema\)/);
  expect(drift.stdout).toContain(
    'app-schema: changed grants table public.todos (authenticated SELECT is declared but not granted), policy public.todos."owners read their todos" (missing)',
  );

  // 6. `up` repairs it as one more migration; destroy retains the database and deletes the project.
  await up();
  expect(await history(ref)).toHaveLength(second.length + 1);
  expect(await policies(ref)).toContain("todos.owners read their todos");
  expect(await todoGrants(ref)).toEqual(grantedToAuthenticated);

  await pulumi(["destroy", "--yes", "--skip-preview"]);
  expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);

  // Neither the database password nor the access token was printed by any step.
  for (const secret of [DB_PASS, emu.accessToken]) expect(printed.filter((out) => out.includes(secret))).toEqual([]);
}, 900_000);
