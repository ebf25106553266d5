/**
 * The README's commands, run as a new user runs them: copied from the README
 * itself, so the text and the test cannot drift apart.
 *
 * - "Run an example": the fenced block after the `readme-test: run-an-example`
 *   marker, run with bash in a fresh HOME and a plain PATH (no pulumi on it,
 *   no login, no passphrase), with only the emulator's three variables
 *   exported, as the README says. `pulumi up` type-checks the example.
 * - The network-ban one-liner: an unknown ref exits 1 with the API's message
 *   and no stack trace; a known one removes the ban silently.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { engineRoot, REPO_ROOT } from "../../scripts/engine";
import { readyProject } from "../../harness/emulator";
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
