/**
 * The package as users get it: `npm pack` of this repository, installed into a
 * fresh project of their own next to the versions this repository pins. The
 * e2e tests and the engine benchmark run from it rather than from the checkout.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/engine";

/**
 * Packs the repository into `dir` and returns the tarball's path. Runs no
 * scripts: the tests and benchmarks pack after `npm run build`, so the
 * generated files and `dist/` are current.
 */
export function packTarball(dir: string): string {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    }),
  ) as Array<{ filename: string }>;
  return path.join(dir, packed[0]!.filename);
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
