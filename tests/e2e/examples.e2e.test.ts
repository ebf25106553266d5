/**
 * Every runnable example under examples/ (each with its own Pulumi.yaml),
 * through the plain CLI against the emulator, as a user runs it: `up`, a
 * drift-free `preview --refresh --expect-no-changes`, and `destroy`, which
 * leaves no project behind. The quickstart has its own test. One example is
 * type-checked by `pulumi up` as for a user (its tsconfig.json, no
 * PULUMI_NODEJS_TRANSPILE_ONLY), so the examples' compiler settings are tested.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { ManagementClient } from "../../provider/client";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { useEmulator } from "../../harness/suite";
import { cleanup, tempDir, type TestEmulator } from "./helpers";

const DB_PASS = "examples-password-5c2e";

interface Scenario {
  /**
   * Compiled with type checking, as `pulumi up` does by default (with the
   * example's tsconfig.json). The others skip it to save time.
   */
  typeChecked?: boolean;
  /** Stack config beyond `dbPass` (secret values are set with --secret). */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Objects that exist before the first `up`. */
  before?(emu: TestEmulator): Promise<void>;
}

const scenarios: Record<string, Scenario> = {
  "project-settings": { typeChecked: true },
  "secrets-from-config": { config: { stripeKey: { value: "sk_test_examples_9f3a", secret: true } } },
  "functions-folder": {},
  "custom-hostname-dns": {},
  "migration-seed": {},
  // Step 1 of the rotation; the whole sequence is tests/provider/resources/signing-key.provider.test.ts.
  "signing-key-rotation": {},
  "adopt-existing": {
    config: { orgName: { value: "Existing Org" }, projectName: { value: "existing-app" } },
    async before(emu) {
      const client = new ManagementClient({ apiUrl: emu.apiUrl, accessToken: () => emu.accessToken });
      const org = await client.createOrganization({ name: "Existing Org" });
      await client.createProject({
        name: "existing-app",
        organization_slug: org.slug ?? org.id,
        region_selection: { type: "specific", code: "eu-central-1" },
        db_pass: DB_PASS,
      });
    },
  },
};

const examplesDir = path.join(REPO_ROOT, "examples");

test("every example folder has a scenario here", () => {
  const folders = fs
    .readdirSync(examplesDir)
    // The quickstarts, the preview template and the platform example have suites of their own (yaml-quickstart:
    // tests/e2e/plugin-yaml.e2e.test.ts; preview: tests/e2e/ci-preview.e2e.test.ts, through its CI scripts;
    // platform: tests/e2e/platform.e2e.test.ts, from the packed tarball; policy: tests/e2e/policy.e2e.test.ts;
    // declarative-schema: tests/e2e/database-schema.e2e.test.ts, from the packed tarball, which also runs its
    // up, clean refresh and destroy).
    .filter(
      (d) =>
        !/^((yaml-)?quickstart|preview|platform|policy|declarative-schema)$/.test(d) &&
        fs.existsSync(path.join(examplesDir, d, "Pulumi.yaml")),
    );
  expect(folders.sort()).toEqual(Object.keys(scenarios).sort());
});

let emu: TestEmulator;
let dir: string;

useEmulator({
  setup: (started) => {
    emu = started;
    dir = tempDir("examples");
  },
  teardown: () => cleanup(dir),
});

function pulumi(cwd: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      path.join(engineRoot(), "bin", "pulumi"),
      [...args, "--non-interactive"],
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        const exit = (err as { code?: unknown } | null)?.code;
        resolve({ code: err ? (typeof exit === "number" ? exit : 1) : 0, out: `${stdout}\n${stderr}` });
      },
    );
  });
}

test.each(Object.keys(scenarios))("examples/%s: up, no drift on refresh, destroy", async (name) => {
  const scenario = scenarios[name];
  const cwd = path.join(examplesDir, name);
  const runDir = path.join(dir, name);
  fs.mkdirSync(runDir, { recursive: true });
  const stack = `ex${process.pid}`;
  const env = {
    ...offlineEnv(runDir),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    PULUMI_NODEJS_TRANSPILE_ONLY: scenario.typeChecked ? "false" : "true",
  };
  // The stack file lives in the run's directory, never beside the example's Pulumi.yaml.
  const withStack = (args: string[]) => [
    ...args,
    "--stack",
    stack,
    "--config-file",
    path.join(runDir, `Pulumi.${stack}.yaml`),
  ];
  const run = async (args: string[]) => {
    const r = await pulumi(cwd, withStack(args), env);
    expect({ args: args.join(" "), code: r.code, out: r.code === 0 ? "" : r.out }).toEqual({
      args: args.join(" "),
      code: 0,
      out: "",
    });
    return r.out;
  };

  await scenario.before?.(emu);
  // `stack init` keeps the stack's encryption salt beside Pulumi.yaml: remove it when done.
  const saltFile = path.join(cwd, `Pulumi.${stack}.yaml`);
  expect((await pulumi(cwd, ["stack", "init", stack], env)).code).toBe(0);
  try {
    await run(["config", "set", "--secret", "dbPass", DB_PASS]);
    for (const [key, { value, secret }] of Object.entries(scenario.config ?? {}))
      await run(["config", "set", ...(secret ? ["--secret"] : []), key, value]);

    const up = await run(["up", "--yes", "--skip-preview", "--color", "never"]);
    expect(up).toMatch(/created/);
    await run(["preview", "--refresh", "--expect-no-changes", "--color", "never"]);
    await run(["destroy", "--yes", "--color", "never"]);
    expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
  } finally {
    fs.rmSync(saltFile, { force: true });
  }
});
