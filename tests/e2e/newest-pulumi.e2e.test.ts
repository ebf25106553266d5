/**
 * The package next to the newest Pulumi, as a new user installs it: `npm
 * pack`, then `npm install` of the tarball into a fresh project that pins the
 * newest @pulumi/pulumi 3.x, on Node 22 (the newest Pulumi needs it; the
 * machines run Node 20, so the pinned Node 22 binary from the npm registry
 * is used, see scripts/ensure-node22.sh). The install prints no peer
 * warning, and that project's `pulumi up` / `preview` / `destroy` lifecycle
 * works with its program and the dynamic providers running on Node 22.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, tempDir, type TestEmulator, runCommand } from "./helpers";

/** The newest 3.x on the registry when this was written (`npm view @pulumi/pulumi versions`). */
const NEWEST_PULUMI = "3.270.0";
const DB_PASS = "newest-pulumi-db-pass-5e0c";
const SECRET_VALUE = "newest-pulumi-secret-91b2";

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("newest");
});

afterAll(async () => {
  await emu?.close();
  cleanup(dir);
});

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string>) =>
  runCommand(cmd, args, cwd, { ...process.env, ...env });

const PROGRAM = `const fs = require("node:fs");
const path = require("node:path");
const supabase = require("supabase-pulumi");
const org = new supabase.Organization("org", { name: "Newest Org" });
const project = new supabase.Project("project", {
  name: "newest", organizationId: org.organizationId, region: "eu-west-2", dbPass: ${JSON.stringify(DB_PASS)},
});
new supabase.Secret("secret", { projectRef: project.ref, name: "API_TOKEN", value: ${JSON.stringify(SECRET_VALUE)} });
exports.ref = project.ref;
exports.status = project.status;
exports.node = process.version;
exports.pulumiSdk = JSON.parse(fs.readFileSync(path.join(__dirname, "node_modules/@pulumi/pulumi/package.json"), "utf8")).version;
`;

test(`npm install of the packed tarball next to @pulumi/pulumi ${NEWEST_PULUMI}: no peer warning; pulumi up works on Node 22`, async () => {
  const node22 = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "ensure-node22.sh")], {
    encoding: "utf8",
  }).trim();
  expect(execFileSync(path.join(node22, "node"), ["--version"], { encoding: "utf8" })).toMatch(/^v22\./);
  const npmCli = path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js");

  // The tarball, exactly as published (files, bin, peer range), next to the newest engine SDK.
  const project = path.join(dir, "project");
  writeUserPackage(project, "newest", packTarball(dir), { "@pulumi/pulumi": NEWEST_PULUMI });
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: newest\nruntime: nodejs\nmain: index.js\n");
  fs.writeFileSync(path.join(project, "index.js"), PROGRAM);

  const env: Record<string, string> = {
    ...offlineEnv(dir),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
  };
  // Node 22 first on the path: npm, the language host, the program and the dynamic providers all run on it.
  env.PATH = `${node22}${path.delimiter}${env.PATH}`;

  const install = await run(path.join(node22, "node"), [npmCli, "install", "--no-audit", "--no-fund"], project, env);
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  expect(install.out).not.toMatch(/peer|ERESOLVE|EBADENGINE/i);
  expect(fs.existsSync(path.join(project, "node_modules", ".bin", "supabase-pulumi"))).toBe(true);

  const pulumi = (args: string[]) =>
    run(
      path.join(engineRoot(), "bin", "pulumi"),
      [...args, "--stack", "dev", "--non-interactive", "--color", "never"],
      project,
      env,
    );
  expect(
    (await run(path.join(engineRoot(), "bin", "pulumi"), ["stack", "init", "dev", "--non-interactive"], project, env))
      .code,
  ).toBe(0);
  const up = await pulumi(["up", "--yes"]);
  if (up.code !== 0) throw new Error(`pulumi up failed:\n${up.out}`);
  const outputs = JSON.parse((await pulumi(["stack", "output", "--json"])).out.trim().split("\n\n")[0]);
  expect(outputs).toMatchObject({
    node: expect.stringMatching(/^v22\./),
    pulumiSdk: NEWEST_PULUMI,
    status: "ACTIVE_HEALTHY",
  });

  const preview = await pulumi(["preview", "--expect-no-changes"]);
  if (preview.code !== 0) throw new Error(`preview after up is not clean:\n${preview.out}`);
  const exported = await pulumi(["stack", "export"]);
  for (const secret of [DB_PASS, SECRET_VALUE, emu.accessToken]) {
    expect(exported.out).not.toContain(secret);
    expect(up.out).not.toContain(secret);
  }
  // Installed from node_modules, each resource's serialized provider is a require of its module.
  const resources = JSON.parse(exported.out.slice(exported.out.indexOf("{"))).deployment.resources as Array<{
    type: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  }>;
  const dynamic = resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/supabase:"));
  expect(dynamic.map((r) => r.type.split(":").pop()).sort()).toEqual(["Organization", "Project", "Secret"]);
  for (const r of dynamic) {
    const kind = r.type.split(":").pop()!.toLowerCase();
    for (const serialized of [r.inputs?.__provider, r.outputs?.__provider]) {
      expect(serialized).toContain(`require("supabase-pulumi/dist/sdk/providers/${kind}.js")`);
      expect(String(serialized).length).toBeLessThan(400);
    }
  }

  const destroy = await pulumi(["destroy", "--yes"]);
  if (destroy.code !== 0) throw new Error(`pulumi destroy failed:\n${destroy.out}`);
  expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
});
