/**
 * The README's commands, run as a new user runs them: copied from the README
 * itself, so the text and the test cannot drift apart.
 *
 * - "Run an example": the fenced block after the `readme-test: run-an-example`
 *   marker, run with bash in a fresh HOME and a plain PATH (no pulumi on it,
 *   no login, no passphrase), with only the emulator's three variables
 *   exported, as the README says. `pulumi up` type-checks the example.
 * - "Own project": the block that installs the packed tarball into a project
 *   beside the clone, then the README's program saved there as index.ts.
 * - The network-ban one-liner: an unknown ref exits 1 with the API's message
 *   and no stack trace; a known one removes the ban silently.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { engineRoot, REPO_ROOT } from "../../scripts/engine";
import { readyProject } from "../../harness/emulator";
import { packTarball } from "../../harness/tarball";
import { useEmulator } from "../../harness/suite";
import { cleanup, tempDir } from "./helpers";

const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");

/** The fenced shell block right after `<!-- readme-test: NAME … -->`. */
function markedBlock(name: string): string {
  const at = readme.indexOf(`<!-- readme-test: ${name}`);
  expect(at).toBeGreaterThan(-1);
  const m = /^```sh\n([\s\S]*?)^```$/m.exec(readme.slice(at));
  expect(m).not.toBeNull();
  return m![1];
}

function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("bash", ["-e", "-c", script], { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const exit = (err as { code?: unknown } | null)?.code;
      resolve({ code: err ? (typeof exit === "number" ? exit : 1) : 0, stdout, stderr });
    });
  });
}

/** A plain login shell's PATH, with this Node.js on it (and no pulumi). */
const plainPath = [path.dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);

const suite = useEmulator();
let dir: string;
beforeAll(() => {
  dir = tempDir("readme");
});
afterAll(() => cleanup(dir));

function emulatorEnv(): Record<string, string> {
  const emu = suite.emu;
  return {
    SUPABASE_ACCESS_TOKEN: emu.accessToken,
    SUPABASE_API_URL: emu.apiUrl,
    SUPABASE_PROJECT_URL_TEMPLATE: emu.projectUrlTemplate,
  };
}

test("'run an example' works as written, in a fresh HOME", async () => {
  const block = markedBlock("run-an-example");
  expect(block).toContain("pulumi up");
  // A clone to run it in: the repository's files, but a copy of examples/, so the stack file it writes stays there.
  const clone = path.join(dir, "clone");
  fs.mkdirSync(clone);
  for (const entry of fs.readdirSync(REPO_ROOT)) {
    if (entry === "examples" || entry === ".git") continue;
    fs.symlinkSync(path.join(REPO_ROOT, entry), path.join(clone, entry));
  }
  fs.cpSync(path.join(REPO_ROOT, "examples"), path.join(clone, "examples"), {
    recursive: true,
    filter: (src) => !/[/\\]Pulumi\.(?!yaml$)[^/\\]+\.yaml$/.test(src) && !src.includes("node_modules"),
  });
  const home = path.join(dir, "home");
  fs.mkdirSync(home);

  const r = await bash(block, clone, {
    HOME: home,
    PATH: plainPath,
    ...emulatorEnv(),
    // The engine this machine already has (a warm cache; a fresh HOME would build it again).
    SUPABASE_PULUMI_ENGINE_ROOT: engineRoot(),
    // The engine takes its home from the user database, not $HOME: keep its credentials file in the fresh one.
    PULUMI_HOME: path.join(home, ".pulumi"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
  });
  expect({ code: r.code, stderr: r.code === 0 ? "" : `${r.stdout}\n${r.stderr}` }).toEqual({ code: 0, stderr: "" });
  expect(r.stdout).toMatch(/\+ 5 created/);
  const projects = (await suite.emu.api("GET", "/v1/projects")).body as Array<{ name: string }>;
  expect(projects.map((p) => p.name)).toContain("settings-example");
});

test("'own project': the packed tarball installed as written runs the README's program", async () => {
  const block = markedBlock("own-project");
  expect(block).toContain("npm install ../supabase-pulumi/supabase-pulumi-0.1.0.tgz");
  // The clone, as far as this block needs it: the tarball `npm pack` writes there.
  const clone = path.join(dir, "own", "supabase-pulumi");
  fs.mkdirSync(clone, { recursive: true });
  packTarball(clone);
  const home = path.join(dir, "own-home");
  fs.mkdirSync(home);
  const env = {
    HOME: home,
    PATH: plainPath,
    ...emulatorEnv(),
    // npm's download cache of this machine, so the install does not fetch everything again.
    npm_config_cache: path.join(os.homedir(), ".npm"),
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  const install = await bash(block, clone, env);
  expect({ code: install.code, out: install.code === 0 ? "" : `${install.stdout}\n${install.stderr}` }).toEqual({
    code: 0,
    out: "",
  });

  // "Save the program above in it as index.ts", then run it as the examples are run.
  const program = /^## Using it in a program\n+```ts\n([\s\S]*?)^```$/m.exec(readme);
  expect(program).not.toBeNull();
  const project = path.join(dir, "own", "my-infra");
  fs.writeFileSync(path.join(project, "index.ts"), program![1]);
  const up = await bash(
    `pulumi login "file://$HOME" && pulumi stack init dev && pulumi config set --secret dbPass 'a-long-database-password' && pulumi up --yes`,
    project,
    {
      ...env,
      PATH: `${path.join(engineRoot(), "bin")}${path.delimiter}${plainPath}`,
      PULUMI_HOME: path.join(home, ".pulumi"),
      PULUMI_CONFIG_PASSPHRASE: "choose-a-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    },
  );
  expect({ code: up.code, out: up.code === 0 ? "" : `${up.stdout}\n${up.stderr}` }).toEqual({ code: 0, out: "" });
  expect(up.stdout).toMatch(/\+ 3 created/);
});

function oneLiner(): string {
  const line = readme.split("\n").find((l) => l.includes("removeNetworkBans"));
  expect(line).toBeDefined();
  expect(line).toMatch(/^node -e '.*' <ref> 203\.0\.113\.7$/);
  return line!;
}

test("the network-ban one-liner: an unknown ref exits 1 with the API's message, no stack trace", async () => {
  const command = oneLiner().replace("<ref>", "abcdefghijklmnopqrst");
  const r = await bash(command, REPO_ROOT, { HOME: dir, PATH: plainPath, ...emulatorEnv() });
  expect(r).toEqual({
    code: 1,
    stdout: "",
    stderr: "DELETE /v1/projects/abcdefghijklmnopqrst/network-bans failed with 404: Project not found\n",
  });
});

test("the network-ban one-liner removes a ban and prints nothing", async () => {
  const { ref } = await readyProject(suite.emu, "bans");
  const banned = await suite.emu.control("POST", `/projects/${ref}/network-bans`, {
    ipv4_addresses: ["203.0.113.7", "198.51.100.9"],
  });
  expect(banned.status).toBe(200);
  const r = await bash(oneLiner().replace("<ref>", ref), REPO_ROOT, { HOME: dir, PATH: plainPath, ...emulatorEnv() });
  expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
  const left = await suite.emu.api("POST", `/v1/projects/${ref}/network-bans/retrieve`);
  expect(left.body).toEqual({ banned_ipv4_addresses: ["198.51.100.9"] });
});
