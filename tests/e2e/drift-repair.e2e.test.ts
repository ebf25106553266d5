/**
 * Repairing drift, as a user does it: the package installed from its packed
 * tarball into a project with its own Pulumi.yaml and program (the program
 * runs through the language host, so `pulumi up` works from the command
 * line), one stack on the emulator for the whole file. Each scenario changes
 * the service out of band (an auth setting, a secret, a table row, a
 * function deleted, an API key deleted that a secret holds the value of),
 * then:
 *
 *  1. runs the command the text report advises, exactly as printed, through
 *     the shell: `drift` then exits 0;
 *  2. `drift --repair`: exit 0, its second check is clean;
 *  3. the repair job of examples/ci/github/drift.yml, its own `run:` script:
 *     exit 0 and a clean second report in the job summary.
 *
 * No secret value, key or token appears in any report, engine output or the state.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, tempDir, type TestEmulator, runCommand } from "./helpers";

const DB_PASS = "drift-repair-db-pass-0d3e";
const SECRET_VALUE = "drift-repair-secret-7a61";
const OUT_OF_BAND = "drift-repair-out-of-band-c5f2";
const STACK = "dev";

let emu: TestEmulator;
let dir: string;
let project: string;
let env: Record<string, string>;
let ref: string;
const captured: string[] = [];

async function run(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}) {
  const r = await runCommand(cmd, args, cwd, { ...process.env, ...env, ...extra });
  captured.push(r.stdout, r.stderr);
  return r;
}

const pulumi = (args: string[]) =>
  run(path.join(engineRoot(), "bin", "pulumi"), [...args, "--stack", STACK, "--non-interactive"], project);

/** The installed bin, run from the directory above the project (so the advice carries `--cwd`). */
const drift = (args: string[]) =>
  run(
    path.join(project, "node_modules", ".bin", "supabase-pulumi"),
    ["drift", "--stack", STACK, "--cwd", project, ...args],
    dir,
  );

const PROGRAM = `const supabase = require("supabase-pulumi");
const org = new supabase.Organization("org", { name: "Repair Org" });
const project = new supabase.Project("project", {
  name: "repair", organizationId: org.organizationId, region: "eu-west-2", dbPass: ${JSON.stringify(DB_PASS)},
});
const ref = project.ref;
new supabase.Secret("token", { projectRef: ref, name: "API_TOKEN", value: ${JSON.stringify(SECRET_VALUE)} });
new supabase.Function("fn", { projectRef: ref, slug: "hello", source: "Deno.serve(() => new Response('hi'))", verifyJwt: false });
new supabase.AuthConfig("auth", { projectRef: ref, siteUrl: "https://app.repair.example.com" });
const table = new supabase.DatabaseMigration("plans-table", {
  projectRef: ref, name: "001_plans", sql: "create table plans (code text primary key, price numeric(10,2) not null)",
});
new supabase.TableRows("plans", {
  projectRef: ref, table: "public.plans", rows: [{ code: "free", price: "0" }, { code: "pro", price: "25.00" }],
}, { dependsOn: [table] });
// A secret holding an API key's value: re-creating the key must update it (a dependent of the repaired resource).
const key = new supabase.ApiKey("key", { projectRef: ref, type: "secret", name: "repair_backend" });
new supabase.Secret("key-copy", { projectRef: ref, name: "BACKEND_KEY", value: key.apiKey });
exports.ref = ref;
`;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("drift-repair");
  project = path.join(dir, "infra");
  // The tarball exactly as published, installed next to the engine's SDK version.
  writeUserPackage(project, "infra", packTarball(dir));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: infra\nruntime: nodejs\nmain: index.js\n");
  fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
  env = {
    ...offlineEnv(dir),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
  };
  const install = await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], project);
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stdout}\n${install.stderr}`);
  const init = await run(
    path.join(engineRoot(), "bin", "pulumi"),
    ["stack", "init", STACK, "--non-interactive"],
    project,
  );
  if (init.code !== 0) throw new Error(`pulumi stack init failed:\n${init.stdout}\n${init.stderr}`);
  const up = await pulumi(["up", "--yes", "--skip-preview"]);
  if (up.code !== 0) throw new Error(`pulumi up failed:\n${up.stdout}\n${up.stderr}`);
  ref = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout).ref;
  const clean = await drift([]);
  if (clean.code !== 0) throw new Error(`drift after up exited ${clean.code}:\n${clean.stdout}\n${clean.stderr}`);
});

afterAll(async () => {
  if (project && emu) await pulumi(["destroy", "--yes", "--skip-preview"]);
  await emu?.close();
  if (dir) cleanup(dir);
});

/** The out-of-band changes of every scenario (DRIFTED names the resources they touch). */
async function changeOutOfBand(): Promise<void> {
  const sql = (query: string) => emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ id: string; name: string }>;
  const key = keys.find((k) => k.name === "repair_backend");
  expect(key).toBeDefined();
  for (const r of await Promise.all([
    emu.api("PATCH", `/v1/projects/${ref}/config/auth`, { site_url: "https://elsewhere.example.com" }),
    emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "API_TOKEN", value: OUT_OF_BAND }]),
    emu.api("DELETE", `/v1/projects/${ref}/functions/hello`),
    emu.api("DELETE", `/v1/projects/${ref}/api-keys/${key!.id}`),
    sql("update plans set price = 30 where code = 'pro'"),
  ]))
    expect(r.status).toBeLessThan(300);
}

const DRIFTED = ["auth", "fn", "key", "plans", "token"];

/**
 * The service holds what the program declares: nothing left to do for `up`
 * (the secret holding the re-created key's value was updated too, which the
 * drift check alone cannot see), and the function is back.
 */
async function expectDeclaredState(): Promise<void> {
  const preview = await pulumi(["preview", "--expect-no-changes"]);
  if (preview.code !== 0) throw new Error(`changes left after the repair:\n${preview.stdout}\n${preview.stderr}`);
  expect((await emu.api("GET", `/v1/projects/${ref}/functions/hello`)).status).toBe(200);
}

test("the advice of the text report, run exactly as printed, restores the declared state", async () => {
  await changeOutOfBand();
  const report = await drift(["--format", "text"]);
  if (report.code !== 2) throw new Error(`drift exited ${report.code}:\n${report.stdout}\n${report.stderr}`);
  for (const name of DRIFTED) expect(report.stdout).toMatch(new RegExp(`^ {2}${name}: `, "m"));
  const lines = report.stdout.split("\n");
  const at = lines.findIndex((l) => l.startsWith("To restore the declared state"));
  expect(at).toBeGreaterThan(0);
  const command = lines[at + 1].trim();
  expect(command).toBe(`pulumi up --refresh --yes --stack ${STACK} --cwd ${project}`);

  // What the report used to advise: a plain `pulumi up` finds nothing to do, the drift stays.
  const plain = await pulumi(["up", "--yes", "--skip-preview"]);
  expect(plain.code).toBe(0);
  expect((await drift(["--format", "json"])).code).toBe(2);

  // Word for word, through the shell, from where drift ran (the engine's pulumi is first on PATH).
  const restore = await run("bash", ["-c", command], dir);
  if (restore.code !== 0) throw new Error(`${command} exited ${restore.code}:\n${restore.stdout}\n${restore.stderr}`);
  const after = await drift(["--format", "json"]);
  if (after.code !== 0) throw new Error(`after the advice, drift exited ${after.code}:\n${after.stdout}`);
  expect(JSON.parse(after.stdout)).toMatchObject({ drifted: false, resources: [] });
  await expectDeclaredState();
});

test("drift --repair: the drifted resources only, then a clean second check (exit 0)", async () => {
  await changeOutOfBand();
  const r = await drift(["--repair", "--format", "json"]);
  if (r.code !== 0) throw new Error(`drift --repair exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  expect(out).toMatchObject({ drifted: false, repaired: true, after: { drifted: false, resources: [] } });
  expect(out.before.resources.map((x: { name: string }) => x.name).sort()).toEqual(DRIFTED);
  expect(out.commands).toHaveLength(2);
  const [refresh, up] = out.commands as string[];
  expect(refresh).toMatch(/^pulumi refresh --yes .*--target /);
  expect(up).toMatch(/^pulumi up --yes .*--target-dependents/);
  // Exactly the drifted resources are targeted.
  expect((refresh.match(/--target /g) ?? []).length).toBe(DRIFTED.length);
  expect(refresh).not.toContain("::org");
  expect(refresh).not.toContain("::key-copy");
  // The engine's progress went to stderr: the re-created key and the secret that depends on it.
  expect(r.stderr).toContain("$ pulumi up --yes");
  await expectDeclaredState();
});

test("the repair job of the GitHub drift workflow: exit 0, and the second report in the job summary is clean", async () => {
  await changeOutOfBand();
  const script = stepScript(path.join(REPO_ROOT, "examples", "ci", "github", "drift.yml"), "repair");
  expect(script).toContain("supabase-pulumi drift --repair");
  const summary = path.join(dir, "summary.md");
  const output = path.join(dir, "output.txt");
  // Run from the checkout (the project, where `npm ci` installed the package), as the runner does.
  const job = await run("bash", ["-e", "-c", script], project, {
    STACK,
    PULUMI_CWD: ".",
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
  });
  if (job.code !== 0) throw new Error(`the repair job exited ${job.code}:\n${job.stdout}\n${job.stderr}`);
  const md = fs.readFileSync(summary, "utf8");
  expect(md).toMatch(/^### ⚠️ Drift in stack dev: 5 of \d+ resources drifted/);
  expect(md).toMatch(/After the repair:\n\n### ✅ No drift in stack dev/);
  expect(fs.readFileSync(output, "utf8")).toContain("exit-code=0");
  await expectDeclaredState();
});

test("no secret value, API key or token in any report, engine output or the state", async () => {
  const exported = await pulumi(["stack", "export"]);
  expect(exported.code).toBe(0);
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<{ api_key?: string }>;
  const values = keys.map((k) => k.api_key).filter((v): v is string => !!v);
  expect(values.length).toBeGreaterThan(0);
  const everything = captured.join("\n");
  for (const secret of [DB_PASS, SECRET_VALUE, OUT_OF_BAND, emu.accessToken, ...values])
    expect(everything).not.toContain(secret);
});

/** The `run: |` block of the step with the given id, as the runner would execute it. */
function stepScript(workflow: string, id: string): string {
  const lines = fs.readFileSync(workflow, "utf8").split("\n");
  const at = lines.findIndex((l) => new RegExp(`^\\s+id: ${id}\\s*$`).test(l));
  expect(at).toBeGreaterThan(0);
  const runAt = lines.findIndex((l, i) => i > at && /^\s+run: \|\s*$/.test(l));
  const indent = lines[runAt + 1].match(/^\s*/)![0].length;
  const body: string[] = [];
  for (const l of lines.slice(runAt + 1)) {
    if (l.trim() !== "" && l.match(/^\s*/)![0].length < indent) break;
    body.push(l.slice(indent));
  }
  return body.join("\n");
}
