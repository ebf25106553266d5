/**
 * The package installs without scripts of its own. npm 11 and later list every
 * dependency whose package.json has install scripts (`preinstall`, `install`,
 * `postinstall`, `prepare`) for the user to approve (`allowScripts`); ours
 * existed only for this repository (`npm run setup` does that work now). A
 * fresh project installs the packed tarball with the newest npm of the
 * registry (on Node 22, which it needs; see scripts/ensure-newest-npm.sh):
 * nothing of ours is listed, and each package that is listed is a third
 * party's, named with its version.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/engine";
import { packTarball, writeUserPackage } from "../../harness/tarball";
import { cleanup, runCommand, tempDir } from "./helpers";

const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare"];

let dir: string;

beforeAll(() => {
  dir = tempDir("install-scripts");
});

afterAll(() => {
  if (dir) cleanup(dir);
});

const tool = (script: string) =>
  execFileSync("bash", [path.join(REPO_ROOT, "scripts", script)], { encoding: "utf8" }).trim();

test("a fresh project installs the tarball with the newest npm and prints no warning about our scripts", async () => {
  const node22 = tool("ensure-node22.sh");
  const npmCli = tool("ensure-newest-npm.sh");
  const node = path.join(node22, "node");
  const npmVersion = execFileSync(node, [npmCli, "--version"], { encoding: "utf8" }).trim();
  expect(Number(npmVersion.split(".")[0])).toBeGreaterThanOrEqual(11);

  const project = path.join(dir, "fresh");
  writeUserPackage(project, "fresh", packTarball(dir));
  const env = { ...process.env, PATH: `${node22}${path.delimiter}${process.env.PATH}` };
  const install = await runCommand(
    node,
    [npmCli, "install", "--no-audit", "--no-fund", "--prefer-offline"],
    project,
    env,
  );
  if (install.code !== 0) throw new Error(`npm ${npmVersion} install failed:\n${install.out}`);

  // The manifest as installed: no install script of any kind.
  const installed = path.join(project, "node_modules", "supabase-pulumi");
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  expect(Object.keys(manifest.scripts ?? {}).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
  // Nor the binding.gyp from which npm infers an install script.
  expect(fs.existsSync(path.join(installed, "binding.gyp"))).toBe(false);

  // What npm says about scripts: a header, one line per package it lists, and how to approve them.
  const scriptLines = install.out.split("\n").filter((l) => /install-scripts|allowScripts|install script/i.test(l));
  expect(scriptLines.join("\n")).not.toMatch(/supabase-pulumi/);
  const listed = scriptLines
    .map((l) => /^npm warn install-scripts\s+((?:@[^/\s]+\/)?[^@\s]+)@(\S+) \((\w+): /.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1]!, version: m[2]!, script: m[3]! }));
  const header = scriptLines.find((l) => /(\d+) packages? ha(?:s|ve|d) install scripts/.test(l));
  if (header) expect(listed).toHaveLength(Number(/(\d+) packages?/.exec(header)![1]));
  else expect(listed).toEqual([]);
  for (const p of listed) {
    // Each is a real third-party package of this install, at the version npm names.
    const pkg = JSON.parse(fs.readFileSync(path.join(project, "node_modules", p.name, "package.json"), "utf8")) as {
      version: string;
      scripts?: Record<string, string>;
    };
    expect([p.name, pkg.version, Object.keys(pkg.scripts ?? {})]).toEqual([
      p.name,
      p.version,
      expect.arrayContaining([p.script]),
    ]);
  }
  // Every other npm warning is about something else than scripts (for example the machine's own npm config).
  const others = install.out.split("\n").filter((l) => /^npm warn/.test(l) && !scriptLines.includes(l));
  expect(others.filter((l) => /script/i.test(l))).toEqual([]);
}, 600_000);

test("`npm pack --dry-run --json` in the repository prints JSON only", () => {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: REPO_ROOT, encoding: "utf8" });
  const packed = JSON.parse(out) as Array<{ name: string; files: Array<{ path: string }> }>;
  expect(packed[0]!.name).toBe("supabase-pulumi");
  expect(packed[0]!.files.map((f) => f.path)).toContain("package.json");
});
