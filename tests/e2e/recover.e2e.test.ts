/**
 * A `pulumi up` killed with SIGKILL (a cancelled CI job, a lost runner), then
 * `supabase-pulumi recover` and `up`, as a user runs them: the package from
 * its packed tarball in a project with its own Pulumi.yaml and program, the
 * engine's whole process group killed.
 *
 * Kill points, each made deterministic through the emulator (the kill waits
 * for the emulator to have seen the request, never for a timer):
 *   0. before the first resource call (file backend): the engine has started
 *      and configured its Node.js dynamic-provider host, but no resource
 *      call has reached it, so it has loaded nothing of this package (the
 *      program registers a `pulumi-nodejs` provider, then waits on a request
 *      the emulator holds); recover finds nothing pending;
 *   1. the project's create, waiting for health: provisioning takes ten
 *      minutes (emulator clock), and the kill follows the `POST /v1/projects`
 *      in the request log; recover finds the project and imports it;
 *   2. the configuration writes: the auth config's `PATCH` hangs (a fault
 *      that answers late without running the handler); meanwhile an API
 *      key's create reaches the service but its answer is lost (the
 *      connection reset after the handler ran), and the provider's lookup of
 *      it hangs too; the kill follows the arrival of both. recover clears the
 *      auth config's create and imports the key (its value stored encrypted);
 *   3. a migration: its `POST` hangs the same way.
 * At every kill point, no process below the killed `pulumi up` (its language
 * host and program, the provider hosts and their shims, the program's host
 * guard) nor any process in the project's directory outlives the kill for
 * long: each ends with its engine (provider/engine-watch.ts,
 * provider/host-guard.ts).
 * After each, recover then (after the last) `up`: exactly one of each object
 * in the service and in the state, a clean preview, and nothing left after
 * `destroy`. On the file backend and on the PostgreSQL backend, each with all
 * three kill points.
 *
 * The file backend's unreadable checkpoint: an empty `.attrs` sidecar (what
 * a kill during the engine's non-atomic sidecar write leaves) makes the
 * engine fail with `failed to load checkpoint: EOF`; recover repairs it.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { Client } from "pg";
import { engineRoot, offlineEnv } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { testPostgres, type TestPostgres } from "../../harness/postgres";
import {
  cleanup,
  descendants,
  processGone,
  runCommand,
  tempDir,
  type CommandResult,
  type TestEmulator,
} from "./helpers";

type Any = any;

const DB_PASS = "recover-db-pass-5e1a";
const STACK = "dev";
const TEN_MINUTES = 10 * 60_000;

let emu: TestEmulator;
let pg: TestPostgres;
let dir: string;
let tarball: string;

const PROGRAM = `const supabase = require("supabase-pulumi");
const org = new supabase.Organization("org", { name: process.env.ORG_NAME });
const project = new supabase.Project("project", {
  name: "recover", organizationId: org.organizationId, region: "eu-west-2", dbPass: ${JSON.stringify(DB_PASS)},
});
const ref = project.ref;
const auth = new supabase.AuthConfig("auth", { projectRef: ref, siteUrl: "https://app.recover.example.com" });
new supabase.Secret("token", { projectRef: ref, name: "API_TOKEN", value: "recover-secret-93c2" });
new supabase.ApiKey("key", { projectRef: ref, type: "secret", name: "recover_backend" });
new supabase.Function("fn", { projectRef: ref, slug: "hello", source: "Deno.serve(() => new Response('hi'))", verifyJwt: false });
new supabase.DatabaseMigration("plans-table", {
  projectRef: ref, name: "001_plans", sql: "create table plans (code text primary key, price numeric(10,2) not null)",
}, { dependsOn: [auth] });
exports.ref = ref;
`;

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
  emu = await startTestEmulator();
  pg = await testPostgres();
  dir = tempDir("recover");
  tarball = packTarball(dir);
});

afterAll(async () => {
  await emu?.clearFaults().catch(() => undefined);
  await emu?.close();
  await pg?.stop();
  if (dir) cleanup(dir);
});

interface Project {
  dir: string;
  env: Record<string, string>;
  pulumi(args: string[]): Promise<CommandResult>;
  recover(args?: string[]): Promise<CommandResult>;
  /** Runs `pulumi up` and kills its whole process group once `ready()` answers true. */
  killedUp(ready: () => Promise<boolean>): Promise<void>;
}

/** A project with the packed package installed, on the given backend. */
async function project(name: string, backendUrl?: string): Promise<Project> {
  const root = path.join(dir, name);
  const cwd = path.join(root, "infra");
  writeUserPackage(cwd, "infra", tarball);
  fs.writeFileSync(path.join(cwd, "Pulumi.yaml"), "name: infra\nruntime: nodejs\nmain: index.js\n");
  fs.writeFileSync(path.join(cwd, "index.js"), PROGRAM);
  const env: Record<string, string> = {
    ...offlineEnv(root),
    ...(backendUrl ? { PULUMI_BACKEND_URL: backendUrl } : {}),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    ORG_NAME: `Recover ${name}`,
  };
  const run = (cmd: string, args: string[]) => runCommand(cmd, args, cwd, { ...process.env, ...env });
  const install = await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  const pulumi = (args: string[]) =>
    run(path.join(engineRoot(), "bin", "pulumi"), [...args, "--stack", STACK, "--non-interactive"]);
  const init = await run(path.join(engineRoot(), "bin", "pulumi"), ["stack", "init", STACK, "--non-interactive"]);
  if (init.code !== 0) throw new Error(`pulumi stack init failed:\n${init.out}`);
  return {
    dir: cwd,
    env,
    pulumi,
    recover: (args = []) =>
      run(path.join(cwd, "node_modules", ".bin", "supabase-pulumi"), ["recover", "--stack", STACK, ...args]),
    async killedUp(ready) {
      const child = spawn(
        path.join(engineRoot(), "bin", "pulumi"),
        ["up", "--yes", "--skip-preview", "--stack", STACK, "--non-interactive"],
        { cwd, env: { ...process.env, ...env }, detached: true, stdio: "ignore" },
      );
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      let done = false;
      void exited.then(() => (done = true));
      while (!done && !(await ready())) await new Promise((r) => setTimeout(r, 100));
      if (done) throw new Error(`pulumi up ended (exit ${await exited}) before the kill point`);
      // The run's processes: the engine's language host and program, our provider hosts, their shims, the guard.
      const below = descendants(child.pid!);
      expect(below.some((p) => p.cmd.includes("dynamic-provider"))).toBe(true);
      process.kill(-child.pid!, "SIGKILL");
      await exited;
      // The engine is gone: none of them lives on with parent PID 1 (each watches the engine and exits, and the
      // guard ends the hosts that never loaded our runtime). Nor does anything else running in the project. A few
      // seconds each; the bound only keeps a failure from waiting for the test's timeout.
      const survivors = () => [
        ...new Map([...below.filter((p) => !processGone(p.pid)), ...runningIn(cwd)].map((p) => [p.pid, p])).values(),
      ];
      for (let i = 0; i < 600 && survivors().length > 0; i++) await new Promise((r) => setTimeout(r, 200));
      expect(survivors().map((p) => p.cmd)).toEqual([]);
    },
  };
}

/** Live processes whose working directory is `dir` (the engine starts its plugins and the program there). */
function runningIn(dir: string): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || processGone(Number(entry))) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== dir) continue;
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      out.push({ pid: Number(entry), cmd });
    } catch {
      // Exited meanwhile.
    }
  }
  return out;
}

/**
 * The program of kill point 0: it loads the package as every program does, then registers a provider of the
 * Node.js SDK's dynamic resources, so the engine starts and configures that host; then it waits on a request the
 * emulator holds, and no resource call ever reaches the host.
 */
const BEFORE_FIRST_CALL = `const pulumi = require("@pulumi/pulumi");
require("supabase-pulumi");
const host = new pulumi.ProviderResource("pulumi-nodejs", "host", {});
host.id.apply(() =>
  fetch(process.env.SUPABASE_API_URL + "/v1/organizations", {
    headers: { authorization: "Bearer " + process.env.SUPABASE_ACCESS_TOKEN },
  }).catch(() => undefined),
);
`;

/** Kill point 0: the dynamic-provider host is up, before the first resource call. Nothing is pending after it. */
async function killBeforeFirstResourceCall(p: Project): Promise<void> {
  const held = await hold("GET", "/v1/organizations");
  const main = path.join(p.dir, "index.js");
  fs.writeFileSync(main, BEFORE_FIRST_CALL);
  try {
    await p.killedUp(held);
  } finally {
    fs.writeFileSync(main, PROGRAM);
  }
  await emu.clearFaults();
  const rec = await p.recover(["--unlock"]);
  if (rec.code !== 0) throw new Error(`recover failed:\n${rec.out}`);
  expect(rec.stdout).toContain("No pending operations");
}

const projectPosted = async () =>
  (await emu.requests({ api: "management" })).some(
    (r) => r.method === "POST" && r.path === "/v1/projects" && r.status === 201,
  );

/** A fault that holds a request (answering 503 later, the handler never run); ready once it holds one. */
async function hold(method: string, route: string): Promise<() => Promise<boolean>> {
  const fault = await emu.addFault({ method, path: route, status: 503, delayMs: 20_000 });
  return async () => ((await emu.faults()).find((f) => f.id === fault.id)?.hits ?? 0) > 0;
}

/** The organization the stack created (its id as projects name it). */
function orgOf(state: Any): string {
  const org = state.resources.find((r: Any) => r.type.endsWith("supabase:Organization"));
  expect(org).toBeDefined();
  return org.outputs.organizationId;
}

/** Exactly one of each object of the program, in the service and in the state. */
async function expectOneOfEach(p: Project): Promise<string> {
  const state = JSON.parse((await p.pulumi(["stack", "export"])).stdout).deployment;
  expect(state.pending_operations ?? []).toEqual([]);
  const slug = orgOf(state);
  const projects = ((await emu.api("GET", "/v1/projects")).body as Any[]).filter((x) => x.organization_id === slug);
  expect(projects.map((x) => x.status)).toEqual(["ACTIVE_HEALTHY"]);
  const ref = projects[0].ref ?? projects[0].id;
  const recorded = state.resources.filter((r: Any) => r.type.endsWith("supabase:Project"));
  expect(recorded.map((r: Any) => r.id)).toEqual([ref]);
  const keys = ((await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Any[]).filter(
    (k) => k.name === "recover_backend",
  );
  expect(keys).toHaveLength(1);
  const fns = (await emu.api("GET", `/v1/projects/${ref}/functions`)).body as Any[];
  expect(fns.map((f) => f.slug)).toEqual(["hello"]);
  const migrations = (await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body as Any[];
  expect(migrations.filter((m) => m.name === "001_plans")).toHaveLength(1);
  const secrets = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body as Any[];
  expect(secrets.filter((s) => s.name === "API_TOKEN")).toHaveLength(1);
  const auth = (await emu.api("GET", `/v1/projects/${ref}/config/auth`)).body as Any;
  expect(auth.site_url).toBe("https://app.recover.example.com");
  return slug;
}

async function upAndDestroy(p: Project): Promise<void> {
  const up = await p.pulumi(["up", "--yes", "--skip-preview"]);
  if (up.code !== 0) throw new Error(`pulumi up after recover failed:\n${up.out}`);
  const slug = await expectOneOfEach(p);
  const preview = await p.pulumi(["preview", "--expect-no-changes"]);
  if (preview.code !== 0) throw new Error(`preview after recover is not clean:\n${preview.out}`);
  // With nothing pending, recover reads the state and says so.
  const idle = await p.recover();
  expect(idle.code).toBe(0);
  expect(idle.stdout).toContain("No pending operations");
  const down = await p.pulumi(["destroy", "--yes", "--skip-preview"]);
  if (down.code !== 0) throw new Error(`pulumi destroy failed:\n${down.out}`);
  const left = ((await emu.api("GET", "/v1/projects")).body as Any[]).filter(
    (x) => x.organization_id === slug && x.status !== "GOING_DOWN" && x.status !== "REMOVED",
  );
  expect(left).toEqual([]);
}

/** Kill point 1: the project's create, waiting for health. Recover imports the project. */
async function killDuringProjectCreate(p: Project): Promise<void> {
  await emu.setSettings({ provisioningDelayMs: TEN_MINUTES });
  await emu.clearRequests();
  await p.killedUp(projectPosted);
  await emu.setSettings({ provisioningDelayMs: 200 });
  await emu.advanceTime(TEN_MINUTES);

  const dry = await p.recover(["--dry-run"]);
  expect(dry.code).toBe(0);
  expect(dry.stdout).toMatch(/project \(project\): create interrupted; found project \w+ "recover".*would import it/);
  // The killed run's lock is still there: --unlock removes it (nothing else runs this stack).
  const rec = await p.recover(["--unlock"]);
  if (rec.code !== 0) throw new Error(`recover failed:\n${rec.out}`);
  expect(rec.stdout).toMatch(/Recovered: 1 imported/);
  const state = JSON.parse((await p.pulumi(["stack", "export"])).stdout).deployment;
  expect(state.pending_operations ?? []).toEqual([]);
  expect(state.resources.filter((r: Any) => r.type.endsWith("supabase:Project"))).toHaveLength(1);
}

/**
 * Kill point 2: the auth config's write hangs; and the API key is created but its answer lost (the connection reset
 * after the handler ran), so the provider looks for it, and that lookup hangs. The kill follows the arrival of both.
 * Recover clears the auth config's create (it adopts) and imports the key.
 */
async function killDuringConfigWrites(p: Project): Promise<void> {
  // Kill point 2: the auth config's write hangs; and the API key is created but its answer lost (the
  // connection reset after the handler ran), so the provider looks for it, and that lookup hangs. The kill
  // follows the arrival of both.
  const authHeld = await hold("PATCH", "/v1/projects/{ref}/config/auth");
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/api-keys", reset: "after", times: 1 });
  const keyLookupHeld = await hold("GET", "/v1/projects/{ref}/api-keys");
  await p.killedUp(async () => (await authHeld()) && (await keyLookupHeld()));
  await emu.clearFaults();
  const rec = await p.recover(["--unlock"]);
  if (rec.code !== 0) throw new Error(`recover failed:\n${rec.out}`);
  expect(rec.stdout).toMatch(
    /auth \(authConfig\): create interrupted; clear the pending create \(create writes the declared fields/,
  );
  expect(rec.stdout).toMatch(
    /key \(apiKey\): create interrupted; found secret key [\w-]+ "recover_backend".*: import it as /,
  );
  // The key's value, read for the record, is stored encrypted.
  const exported = (await p.pulumi(["stack", "export"])).stdout;
  const key = JSON.parse(exported).deployment.resources.find((r: Any) => r.type.endsWith("supabase:ApiKey"));
  expect(key.outputs.apiKey.ciphertext).toEqual(expect.any(String));
  const live = (
    (await emu.api("GET", `/v1/projects/${key.outputs.projectRef}/api-keys?reveal=true`)).body as Any[]
  ).filter((k) => k.name === "recover_backend");
  expect(live).toHaveLength(1);
  expect(exported).not.toContain(live[0].api_key);
}

/** Kill point 3: the migration's POST hangs. Recover clears its create (it adopts an entry of the same statements). */
async function killDuringMigration(p: Project): Promise<void> {
  const ready = await hold("POST", "/v1/projects/{ref}/database/migrations");
  await p.killedUp(ready);
  await emu.clearFaults();
  const rec = await p.recover(["--unlock"]);
  if (rec.code !== 0) throw new Error(`recover failed:\n${rec.out}`);
  expect(rec.stdout).toMatch(/plans-table \(databaseMigration\): create interrupted; clear the pending create/);
}

test("file backend: killed before the first resource call, during the project's create, the configuration writes and a migration; recover, up, destroy", async () => {
  const p = await project("file");
  await killBeforeFirstResourceCall(p);
  await killDuringProjectCreate(p);
  await killDuringConfigWrites(p);
  await killDuringMigration(p);

  // The unreadable checkpoint a kill can leave on this backend: an empty blob metadata sidecar.
  const stacksDir = path.join(path.dirname(p.dir), "state", ".pulumi", "stacks", "infra");
  const sidecar = path.join(stacksDir, `${STACK}.json.attrs`);
  expect(fs.existsSync(sidecar)).toBe(true);
  fs.writeFileSync(sidecar, "");
  const broken = await p.pulumi(["stack", "export"]);
  expect(broken.code).not.toBe(0);
  expect(broken.stderr).toContain("failed to load checkpoint: EOF");
  const rec = await p.recover();
  if (rec.code !== 0) throw new Error(`recover failed:\n${rec.out}`);
  expect(rec.stderr).toContain(`removed ${sidecar}`);

  await upAndDestroy(p);
}, 900_000);

test("PostgreSQL backend: killed during the project's create, the configuration writes and a migration; recover, up, destroy", async () => {
  const database = `pulumi_recover_${process.pid}_${Date.now().toString(36)}`;
  await admin(pg.url, (c) => c.query(`create database ${database}`));
  try {
    const url = new URL(pg.url);
    url.pathname = `/${database}`;
    url.searchParams.set("sslmode", "disable");
    const p = await project("pg", url.toString());
    await killDuringProjectCreate(p);
    await killDuringConfigWrites(p);
    await killDuringMigration(p);
    await upAndDestroy(p);
  } finally {
    await admin(pg.url, (c) => c.query(`drop database if exists ${database} with (force)`)).catch(() => undefined);
  }
}, 600_000);
