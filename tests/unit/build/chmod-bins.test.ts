/**
 * The build's postbuild step (scripts/chmod-bins.js): every command that
 * package.json's "bin" names is executable after a build, wherever it lives,
 * so `npx supabase-emulator` works in the repository right after `npm run build`.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");
const script = path.join(root, "scripts", "chmod-bins.js");

function fakePackage(bin: unknown, files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chmod-bins-"));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "p", version: "1.0.0", bin }));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), "#!/usr/bin/env node\n", { mode: 0o644 });
    fs.chmodSync(path.join(dir, f), 0o644);
  }
  return dir;
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

test("npm run build runs it after the compiler", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.postbuild).toBe("node scripts/chmod-bins.js");
});

test("every bin of a map becomes executable, wherever package.json puts it", () => {
  const dir = fakePackage({ a: "dist/emulator/cli.js", b: "dist/cli/index.js" }, [
    "dist/emulator/cli.js",
    "dist/cli/index.js",
    "dist/other.js",
  ]);
  try {
    const r = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    expect(mode(path.join(dir, "dist/emulator/cli.js")).toString(8)).toBe("755");
    expect(mode(path.join(dir, "dist/cli/index.js")).toString(8)).toBe("755");
    expect(mode(path.join(dir, "dist/other.js")).toString(8)).toBe("644");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a single string bin is covered too", () => {
  const dir = fakePackage("bin/run.js", ["bin/run.js"]);
  try {
    expect(spawnSync(process.execPath, [script, dir]).status).toBe(0);
    expect(mode(path.join(dir, "bin/run.js")).toString(8)).toBe("755");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a bin the build did not write fails the build, naming it", () => {
  const dir = fakePackage({ a: "dist/a.js", b: "dist/missing.js" }, ["dist/a.js"]);
  try {
    const r = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("dist/missing.js");
    expect(mode(path.join(dir, "dist/a.js")).toString(8)).toBe("755");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
