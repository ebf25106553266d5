/**
 * Engine benchmark (`npm run bench:engine`): `pulumi up` and `pulumi destroy`
 * of N `Secret`s of one project against N trivial dynamic resources (a create
 * that only returns its inputs), under the same engine, at each N, in one run.
 * Prints both times, their ratio, and the request counts from the emulator's
 * request log: secret writes (at most ceil(N/8) each way) and 429s.
 *
 * The same N `Secret`s declared in a Pulumi YAML program run through the
 * provider plugin (`pulumi-resource-supabase` from the installed package's
 * `node_modules/.bin`, `pulumi-language-yaml` from the engine's directory):
 * its times next to the dynamic path's and their ratio, its writes, and its
 * state per resource. The plugin's state holds no serialized provider, but
 * the YAML host records a stack trace of its own Go frames with each
 * resource, so the bytes are printed with and without the hosts' source
 * positions and stack traces.
 *
 * The `Secret`s run twice: under the service's rate limit (120 writes a minute
 * to the secrets endpoint of a project, which the provider's pacer waits out
 * rather than draw 429s), as users meet it, and with the emulator's limits
 * lifted, which is the provider's own cost. When N / parallelism bulk writes
 * exceed 120 and the run is faster than a minute, the first pays the rest of
 * the window; the trivial floor never calls the API, so only the second ratio
 * compares the code across heads and machines.
 *
 * Another program, the trivial resources with their value passed as a secret,
 * shows what the engine itself charges for a secret in the state (it encrypts
 * and rewrites the whole state at every step); a `Secret` necessarily holds
 * one, the value, and its digest is a second.
 *
 *   npm run bench:engine [-- --n 100,1000 --parallel 8]
 *
 * Both run as a user runs them: one program in a fresh project that installs
 * the packed tarball and @pulumi/pulumi from the registry (the version this
 * repository pins), on the offline engine, against the emulator on 127.0.0.1.
 * That matters: the engine rewrites the whole state at every step, and an
 * installed package keeps each resource's serialized provider to a require of
 * its module (see sdk/provider.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import { readyProject, startTestEmulator, type TestEmulator } from "../harness/emulator";
import { npmInstall, packTarball, writeUserPackage } from "../harness/tarball";
import { engineRoot, offlineEnv } from "./engine";

/** One program for both kinds; the trivial resource is a user's dynamic provider, serialized by value. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const supabase = require("supabase-pulumi");
const config = new pulumi.Config("bench");
const n = config.requireNumber("n");
const kind = config.require("kind");
const trivial = {
  async create(inputs) {
    return { id: String(inputs.name), outs: inputs };
  },
};
for (let i = 0; i < n; i++) {
  const args = { name: \`R_\${i}\`, value: \`value-\${i}\` };
  if (kind === "trivial") new pulumi.dynamic.Resource(trivial, \`r\${i}\`, args, {}, "bench", "Trivial");
  else if (kind === "trivial-secret")
    new pulumi.dynamic.Resource(trivial, \`r\${i}\`, { ...args, value: pulumi.secret(args.value) }, {}, "bench", "Trivial");
  else new supabase.Secret(\`r\${i}\`, { projectRef: config.require("ref"), ...args });
}
`;

interface Run {
  upMs: number;
  destroyMs: number;
  upWrites: number;
  destroyWrites: number;
  throttled: number;
  stateBytes: number;
  /** The state without the language hosts' source positions and stack traces (a YAML host's are Go frames). */
  bareStateBytes: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const ratio = (a: number, b: number) => (a / b).toFixed(2);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** N `Secret`s of the project `ref` as a YAML program: YAML has no loops, so each one is written out. */
function yamlProgram(n: number, ref: string): string {
  const lines = ["name: bench-yaml", "runtime: yaml", "resources:"];
  for (let i = 0; i < n; i++)
    lines.push(
      `  r${i}:`,
      "    type: supabase:index:Secret",
      "    properties:",
      `      projectRef: ${ref}`,
      `      name: R_${i}`,
      `      value: value-${i}`,
    );
  return `${lines.join("\n")}\n`;
}

/** A fresh project with the packed tarball and the pinned @pulumi/pulumi installed, and the program. */
function installProject(dir: string): string {
  const project = path.join(dir, "project");
  writeUserPackage(project, "bench", packTarball(dir));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: bench\nruntime: nodejs\nmain: index.js\n");
  fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
  npmInstall(project);
  return project;
}

async function run(
  emu: TestEmulator,
  project: string,
  kind: "secrets" | "trivial" | "trivial-secret" | "yaml",
  n: number,
  ref: string,
  parallel: number,
  /** Lift the emulator's rate limits for this run (the provider's own cost, without the service's 120 a minute). */
  unlimited = false,
): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `supabase-pulumi-bench-${kind}-`));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation") as typeof automation;
    const offline = offlineEnv(dir);
    let workDir = project;
    if (kind === "yaml") {
      workDir = path.join(dir, "yaml");
      fs.mkdirSync(workDir);
      fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), yamlProgram(n, ref));
    }
    const envVars: Record<string, string> = {
      ...offline,
      // The installed plugin first; the engine's directory (pulumi-language-yaml) follows in offlineEnv's PATH.
      PATH: [path.join(project, "node_modules", ".bin"), offline.PATH].join(path.delimiter),
      SUPABASE_ACCESS_TOKEN: emu.accessToken,
      SUPABASE_API_URL: emu.apiUrl,
      SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    };
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: `${kind}${n}${unlimited ? "-unlimited" : ""}`, workDir },
      {
        pulumiHome: envVars.PULUMI_HOME,
        envVars,
        pulumiCommand: await PulumiCommand.get({ root: engineRoot() }),
        secretsProvider: "passphrase",
      },
    );
    if (kind !== "yaml")
      await stack.setAllConfig({
        "bench:n": { value: String(n) },
        "bench:kind": { value: kind === "secrets" ? "secret" : kind },
        "bench:ref": { value: ref },
      });
    const writes = async () =>
      (await emu.requests()).filter((r) => r.route?.endsWith("/v1/projects/{ref}/secrets") && r.method !== "GET");
    await emu.setRateLimits({ enabled: !unlimited });
    await emu.clearRequests();
    let t = performance.now();
    await stack.up({ parallel });
    const upMs = performance.now() - t;
    const deployment = (await stack.exportStack()).deployment as { resources: Record<string, unknown>[] };
    const stateBytes = JSON.stringify(deployment).length;
    const bareStateBytes = JSON.stringify({
      ...deployment,
      resources: deployment.resources.map(({ stackTrace: _t, sourcePosition: _p, ...r }) => r),
    }).length;
    const upLog = await emu.requests();
    const upWrites = (await writes()).length;
    await emu.clearRequests();
    t = performance.now();
    await stack.destroy({ parallel });
    const destroyMs = performance.now() - t;
    const downLog = await emu.requests();
    const destroyWrites = (await writes()).length;
    const throttled = [...upLog, ...downLog].filter((r) => r.status === 429).length;
    await stack.workspace.removeStack(stack.name);
    await emu.setRateLimits({ enabled: true });
    return { upMs, destroyMs, upWrites, destroyWrites, throttled, stateBytes, bareStateBytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = arg("n", "100,1000")
    .split(",")
    .map((v) => Number(v))
    .filter((v) => Number.isInteger(v) && v > 0 && v <= 2000);
  const parallel = Number(arg("parallel", "8"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-pulumi-bench-"));
  const project = installProject(dir);
  const emu = await startTestEmulator();
  try {
    const { ref } = await readyProject(emu, "bench");
    const rows: string[] = [];
    const pluginRows: string[] = [];
    for (const n of sizes) {
      const trivial = await run(emu, project, "trivial", n, ref, parallel);
      const secrets = await run(emu, project, "secrets", n, ref, parallel);
      const own = await run(emu, project, "secrets", n, ref, parallel, true);
      const withSecret = await run(emu, project, "trivial-secret", n, ref, parallel);
      const yaml = await run(emu, project, "yaml", n, ref, parallel);
      const limit = Math.ceil(n / parallel);
      const line =
        `N=${n}: up ${(secrets.upMs / 1000).toFixed(1)} s vs ${(trivial.upMs / 1000).toFixed(1)} s ` +
        `(${(secrets.upMs / trivial.upMs).toFixed(2)}×), destroy ${(secrets.destroyMs / 1000).toFixed(1)} s vs ` +
        `${(trivial.destroyMs / 1000).toFixed(1)} s (${(secrets.destroyMs / trivial.destroyMs).toFixed(2)}×); ` +
        `secret writes: up ${secrets.upWrites}, destroy ${secrets.destroyWrites} (limit ceil(N/${parallel}) = ${limit}); ` +
        `429s: ${secrets.throttled}; state after up ${secrets.stateBytes} vs ${trivial.stateBytes} bytes; ` +
        `trivial with a secret value: up ${(withSecret.upMs / 1000).toFixed(1)} s ` +
        `(${(withSecret.upMs / trivial.upMs).toFixed(2)}×), destroy ${(withSecret.destroyMs / 1000).toFixed(1)} s ` +
        `(${(withSecret.destroyMs / trivial.destroyMs).toFixed(2)}×); with the emulator's rate limits lifted: ` +
        `up ${seconds(own.upMs)} s (${ratio(own.upMs, trivial.upMs)}×), destroy ${seconds(own.destroyMs)} s ` +
        `(${ratio(own.destroyMs, trivial.destroyMs)}×), writes ${own.upWrites} / ${own.destroyWrites}`;
      console.log(line);
      const plugin =
        `N=${n} through the plugin (YAML): up ${seconds(yaml.upMs)} s (${ratio(yaml.upMs, secrets.upMs)}× the dynamic ` +
        `path, ${ratio(yaml.upMs, trivial.upMs)}× the trivial floor), destroy ${seconds(yaml.destroyMs)} s ` +
        `(${ratio(yaml.destroyMs, secrets.destroyMs)}× the dynamic path); secret writes: up ${yaml.upWrites}, ` +
        `destroy ${yaml.destroyWrites}; 429s: ${yaml.throttled}; state after up ${yaml.stateBytes} bytes ` +
        `(${Math.round(yaml.stateBytes / n)} a resource vs ${Math.round(secrets.stateBytes / n)} on the dynamic path; ` +
        `without the hosts' source positions and stack traces ${Math.round(yaml.bareStateBytes / n)} vs ` +
        `${Math.round(secrets.bareStateBytes / n)})`;
      console.log(plugin);
      pluginRows.push(
        `| ${n} | ${seconds(trivial.upMs)} | ${seconds(secrets.upMs)} | ${seconds(yaml.upMs)} | ` +
          `${ratio(yaml.upMs, secrets.upMs)} | ${seconds(trivial.destroyMs)} | ${seconds(secrets.destroyMs)} | ` +
          `${seconds(yaml.destroyMs)} | ${ratio(yaml.destroyMs, secrets.destroyMs)} | ` +
          `${secrets.upWrites} / ${secrets.destroyWrites} | ${yaml.upWrites} / ${yaml.destroyWrites} | ` +
          `${Math.round(trivial.stateBytes / n)} / ${Math.round(secrets.stateBytes / n)} / ${Math.round(yaml.stateBytes / n)} | ` +
          `${Math.round(trivial.bareStateBytes / n)} / ${Math.round(secrets.bareStateBytes / n)} / ${Math.round(yaml.bareStateBytes / n)} |`,
      );
      rows.push(
        `| ${n} | ${(trivial.upMs / 1000).toFixed(1)} | ${(secrets.upMs / 1000).toFixed(1)} | ` +
          `${(secrets.upMs / trivial.upMs).toFixed(2)} | ${(trivial.destroyMs / 1000).toFixed(1)} | ` +
          `${(secrets.destroyMs / 1000).toFixed(1)} | ${(secrets.destroyMs / trivial.destroyMs).toFixed(2)} | ` +
          `${secrets.upWrites} / ${secrets.destroyWrites} (≤ ${limit}) | ${secrets.throttled} | ` +
          `${Math.round(trivial.stateBytes / n)} / ${Math.round(secrets.stateBytes / n)} | ` +
          `${(withSecret.upMs / 1000).toFixed(1)} (${(withSecret.upMs / trivial.upMs).toFixed(2)}) / ` +
          `${(withSecret.destroyMs / 1000).toFixed(1)} (${(withSecret.destroyMs / trivial.destroyMs).toFixed(2)}) | ` +
          `${seconds(own.upMs)} (${ratio(own.upMs, trivial.upMs)}) / ${seconds(own.destroyMs)} ` +
          `(${ratio(own.destroyMs, trivial.destroyMs)}) |`,
      );
    }
    console.log(
      [
        "",
        `| N | trivial up s | Secret up s | up ratio | trivial destroy s | Secret destroy s | destroy ratio | writes up / destroy | 429s | state bytes a resource, trivial / Secret | trivial with a secret: up s (ratio) / destroy s (ratio) | Secret, rate limits lifted: up s (ratio) / destroy s (ratio) |`,
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ...rows,
        "",
        "The three paths side by side (the plugin path is a YAML program of N `Secret`s):",
        "",
        `| N | trivial up s | dynamic Secret up s | plugin Secret up s | plugin ÷ dynamic up | trivial destroy s | dynamic Secret destroy s | plugin Secret destroy s | plugin ÷ dynamic destroy | writes up / destroy, dynamic | writes up / destroy, plugin | state bytes a resource: trivial / dynamic / plugin | same without source positions and stack traces |`,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ...pluginRows,
      ].join("\n"),
    );
  } finally {
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
