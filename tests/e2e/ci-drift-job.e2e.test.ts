/**
 * The drift job of examples/ci/github/drift.yml, run as CI runs it: its own
 * `run:` script in bash, against a stack on the emulator, with the job's
 * environment (STACK, PULUMI_CWD, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT) and the
 * package's bin on the path as `npm ci` would put it. Clean: exit 0 and a
 * "No drift" summary; after an out-of-band change: exit 2, the summary names
 * the resource and the secret, and never its value.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as supabase from "supabase-pulumi";
import { REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorStack, tempDir, type TestEmulator } from "./helpers";

const SECRET_VALUE = "ci-job-secret-6d1e";
const CHANGED_VALUE = "ci-job-changed-0b4f";

let emu: TestEmulator;
const dirs: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
});

afterAll(async () => {
  await emu?.close();
  for (const d of dirs) cleanup(d);
});

/** The `run: |` block of the step with `id: drift`, as the runner would execute it. */
function driftStepScript(workflow: string): string {
  const lines = fs.readFileSync(workflow, "utf8").split("\n");
  const at = lines.findIndex((l) => /^\s+id: drift\s*$/.test(l));
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

/** A checkout with the package installed: node_modules/.bin/supabase-pulumi, as `npm ci` links it. */
function checkout(): string {
  const dir = tempDir("ci-job");
  dirs.push(dir);
  const bin = path.join(dir, "node_modules", ".bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(
    path.join(bin, "supabase-pulumi"),
    `#!/bin/sh\nexec "${process.execPath}" "${path.join(REPO_ROOT, "dist", "cli", "main.js")}" "$@"\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "infra", private: true }));
  return dir;
}

function runJob(script: string, cwd: string, env: Record<string, string>) {
  const summary = path.join(cwd, `summary-${Date.now()}.md`);
  const output = path.join(cwd, `output-${Date.now()}.txt`);
  return new Promise<{ code: number; summary: string; output: string; log: string }>((resolve) => {
    execFile(
      "bash",
      ["-e", "-c", script],
      { cwd, env: { ...process.env, ...env, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output } },
      (err, stdout, stderr) => {
        const exit = (err as { code?: unknown } | null)?.code;
        resolve({
          code: err ? (typeof exit === "number" ? exit : 1) : 0,
          summary: fs.existsSync(summary) ? fs.readFileSync(summary, "utf8") : "",
          output: fs.existsSync(output) ? fs.readFileSync(output, "utf8") : "",
          log: stdout + stderr,
        });
      },
    );
  });
}

test("the GitHub drift job: exit 0 and a clean summary, then exit 2 naming what drifted", async () => {
  const s = await emulatorStack(emu, async () => {
    const org = new supabase.Organization("org", { name: "CI Org" });
    const project = new supabase.Project("project", {
      name: "ci",
      organizationId: org.organizationId,
      region: "eu-west-2",
      dbPass: "ci-job-db-pass-2c8a",
    });
    new supabase.Secret("token", { projectRef: project.ref, name: "API_TOKEN", value: SECRET_VALUE });
    return { ref: project.ref };
  });
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8 });
  const ref = up.outputs.ref.value as string;

  const script = driftStepScript(path.join(REPO_ROOT, "examples", "ci", "github", "drift.yml"));
  const cwd = checkout();
  const env = {
    ...s.env,
    STACK: s.stack.name,
    PULUMI_CWD: s.workDir,
    PATH: `${path.join(cwd, "node_modules", ".bin")}:${s.env.PATH}`,
  };

  const clean = await runJob(script, cwd, env);
  if (clean.code !== 0) throw new Error(`clean run exited ${clean.code}:\n${clean.log}`);
  expect(clean.summary).toMatch(/^### ✅ No drift in stack .*: 3 resources checked\./);
  expect(clean.output).toContain("exit-code=0");

  await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "API_TOKEN", value: CHANGED_VALUE }]);
  const drifted = await runJob(script, cwd, env);
  expect(drifted.code).toBe(2);
  expect(drifted.output).toContain("exit-code=2");
  expect(drifted.summary).toContain("#### Secret (1)");
  expect(drifted.summary).toContain("- `token`: `changed API_TOKEN`");
  expect(drifted.log).toContain("::error::Drift found in stack");
  for (const text of [drifted.summary, drifted.log, clean.summary, clean.log]) {
    expect(text).not.toContain(SECRET_VALUE);
    expect(text).not.toContain(CHANGED_VALUE);
    expect(text).not.toContain(emu.accessToken);
  }

  // A stack that does not exist: exit 1, whatever else.
  const missing = await runJob(script, cwd, { ...env, STACK: "no-such-stack" });
  expect(missing.code).toBe(1);
  expect(missing.output).toContain("exit-code=1");

  await s.stack.destroy({ parallel: 8 });
});
