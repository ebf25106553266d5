/**
 * The package as users get it: `npm pack` of this repository, installed into a
 * fresh project of their own next to the versions this repository pins. The
 * e2e tests and the engine benchmark run from it rather than from the checkout.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/engine";

/** The packed tarballs of this run and the runs before it, by the digest of what goes into them. */
const PACK_CACHE = path.join(os.tmpdir(), "supabase-pulumi-packs");

/**
 * The digest of everything `npm pack` reads: the manifest and every file under
 * the manifest's `files` (contents and paths). Two checkouts with the same
 * digest pack the same tarball.
 */
function packInputsDigest(): string {
  const hash = createHash("sha256");
  const manifest = fs.readFileSync(path.join(REPO_ROOT, "package.json"));
  hash.update(manifest);
  const walk = (rel: string): void => {
    const full = path.join(REPO_ROOT, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) walk(path.join(rel, name));
      return;
    }
    hash.update(`\0${rel}\0${stat.mode & 0o111 ? "x" : "-"}\0`);
    hash.update(fs.readFileSync(full));
  };
  for (const entry of (JSON.parse(manifest.toString("utf8")) as { files?: string[] }).files ?? []) walk(entry);
  return hash.digest("hex").slice(0, 32);
}

/**
 * Packs the repository into `dir` and returns the tarball's path. Runs no
 * scripts: the tests and benchmarks pack after `npm run build`, so the
 * generated files and `dist/` are current. A tarball packed from the same
 * inputs before (by this run's other files, or an earlier run) is copied
 * instead of packed again: `npm pack` writes the same bytes for the same files.
 */
export function packTarball(dir: string): string {
  const cached = path.join(PACK_CACHE, packInputsDigest());
  let filename = fs.existsSync(cached) ? fs.readdirSync(cached).find((f) => f.endsWith(".tgz")) : undefined;
  if (!filename) {
    // Pack beside the cache, then move the whole folder in: another test file packing at once never sees half a tarball.
    fs.mkdirSync(PACK_CACHE, { recursive: true });
    const staging = fs.mkdtempSync(path.join(PACK_CACHE, "staging-"));
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", staging], {
        cwd: REPO_ROOT,
        encoding: "utf8",
      }),
    ) as Array<{ filename: string }>;
    filename = packed[0]!.filename;
    try {
      fs.renameSync(staging, cached);
    } catch {
      // Another file got there first with the same bytes.
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(cached, filename), path.join(dir, filename));
  return path.join(dir, filename);
}

/** The version of `name` this repository installs (the engine's SDK, TypeScript, …). */
export function installedVersion(name: string): string {
  const manifest = path.join(REPO_ROOT, "node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/**
 * Writes `project/package.json` depending on the tarball and, unless
 * `dependencies` names another, on the pinned `@pulumi/pulumi`.
 */
export function writeUserPackage(
  project: string,
  name: string,
  tarball: string,
  dependencies: Record<string, string> = {},
): void {
  fs.mkdirSync(project, { recursive: true });
  const all = {
    "@pulumi/pulumi": installedVersion("@pulumi/pulumi"),
    ...dependencies,
    "supabase-pulumi": `file:${tarball}`,
  };
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name, private: true, dependencies: all }));
}

/** `npm install` in `project`, from the machine's npm cache where it can (synchronous; for set-up steps). */
export function npmInstall(project: string, env: NodeJS.ProcessEnv = process.env): void {
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: project,
    stdio: "ignore",
    env,
  });
}
