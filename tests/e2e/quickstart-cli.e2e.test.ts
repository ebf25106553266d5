/**
 * The quickstart stack through the plain CLI, as a user runs it: `pulumi up
 * --yes` on the root Pulumi.yaml (the program runs through the language host),
 * a clean `preview --expect-no-changes`, no plaintext secret in the exported
 * state, and `destroy`.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { useEmulator } from "../../harness/suite";
import { cleanup, tempDir, type TestEmulator } from "./helpers";

const DB_PASS = "quickstart-cli-password-93d1";

let emu: TestEmulator;
let dir: string;
const stack = `cli${process.pid}`;

function pulumi(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(engineRoot(), "bin", "pulumi"),
      [...args, "--non-interactive"],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as any).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

useEmulator({
  setup: (started) => {
    emu = started;
    dir = tempDir("cli");
  },
  teardown: () => {
    cleanup(dir);
    // Commands without --config-file keep the stack's encryption salt beside Pulumi.yaml.
    fs.rmSync(path.join(REPO_ROOT, `Pulumi.${stack}.yaml`), { force: true });
  },
});

test("pulumi up --yes of the root Pulumi.yaml, clean preview, secrets encrypted, destroy", async () => {
  const configFile = path.join(dir, `Pulumi.${stack}.yaml`);
  const env = {
    ...offlineEnv(dir),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
  const withStack = (args: string[]) => [...args, "--stack", stack, "--config-file", configFile];

  expect((await pulumi(["stack", "init", stack], env)).code).toBe(0);
  expect((await pulumi(withStack(["config", "set", "--secret", "quickstart:dbPass", DB_PASS]), env)).code).toBe(0);

  const up = await pulumi(withStack(["up", "--yes", "--color", "never"]), env);
  expect(up.stderr + up.stdout).toMatch(/created/);
  expect(up.code).toBe(0);

  const preview = await pulumi(withStack(["preview", "--expect-no-changes", "--color", "never"]), env);
  expect(preview.code).toBe(0);

  const outputs = JSON.parse((await pulumi(["stack", "output", "--json", "--stack", stack], env)).stdout);
  expect(outputs.projectRef).toMatch(/^[a-z]{20}$/);
  expect(outputs.projectStatus).toBe("ACTIVE_HEALTHY");

  const exported = await pulumi(["stack", "export", "--stack", stack], env);
  expect(exported.code).toBe(0);
  expect(exported.stdout).toContain("pulumi-nodejs:dynamic/supabase:Project");
  expect(exported.stdout).not.toContain(DB_PASS);
  expect(exported.stdout).not.toContain(emu.accessToken);
  expect(up.stdout + up.stderr + preview.stdout + preview.stderr).not.toContain(DB_PASS);

  const destroy = await pulumi(withStack(["destroy", "--yes", "--color", "never"]), env);
  expect(destroy.code).toBe(0);
  expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
});
