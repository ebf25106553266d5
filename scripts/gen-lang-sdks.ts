/**
 * The Go and Python SDKs (`sdks/go/`, `sdks/python/`), written from the
 * package schema by Pulumi's own code generators: scripts/codegen/ is a small
 * Go program on the engine's Go module (v3.248.0), which binds the schema and
 * calls `pkg/v3/codegen/go` and `pkg/v3/codegen/python`.
 *
 * The SDKs are committed, as Pulumi providers do: a Go program fetches its SDK
 * as a module from the repository, and installing this package needs no Go
 * toolchain. `sdks/generated-from.sha256` holds the hash of what they were
 * written from (the schema and the codegen program); `npm run generate:sdks`
 * rewrites them when that hash changes (`--force`: always), and
 * `npm run generate` runs it after the schema with `--if-go`, so a machine
 * without Go installs the package anyway. The SDK test writes them afresh
 * into a temporary directory and fails when the committed ones differ.
 *
 * The codegen binary is built once per hash of its sources and Go version
 * into the per-user cache next to the engine, with the engine build's flags,
 * so it compiles from the same Go build cache (seconds once the engine is
 * built).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const SCRIPTS = fs.existsSync(path.join(__dirname, "codegen")) ? __dirname : path.resolve(__dirname, "../../scripts");
export const REPO_ROOT = path.resolve(SCRIPTS, "..");
export const CODEGEN_DIR = path.join(SCRIPTS, "codegen");
export const SCHEMA_PATH = path.join(REPO_ROOT, "provider", "plugin", "schema.json");
export const SDKS_DIR = path.join(REPO_ROOT, "sdks");
export const STAMP = path.join(SDKS_DIR, "generated-from.sha256");
const CODEGEN_SOURCES = ["go.mod", "go.sum", "main.go"];

/** The environment of every Go command here: no toolchain download, no cgo, the engine build's checksum scope. */
export function goEnv(): NodeJS.ProcessEnv {
  const nosum = process.env.GONOSUMDB
    ? `${process.env.GONOSUMDB},github.com/pulumi/pulumi`
    : "github.com/pulumi/pulumi";
  return { ...process.env, GOTOOLCHAIN: "local", CGO_ENABLED: "0", GONOSUMDB: nosum };
}

/** The engine build's flags (the Go build cache is shared only when they match). */
export const GO_BUILD_FLAGS = ["-trimpath", "-tags", "osusergo,grpcnotrace"];

export function hasGo(): boolean {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function hashOf(parts: Buffer[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(createHash("sha256").update(p).digest());
  return h.digest("hex");
}

const codegenSources = () => CODEGEN_SOURCES.map((f) => fs.readFileSync(path.join(CODEGEN_DIR, f)));

/** The hash the committed SDKs must carry: the schema and the codegen program. */
export function sdkHash(schemaPath = SCHEMA_PATH): string {
  return hashOf([fs.readFileSync(schemaPath), ...codegenSources()]);
}

function cacheRoot(): string {
  return (
    process.env.SUPABASE_PULUMI_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "supabase-pulumi")
  );
}

/** Builds the codegen program (once per hash of its sources and Go version) and returns its path. */
export function codegenBinary(): string {
  const goVersion = execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8" }).trim();
  const key = hashOf([...codegenSources(), Buffer.from(goVersion)]).slice(0, 16);
  const bin = path.join(cacheRoot(), "codegen", key, "supabase-codegen");
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  const tmp = `${bin}.${process.pid}`;
  execFileSync("go", ["build", "-mod=readonly", ...GO_BUILD_FLAGS, "-ldflags", "-s -w", "-o", tmp, "."], {
    cwd: CODEGEN_DIR,
    env: goEnv(),
    stdio: ["ignore", 2, 2],
  });
  fs.renameSync(tmp, bin);
  return bin;
}

/** Writes `outDir/go` and `outDir/python` from the schema (the generator replaces both). */
export function generateLangSdks(outDir: string, schemaPath = SCHEMA_PATH): void {
  execFileSync(codegenBinary(), ["-schema", schemaPath, "-out", outDir], { stdio: ["ignore", 2, 2] });
}

function main(): void {
  const force = process.argv.includes("--force");
  const ifGo = process.argv.includes("--if-go");
  if (!fs.existsSync(SCHEMA_PATH)) throw new Error(`${path.relative(REPO_ROOT, SCHEMA_PATH)} is missing`);
  const hash = sdkHash();
  const current = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8").trim() : "";
  if (!force && current === hash) {
    process.stderr.write("the Go and Python SDKs are up to date with the schema\n");
    return;
  }
  if (!hasGo()) {
    const msg = "the Go and Python SDKs are stale, and writing them needs Go (https://go.dev/dl/)";
    if (!ifGo) throw new Error(msg);
    process.stderr.write(`warning: ${msg}; left as they are\n`);
    return;
  }
  generateLangSdks(SDKS_DIR);
  fs.writeFileSync(STAMP, `${hash}\n`);
  process.stderr.write("wrote sdks/go and sdks/python from the schema\n");
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}
