/**
 * The Go and Python SDKs in sdks/, written by Pulumi's own code generators
 * from the package schema (scripts/gen-lang-sdks.ts): the committed copies are
 * exactly what the generators write now, the Go SDK builds and vets against
 * the Go Pulumi SDK from the module proxy, and the Python SDK byte-compiles.
 * .NET has no test: its generator is not reachable here (see the README).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { GO_BUILD_FLAGS, SDKS_DIR, STAMP, generateLangSdks, goEnv, sdkHash } from "../../scripts/gen-lang-sdks";
import { cleanup, tempDir } from "./helpers";

/** Every file under `dir`, by path relative to it, with its content. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== "__pycache__") walk(p);
      } else out[path.relative(dir, p)] = fs.readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return out;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach(cleanup));

function copyOf(sub: string): string {
  const dir = tempDir(`sdk-${sub}`);
  dirs.push(dir);
  fs.cpSync(path.join(SDKS_DIR, sub), dir, { recursive: true });
  return dir;
}

test("the committed SDKs are what the generators write from the current schema", () => {
  expect(fs.readFileSync(STAMP, "utf8").trim()).toBe(sdkHash());
  const out = tempDir("sdk-gen");
  dirs.push(out);
  generateLangSdks(out);
  for (const lang of ["go", "python"]) {
    const fresh = tree(path.join(out, lang));
    const committed = tree(path.join(SDKS_DIR, lang));
    const stale = Object.keys({ ...fresh, ...committed }).filter((f) => fresh[f] !== committed[f]);
    if (stale.length > 0) throw new Error(`sdks/${lang} is stale (run npm run generate:sdks): ${stale.join(", ")}`);
    expect(Object.keys(committed).length).toBeGreaterThan(10);
  }
});

test("the Go SDK builds and vets against the Go Pulumi SDK", () => {
  const dir = copyOf("go");
  const env = { ...goEnv(), GOFLAGS: "-mod=mod" };
  const go = (...args: string[]) => execFileSync("go", args, { cwd: dir, env, encoding: "utf8", stdio: "pipe" });
  go("build", ...GO_BUILD_FLAGS, "./...");
  go("vet", "-tags", "osusergo,grpcnotrace", "./...");
  expect(go("list", "./...").trim().split("\n")).toEqual(
    expect.arrayContaining(["supabase-pulumi/sdks/go/supabase", "supabase-pulumi/sdks/go/supabase/config"]),
  );
});

test("the Python SDK byte-compiles", () => {
  const dir = copyOf("python");
  execFileSync("python3", ["-m", "compileall", "-q", "."], { cwd: dir, stdio: "pipe" });
  const compiled = fs.readdirSync(path.join(dir, "pulumi_supabase", "__pycache__"));
  expect(compiled.some((f) => f.startsWith("project."))).toBe(true);
  expect(compiled.some((f) => f.startsWith("table_rows."))).toBe(true);
});
