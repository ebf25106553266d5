/**
 * `npm run demo`: the main job, end to end, with nothing but this repository.
 *
 *  1. makes the Pulumi engine available (built once from Go modules, cached);
 *  2. starts the emulator with its embedded database (state in .demo/);
 *  3. runs `pulumi up --yes` of the quickstart stack;
 *  4. prints the stack outputs;
 *  5. checks for drift (`pulumi preview --refresh --expect-no-changes`);
 *  6. stops the emulator.
 *
 * Run it again and step 3 changes nothing. `rm -rf .demo` starts over.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { engineRoot, offlineEnv, REPO_ROOT } from "./engine";

const DEMO_DIR = path.join(REPO_ROOT, ".demo");
const DEMO_PORT = Number(process.env.SUPABASE_DEMO_PORT ?? 54330);
const STACK = "dev";
const CONFIG_FILE = path.join(DEMO_DIR, `Pulumi.${STACK}.yaml`);

const tty = process.stdout.isTTY;
const bold = (s: string) => (tty ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s: string) => (tty ? `\x1b[2m${s}\x1b[0m` : s);
const step = (n: number, text: string) => console.log(`\n${bold(`[${n}/6]`)} ${text}`);

async function main(): Promise<void> {
  console.log(bold("supabase-pulumi demo") + dim("  (all state in .demo/)"));

  step(1, "Pulumi engine");
  const t0 = Date.now();
  const pulumiBin = path.join(engineRoot(), "bin", "pulumi");
  const version = execFileSync(pulumiBin, ["version"], { encoding: "utf8" }).trim();
  console.log(`    pulumi ${version} ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);

  step(2, "Emulator (management API, per-project databases on embedded PostgreSQL)");
  fs.mkdirSync(DEMO_DIR, { recursive: true });
  const dataDir = path.join(DEMO_DIR, "emulator");
  const emulator = await startEmulator({ port: DEMO_PORT, dataDir, provisioningDelayMs: 1500 }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== "EADDRINUSE") throw err;
      console.log(dim(`    port ${DEMO_PORT} is busy; using a free port (SUPABASE_DEMO_PORT chooses one)`));
      return startEmulator({ port: 0, dataDir, provisioningDelayMs: 1500 });
    },
  );
  console.log(`    management API  ${emulator.apiUrl}/v1`);
  console.log(`    project URLs    ${emulator.projectUrlTemplate}  (GraphQL: + /graphql/v1)`);
  console.log(`    control plane   ${emulator.controlUrl}  (Authorization: Bearer <the access token>)`);
  console.log(`    database        ${emulator.database}`);

  // Credentials reach the provider through the environment: nothing secret
  // lands in the stack's config or state, and a new port or token is not a
  // configuration change.
  const env = {
    ...process.env,
    ...offlineEnv(path.join(DEMO_DIR, "pulumi")),
    SUPABASE_ACCESS_TOKEN: emulator.accessToken,
    SUPABASE_API_URL: emulator.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emulator.projectUrlTemplate,
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
  // Asynchronous on purpose: the emulator serves from this same process.
  const pulumi = (args: string[], opts: { quiet?: boolean } = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      // Stack config lives in .demo/ too, not beside Pulumi.yaml.
      const usesConfig = ["config", "up", "preview", "refresh", "destroy"].includes(args[0]);
      const argv = [
        ...args,
        "--stack",
        STACK,
        ...(usesConfig ? ["--config-file", CONFIG_FILE] : []),
        "--non-interactive",
      ];
      if (args[0] !== "stack" && args[0] !== "config") argv.push("--color", tty ? "always" : "never");
      const child = spawn(pulumiBin, argv, {
        cwd: REPO_ROOT,
        env,
        stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout?.on("data", (d) => (stdout += d));
      child.stderr?.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });

  // Commands that take no --config-file (stack output) drop the stack's salt
  // beside Pulumi.yaml; the demo keeps everything in .demo/, so it tidies up.
  const strayStackFile = path.join(REPO_ROOT, `Pulumi.${STACK}.yaml`);
  const hadStrayStackFile = fs.existsSync(strayStackFile);
  let failed = false;
  try {
    if ((await pulumi(["stack", "select"], { quiet: true })).code !== 0) {
      const init = await pulumi(["stack", "init"], { quiet: true });
      if (init.code !== 0) throw new Error(`pulumi stack init failed: ${init.stderr.trim()}`);
    }
    if ((await pulumi(["config", "get", "quickstart:dbPass"], { quiet: true })).code !== 0) {
      const set = await pulumi(
        ["config", "set", "--secret", "quickstart:dbPass", randomBytes(18).toString("base64url")],
        { quiet: true },
      );
      if (set.code !== 0) throw new Error(`pulumi config set failed: ${set.stderr.trim()}`);
    }

    step(3, `pulumi up --yes  ${dim(`(stack quickstart/${STACK}, program examples/quickstart)`)}`);
    const up = await pulumi(["up", "--yes", "--parallel", "8"]);
    if (up.code !== 0) throw new Error(`pulumi up failed (exit ${up.code})`);

    step(4, "Stack outputs");
    const out = await pulumi(["stack", "output", "--json"], { quiet: true });
    for (const [k, v] of Object.entries(JSON.parse(out.stdout || "{}")))
      console.log(`    ${k.padEnd(16)} ${JSON.stringify(v)}`);

    step(5, "Drift check: pulumi preview --refresh --expect-no-changes");
    const drift = await pulumi(["preview", "--refresh", "--expect-no-changes", "--parallel", "8"], { quiet: true });
    if (drift.code === 0) {
      console.log("    no drift: the live service matches the program");
    } else {
      failed = true;
      console.log(
        drift.stdout
          .trim()
          .split("\n")
          .map((l) => `    ${l}`)
          .join("\n"),
      );
      console.log(`    drift found (exit ${drift.code}): \`npm run demo\` again restores the declared state`);
    }
  } finally {
    if (!hadStrayStackFile) fs.rmSync(strayStackFile, { force: true });
    step(6, "Stopping the emulator");
    await emulator.close();
    console.log("    stopped");
  }
  if (failed) process.exitCode = 1;
  else console.log(`\n${bold("Done.")} Run ${bold("npm run demo")} again: the second up changes nothing.`);
}

main().catch((err) => {
  console.error(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
