/**
 * A Go program against the emulator: examples/go-automation, built with the
 * generated Go SDK (sdks/go), runs its inline program through the Go
 * Automation API on the engine from scripts/ensure-engine.sh, with the
 * provider plugin from the packed tarball (`npm install` of it into a fresh
 * directory, `node_modules/.bin/pulumi-resource-supabase` on PATH): `up`
 * creates the organization, the project and the secret in the emulator, a
 * preview and a refresh find no changes, the state holds no secret in
 * plaintext, and `destroy` removes the project.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, offlineEnv, REPO_ROOT } from "../../scripts/engine";
import { GO_BUILD_FLAGS, goEnv } from "../../scripts/gen-lang-sdks";
import { startTestEmulator } from "../../harness/emulator";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, managementCalls, tempDir, type TestEmulator, runCommand } from "./helpers";

const DB_PASS = "go-automation-db-pass-5e1a";
const API_TOKEN = "go-automation-api-token-90bd";

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  dir = tempDir("go-automation");
});

afterAll(async () => {
  await emu?.close();
  cleanup(dir);
});

const run = runCommand;

/** The plugin as a user installs it: the packed tarball, installed next to the engine's SDK version. */
async function installPlugin(): Promise<string> {
  const project = path.join(dir, "plugin");
  writeUserPackage(project, "go-user-plugin", packTarball(dir));
  const install = await run("npm", ["install", "--no-audit", "--no-fund"], project, process.env);
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stdout}\n${install.stderr}`);
  const bin = path.join(project, "node_modules", ".bin");
  expect(fs.existsSync(path.join(bin, "pulumi-resource-supabase"))).toBe(true);
  return bin;
}

test("the Go Automation API program runs up, preview, refresh and destroy through the plugin", async () => {
  const pluginBin = await installPlugin();
  const exe = path.join(dir, "go-automation");
  execFileSync("go", ["build", "-mod=readonly", ...GO_BUILD_FLAGS, "-o", exe, "."], {
    cwd: path.join(REPO_ROOT, "examples", "go-automation"),
    env: goEnv(),
    stdio: "pipe",
  });

  const base = offlineEnv(dir);
  const env = {
    ...process.env,
    ...base,
    PATH: [pluginBin, base.PATH].join(path.delimiter),
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
    DB_PASS,
    API_TOKEN,
  };
  const workDir = path.join(dir, "workspace");
  const captured: string[] = [];
  const go = async (command: string) => {
    const r = await run(exe, ["-engine", engineRoot(), "-dir", workDir, command], dir, env);
    captured.push(r.stdout, r.stderr);
    if (r.code !== 0) throw new Error(`go-automation ${command} failed:\n${r.stderr}`);
    return JSON.parse(r.stdout) as {
      result?: string;
      changes: Record<string, number>;
      outputs?: Record<string, unknown>;
    };
  };

  const up = await go("up");
  expect(up.result).toBe("succeeded");
  expect(up.changes).toEqual({ create: 4 }); // the stack, the organization, the project, the secret
  const ref = up.outputs!.ref as string;
  expect(up.outputs).toEqual({ ref, status: "ACTIVE_HEALTHY", secretName: "API_TOKEN" });
  const project = await emu.api("GET", `/v1/projects/${ref}`);
  expect(project.body).toMatchObject({ name: "from-go", region: "eu-west-1" });
  const secrets = await emu.api("GET", `/v1/projects/${ref}/secrets`);
  expect((secrets.body as { name: string }[]).map((s) => s.name)).toContain("API_TOKEN");

  await emu.clearRequests();
  expect((await go("preview")).changes).toEqual({ same: 4 });
  expect(await managementCalls(emu)).toEqual([]); // a preview never touches the service
  const refresh = await go("refresh");
  expect(refresh.result).toBe("succeeded");
  expect(refresh.changes).toEqual({ same: 4 });

  const exported = await run(
    path.join(engineRoot(), "bin", "pulumi"),
    ["stack", "export", "--stack", "dev", "--non-interactive"],
    workDir,
    env,
  );
  expect(exported.code).toBe(0);
  captured.push(exported.stdout);
  expect(exported.stdout).toContain("supabase:index:Project");
  const everything = captured.join("\n");
  for (const secret of [DB_PASS, API_TOKEN, emu.accessToken]) expect(everything).not.toContain(secret);

  const destroy = await go("destroy");
  expect(destroy.result).toBe("succeeded");
  expect(destroy.changes).toEqual({ delete: 4 });
  expect((await emu.api("GET", `/v1/projects/${ref}`)).status).toBe(404);
});
