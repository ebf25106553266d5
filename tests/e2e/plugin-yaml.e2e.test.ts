/**
 * The provider plugin from the packed tarball, as a YAML user runs it: `npm
 * pack`, `npm install` of the tarball into a fresh directory, the installed
 * `node_modules/.bin/pulumi-resource-supabase` on PATH, and the YAML
 * quickstart (`examples/yaml-quickstart/`) through the real engine against the
 * emulator: `up`, `preview --expect-no-changes`, no secret in plaintext in the
 * exported state, drift found by refresh and repaired by `up`, then `pulumi import` of a project created through the
 * management API (the engine writes its YAML; shown in the log), an `up` with
 * no changes once the program declares it, and `destroy`.
 *
 * The engine's YAML language host (`pulumi-language-yaml`) is found next to
 * the engine (scripts/ensure-engine.sh installs it) or on PATH.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { packageVersion } from "../../provider/http/version";
import { cleanup, tempDir, type TestEmulator, runCommand } from "./helpers";

const DB_PASS = "yaml-plugin-db-pass-3c9e";
const API_TOKEN = "yaml-plugin-api-token-71f0";
const IMPORTED_DB_PASS = "imported-db-pass-c41d";

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("plugin-yaml");
});

afterAll(async () => {
  await emu?.close();
  cleanup(dir);
});

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string>) =>
  runCommand(cmd, args, cwd, { ...process.env, ...env });

/** The directory holding `pulumi-language-yaml`: the engine's own, else the first on PATH. */
function yamlHostDir(): string {
  const dirs = [path.join(engineRoot(), "bin"), ...(process.env.PATH ?? "").split(path.delimiter)];
  const found = dirs.find((d) => d && fs.existsSync(path.join(d, "pulumi-language-yaml")));
  if (!found)
    throw new Error("pulumi-language-yaml is neither next to the engine nor on PATH (scripts/ensure-engine.sh)");
  return found;
}

async function waitHealthy(ref: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const p = await emu.api("GET", `/v1/projects/${ref}`);
    if ((p.body as { status?: string }).status === "ACTIVE_HEALTHY") return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`project ${ref} never became healthy`);
}

test("the YAML quickstart runs through the plugin installed from the tarball; a project is imported", async () => {
  const project = path.join(dir, "project");
  writeUserPackage(project, "yaml-user", packTarball(dir));
  const program = fs.readFileSync(path.join(REPO_ROOT, "examples", "yaml-quickstart", "Pulumi.yaml"), "utf8");
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), program);

  const env = offlineEnv(dir);
  const install = await run("npm", ["install", "--no-audit", "--no-fund"], project, env);
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  const bin = path.join(project, "node_modules", ".bin");
  expect(fs.existsSync(path.join(bin, "pulumi-resource-supabase"))).toBe(true);
  // The installed plugin first: the engine finds pulumi-resource-supabase and pulumi-language-yaml on PATH.
  env.PATH = [bin, yamlHostDir(), env.PATH].join(path.delimiter);

  const pulumiBin = path.join(engineRoot(), "bin", "pulumi");
  const pulumi = (args: string[]) =>
    run(pulumiBin, [...args, "--stack", "dev", "--non-interactive", "--color", "never"], project, env);
  const must = async (args: string[]) => {
    const r = await pulumi(args);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} failed:\n${r.out}`);
    return r.out;
  };
  expect((await run(pulumiBin, ["stack", "init", "dev", "--non-interactive"], project, env)).code).toBe(0);
  // Credentials and endpoints as provider config only (no SUPABASE_* variables): they reach the plugin's Configure.
  await must(["config", "set", "--secret", "dbPass", DB_PASS]);
  await must(["config", "set", "--secret", "apiToken", API_TOKEN]);
  await must(["config", "set", "--secret", "supabase:accessToken", emu.accessToken]);
  await must(["config", "set", "supabase:apiUrl", emu.apiUrl]);
  await must(["config", "set", "supabase:projectUrlTemplate", emu.projectUrlTemplate]);

  const up = await must(["up", "--yes"]);
  const outputs = JSON.parse(await must(["stack", "output", "--json", "--show-secrets"]));
  expect(outputs).toMatchObject({
    projectStatus: "ACTIVE_HEALTHY",
    seededPlans: 2,
    networkBans: [],
    webKeyPrefix: expect.stringMatching(/^sb_publishable_/),
  });
  await must(["preview", "--expect-no-changes"]);

  // No secret in plaintext in the state; the ones the schema marks are stored encrypted.
  const exported = await must(["stack", "export"]);
  for (const secret of [DB_PASS, API_TOKEN, emu.accessToken]) {
    expect(exported).not.toContain(secret);
    expect(up).not.toContain(secret);
  }
  const state = JSON.parse(exported.slice(exported.indexOf("{"))) as {
    deployment: {
      resources: Array<{ type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }>;
    };
  };
  const byType = (t: string) => state.deployment.resources.find((r) => r.type === `supabase:index:${t}`)!;
  const ciphertext = expect.objectContaining({
    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  });
  expect(byType("Project").outputs!.dbPassDigest).toEqual(ciphertext);
  expect(byType("Secret").outputs!.digest).toEqual(ciphertext);
  expect(byType("Secrets").inputs!.secrets).toEqual(ciphertext);
  expect(byType("Secrets").outputs!.digests).toEqual(ciphertext);

  // Drift through the plugin's read: an out-of-band change shows at refresh, and up repairs it.
  await must(["preview", "--refresh", "--expect-no-changes"]);
  const patched = await emu.api("PATCH", `/v1/projects/${outputs.projectRef}/config/auth`, {
    site_url: "https://changed.example.com",
  });
  expect(patched.status).toBeLessThan(300);
  const drift = await pulumi(["refresh", "--preview-only", "--expect-no-changes", "--diff"]);
  expect(drift.code).not.toBe(0);
  expect(drift.out).toMatch(/supabase:index:AuthConfig[\s\S]*drift[\s\S]*siteUrl/);
  await must(["up", "--refresh", "--yes"]);
  await must(["preview", "--refresh", "--expect-no-changes"]);

  // `pulumi import` of a project created outside the stack, through the management API.
  const orgs = (await emu.api("GET", "/v1/organizations")).body as Array<{ id: string }>;
  const created = await emu.api("POST", "/v1/projects", {
    name: "existing",
    organization_slug: orgs[0].id,
    region: "eu-west-2",
    db_pass: IMPORTED_DB_PASS,
  });
  expect(created.status).toBe(201);
  const ref = (created.body as { ref: string }).ref;
  await waitHealthy(ref);
  const written = path.join(dir, "imported.yaml");
  await must(["import", "supabase:index:Project", "existing", ref, "--yes", "--out", written]);
  const code = fs.readFileSync(written, "utf8");
  console.log(`the YAML the engine wrote for \`pulumi import supabase:index:Project existing ${ref}\`:\n${code}`);
  expect(code).toContain("type: supabase:Project");
  expect(code).toContain("name: existing");
  expect(code).toContain(`organizationId: ${orgs[0].id}`);
  expect(code).toContain("region: eu-west-2");
  expect(code).not.toContain(IMPORTED_DB_PASS);

  // The program declares it as written (its password from config): `up` has nothing to do.
  await must(["config", "set", "--secret", "existingDbPass", IMPORTED_DB_PASS]);
  const declared = code
    .replace(/^resources:\n/, "")
    .replace(/dbPass: .*/, "dbPass: ${existingDbPass}")
    .replace(/\n\s*options:\n\s*protect: true/, "");
  fs.writeFileSync(
    path.join(project, "Pulumi.yaml"),
    program
      .replace(/^resources:\n/m, `resources:\n${declared.trimEnd()}\n`)
      .replace(/^config:\n/m, "config:\n  existingDbPass:\n    type: string\n    secret: true\n"),
  );
  await must(["preview", "--expect-no-changes"]);
  await must(["up", "--yes", "--expect-no-changes"]);

  // The other way to install it (README): into the engine's plugin cache, through a launcher of the installed command.
  const launcher = path.join(dir, "launcher");
  const main = path.join(project, "node_modules", "supabase-pulumi", "dist", "provider", "plugin", "main.js");
  fs.writeFileSync(launcher, `#!/bin/sh\nexec node "${main}" "$@"\n`, { mode: 0o755 });
  const installed = await run(
    pulumiBin,
    ["plugin", "install", "resource", "supabase", packageVersion(), "--file", launcher, "--non-interactive"],
    project,
    env,
  );
  if (installed.code !== 0) throw new Error(`pulumi plugin install failed:\n${installed.out}`);
  env.PATH = env.PATH.split(path.delimiter)
    .filter((d) => d !== bin)
    .join(path.delimiter);
  const cached = await must(["preview", "--expect-no-changes"]);
  expect(cached).not.toContain("using pulumi-resource-supabase from $PATH");

  await must(["state", "unprotect", "--all", "--yes"]);
  await must(["destroy", "--yes"]);
  const left = (await emu.api("GET", "/v1/projects")).body as Array<{ status?: string }>;
  expect(left.filter((p) => p.status !== "REMOVED")).toEqual([]);
});
