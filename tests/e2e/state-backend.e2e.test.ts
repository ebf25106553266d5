/**
 * The team set-up: the stack's state on Pulumi's PostgreSQL backend
 * (`postgres://…` as the backend URL), on the throwaway PostgreSQL server the
 * tests already use (CI's `SUPABASE_EMULATOR_TEST_POSTGRES_URL`, else one
 * started here).
 *
 * Two `pulumi up` runs of the same stack start at the same moment: one runs,
 * the other is refused by the stack lock and changes nothing, and the state
 * stays intact (one project in the emulator, one in the state, a clean
 * preview afterwards, a destroy that empties it). The backend's lock is
 * write-then-check, so in a rare exact tie both runs can be refused; the
 * test then starts the pair again (never more than three times) and still
 * requires that no two runs ever both succeed.
 */
import { Client } from "pg";
import * as supabase from "supabase-pulumi";
import { startTestEmulator } from "../../harness/emulator";
import { testPostgres, type TestPostgres } from "../../harness/postgres";
import { inlineStack } from "../../scripts/engine";
import { cleanup, tempDir, type TestEmulator } from "./helpers";

type Any = any;

let emu: TestEmulator;
let pg: TestPostgres;
let database: string;
let backendUrl: string;
const dirs: string[] = [];

async function admin<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  // Projects take 4 s to provision, so the run that holds the lock is still running when its rival starts.
  emu = await startTestEmulator({ provisioningDelayMs: 4000 });
  pg = await testPostgres();
  database = `pulumi_state_${process.pid}_${Date.now().toString(36)}`;
  await admin(pg.url, (c) => c.query(`create database ${database}`));
  const url = new URL(pg.url);
  url.pathname = `/${database}`;
  url.searchParams.set("sslmode", "disable");
  backendUrl = url.toString();
});

afterAll(async () => {
  await emu?.close();
  if (pg) {
    await admin(pg.url, (c) => c.query(`drop database if exists ${database} with (force)`)).catch(() => undefined);
    await pg.stop();
  }
  for (const d of dirs) cleanup(d);
});

function program() {
  return async () => {
    const org = new supabase.Organization("org", { name: "Team Org" });
    const project = new supabase.Project("project", {
      name: "team",
      organizationId: org.organizationId,
      region: "eu-west-1",
      dbPass: "team-db-password-1",
    });
    return { ref: project.ref };
  };
}

test("two simultaneous ups of one stack on the PostgreSQL backend: one runs, the other is refused, state intact", async () => {
  const dir = tempDir("pgstate");
  dirs.push(dir);
  const s = await inlineStack({
    dir,
    projectName: "team",
    stackName: "dev",
    program: program(),
    env: {
      PULUMI_BACKEND_URL: backendUrl,
      SUPABASE_ACCESS_TOKEN: emu.accessToken,
      SUPABASE_API_URL: emu.apiUrl,
      SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    },
  });

  let rounds = 0;
  let winners = 0;
  for (; rounds < 3 && winners === 0;) {
    rounds++;
    const results = await Promise.allSettled([s.stack.up({ parallel: 8 }), s.stack.up({ parallel: 8 })]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    winners = results.length - refused.length;
    for (const r of refused) expect(String(r.reason?.message ?? r.reason)).toMatch(/currently locked|locked by/i);
    console.log(`round ${rounds}: ${winners} run(s) succeeded, ${refused.length} refused by the stack lock`);
    expect(winners).toBeLessThanOrEqual(1);
  }
  expect(winners).toBe(1);

  // The state lives in PostgreSQL, and it is intact: one project, matching the emulator, and nothing to change.
  const keys = await admin(backendUrl, async (c) => (await c.query("select key from pulumi_state")).rows as Any[]);
  expect(keys.some((k) => /stacks\/team\/dev/.test(k.key))).toBe(true);
  const deployment = (await s.stack.exportStack()).deployment as Any;
  const projects = deployment.resources.filter((r: Any) => r.type.endsWith("supabase:Project"));
  expect(projects).toHaveLength(1);
  const live = (await emu.api("GET", "/v1/projects")).body as Any[];
  expect(live.map((p) => p.id)).toEqual([projects[0].id]);
  const preview = await s.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary.same).toBeGreaterThanOrEqual(2);

  // No lock is left behind: a later run takes the lock and finishes.
  const down = await s.stack.destroy({ parallel: 8 });
  expect(down.summary.result).toBe("succeeded");
  expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
}, 300_000);
