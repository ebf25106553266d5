/**
 * Drives the real Pulumi engine offline, for the demo and the e2e tests.
 *
 * - The engine comes from scripts/ensure-engine.sh (pulumi on PATH, or the
 *   v3.248.0 CLI built from the published Go modules into a per-user cache).
 * - Every run gets its own PULUMI_HOME and a local file backend under the
 *   given directory, a fixed passphrase, no update checks and no plugin
 *   downloads.
 * - Programs run as Automation API inline programs (they need no language
 *   host); commands that run no program (refresh, destroy, stack export) can
 *   also go straight to the CLI.
 */
import { execFile, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";

/** The repository root (the package root, whose node_modules holds @pulumi/pulumi). */
export const REPO_ROOT = path.resolve(
  __dirname,
  fs.existsSync(path.resolve(__dirname, "../package.json")) ? ".." : "../..",
);

/** The fixed passphrase of the offline stacks (the state holds ciphertext of every secret). */
export const PASSPHRASE = "supabase-pulumi-local";

let cachedRoot: string | undefined;

/** Makes the engine available (building it on first use) and returns its root (with bin/). */
export function engineRoot(): string {
  if (cachedRoot) return cachedRoot;
  const script = path.join(REPO_ROOT, "scripts", "ensure-engine.sh");
  const out = execFileSync("bash", [script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1 << 20,
  });
  const root = out.trim().split("\n").pop()!;
  if (!fs.existsSync(path.join(root, "bin", "pulumi"))) {
    throw new Error(`The Pulumi engine is not available (scripts/ensure-engine.sh returned "${root}").`);
  }
  cachedRoot = root;
  return root;
}

/** The environment of an offline engine run whose state lives under `dir`. */
export function offlineEnv(dir: string): Record<string, string> {
  const root = engineRoot();
  const home = path.join(dir, "pulumi-home");
  const state = path.join(dir, "state");
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(state, { recursive: true });
  return {
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${state}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // The engine's own directory first, so its shim and binaries are found.
    PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  };
}

export interface InlineStackOptions {
  /** Directory for this run's engine home, backend state and workspace. */
  dir: string;
  projectName: string;
  stackName: string;
  program: automation.PulumiFn;
  /** Stack config; values with `secret: true` are encrypted in the stack file. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Extra environment for the engine and the provider process. */
  env?: Record<string, string>;
}

export interface EngineStack {
  stack: automation.Stack;
  workDir: string;
  env: Record<string, string>;
  /** Runs the CLI directly in the stack's workspace (for commands that run no program). */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

/** Creates (or selects) an inline-program stack on the offline engine. */
export async function inlineStack(opts: InlineStackOptions): Promise<EngineStack> {
  // Loaded lazily: @pulumi/pulumi is a peer dependency that only engine runs need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation") as typeof automation;
  const root = engineRoot();
  const env = { ...offlineEnv(opts.dir), ...(opts.env ?? {}) };
  const workDir = path.join(opts.dir, "workspace");
  fs.mkdirSync(workDir, { recursive: true });
  const pulumiCommand = await PulumiCommand.get({ root });
  const stack = await LocalWorkspace.createOrSelectStack(
    { projectName: opts.projectName, stackName: opts.stackName, program: opts.program },
    {
      workDir,
      pulumiHome: env.PULUMI_HOME,
      envVars: env,
      pulumiCommand,
      secretsProvider: "passphrase",
      projectSettings: {
        name: opts.projectName,
        runtime: "nodejs",
        // The provider process starts here and resolves @pulumi/pulumi and
        // supabase-pulumi from this directory's node_modules.
        main: REPO_ROOT,
        backend: { url: env.PULUMI_BACKEND_URL },
      },
    },
  );
  if (opts.config) await stack.setAllConfig(opts.config);
  const cli = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(root, "bin", "pulumi"),
        [...args, "--stack", opts.stackName, "--non-interactive", "--color", "never"],
        { cwd: workDir, env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
        (err, stdout, stderr) => {
          const exit = (err as { code?: unknown } | null)?.code;
          const code = err ? (typeof exit === "number" ? exit : 1) : 0;
          resolve({ code, stdout: String(stdout), stderr: String(stderr) });
        },
      );
    });
  return { stack, workDir, env, cli };
}
