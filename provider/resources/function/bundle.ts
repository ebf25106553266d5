/**
 * Function bundles: the files one edge function deploys through
 * `functions/deploy`, read from an inline source, one file or a folder, and
 * the content hash that decides whether a function needs deploying.
 *
 * A one-file bundle's hash is the SHA-256 of its content (as before folders
 * existed, so old states keep their hash). A folder's hash covers every file
 * by its path relative to the folder, in byte order of those paths, with each
 * file's length and bytes: a folder moved elsewhere, copied, or re-saved
 * unchanged hashes the same; renaming, adding, removing or editing any file
 * changes it. Entries whose name starts with "." (editor and VCS files) are
 * not part of a bundle.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { BundleFile, DeployMetadata } from "../../client/management";
import type { CheckFailure, Props } from "../common";
import { sha256Hex } from "../shared";

/** The largest bundle (all files together) the provider sends. */
export const BUNDLE_MAX_BYTES = 20 * 1024 * 1024;
/** The most files one bundle holds. */
export const BUNDLE_MAX_FILES = 1000;
export const DEFAULT_ENTRYPOINT = "index.ts";

export interface Bundle {
  /** In byte order of their names (relative POSIX paths). */
  files: BundleFile[];
  hash: string;
  /** The entrypoint's relative path in the bundle. */
  entrypointPath: string;
  importMapPath?: string;
}

/** A bundle path in relative form: a `file://` URL's path, or a plain path, without a leading `./` or `/`. */
export function bundleRelative(p: string): string {
  let out = p;
  if (out.startsWith("file://")) {
    try {
      out = decodeURIComponent(new URL(out).pathname);
    } catch {
      // Not a URL after all: keep the text.
    }
  }
  return out.replace(/\\/g, "/").replace(/^\.\//, "").replace(/^\/+/, "");
}

/** True for a relative path that stays inside its bundle. */
export function isInsideBundle(p: string): boolean {
  const rel = bundleRelative(p);
  return rel !== "" && !rel.split("/").some((seg) => seg === "" || seg === "." || seg === "..");
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The files of a folder, recursively, named by their POSIX path relative to it, in byte order of the names. */
export function listFolder(dir: string): Array<{ name: string; file: string; size: number }> {
  const out: Array<{ name: string; file: string; size: number }> = [];
  const walk = (abs: string, rel: string) => {
    for (const entry of fs.readdirSync(abs)) {
      if (entry.startsWith(".")) continue;
      const file = path.join(abs, entry);
      const name = rel ? `${rel}/${entry}` : entry;
      const stat = fs.statSync(file);
      if (stat.isDirectory()) walk(file, name);
      else if (stat.isFile()) out.push({ name, file, size: stat.size });
      if (out.length > BUNDLE_MAX_FILES) return;
    }
  };
  walk(dir, "");
  return out.sort(byName);
}

/** The hash of a folder's files: names, lengths and bytes, in byte order of the names. */
export function treeHash(files: ReadonlyArray<{ name: string; content: Buffer }>): string {
  const h = createHash("sha256");
  for (const f of [...files].sort(byName)) {
    h.update(`${f.name}\0${f.content.length}\0`);
    h.update(f.content);
  }
  return h.digest("hex");
}

/** Reads a folder's files (see `listFolder`). */
export function readFolder(dir: string): Array<{ name: string; content: Buffer }> {
  return listFolder(dir).map((f) => ({ name: f.name, content: fs.readFileSync(f.file) }));
}

/** The hash of a folder as `treeHash` computes it. */
export function folderHash(dir: string): string {
  return treeHash(readFolder(dir));
}

/**
 * Why a folder cannot be a bundle (missing, empty, too many files, too large,
 * no entrypoint or import map among its files), or undefined when it can.
 */
export function folderProblem(
  dir: string,
  entrypointPath: string,
  importMapPath?: string,
  label = dir,
): string | undefined {
  let files: ReturnType<typeof listFolder>;
  try {
    if (!fs.statSync(dir).isDirectory()) return `${label} is not a folder`;
    files = listFolder(dir);
  } catch {
    return `cannot read ${label} (relative paths start at the program's directory)`;
  }
  if (files.length === 0) return `${label} holds no files`;
  if (files.length > BUNDLE_MAX_FILES) return `${label} holds more than ${BUNDLE_MAX_FILES} files`;
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > BUNDLE_MAX_BYTES) return `${label} is too large (20 MiB at most)`;
  const names = new Set(files.map((f) => f.name));
  if (!names.has(bundleRelative(entrypointPath))) return `${label} has no entrypoint ${bundleRelative(entrypointPath)}`;
  if (importMapPath !== undefined && !names.has(bundleRelative(importMapPath)))
    return `${label} has no import map ${bundleRelative(importMapPath)}`;
  return undefined;
}

/** The entrypoint's relative path for these inputs. */
function entrypointOf(inputs: Props): string {
  return bundleRelative(typeof inputs.entrypointPath === "string" ? inputs.entrypointPath : DEFAULT_ENTRYPOINT);
}

/** The bundle a Function's inputs declare: its inline source, its file or its folder. */
export function readBundle(inputs: Props): Bundle {
  const entrypointPath = entrypointOf(inputs);
  const importMapPath = typeof inputs.importMapPath === "string" ? bundleRelative(inputs.importMapPath) : undefined;
  if (typeof inputs.sourceDir === "string") {
    const files = readFolder(path.resolve(inputs.sourceDir));
    return { files, hash: treeHash(files), entrypointPath, ...(importMapPath ? { importMapPath } : {}) };
  }
  const content =
    typeof inputs.source === "string"
      ? Buffer.from(inputs.source, "utf8")
      : fs.readFileSync(path.resolve(inputs.sourcePath));
  return { files: [{ name: entrypointPath, content }], hash: sha256Hex(content), entrypointPath };
}

/** The deploy's metadata part. */
export function deployMetadata(inputs: Props, bundle: Bundle): DeployMetadata {
  const meta: DeployMetadata = { entrypoint_path: bundle.entrypointPath, name: inputs.name ?? inputs.slug };
  if (bundle.importMapPath !== undefined) meta.import_map_path = bundle.importMapPath;
  if (inputs.staticPatterns !== undefined) meta.static_patterns = inputs.staticPatterns;
  if (inputs.verifyJwt !== undefined) meta.verify_jwt = inputs.verifyJwt;
  return meta;
}

/** The check failure of a Function's file or folder, if any (the inputs' shape is already valid). */
export function bundleCheckFailure(inputs: Props): CheckFailure | undefined {
  if (typeof inputs.sourceDir === "string") {
    const dir = inputs.sourceDir as string;
    const problem = folderProblem(path.resolve(dir), entrypointOf(inputs), inputs.importMapPath, dir);
    return problem ? { property: "sourceDir", reason: problem } : undefined;
  }
  if (typeof inputs.sourcePath === "string") {
    try {
      const stat = fs.statSync(path.resolve(inputs.sourcePath));
      if (!stat.isFile()) return { property: "sourcePath", reason: `${inputs.sourcePath} is not a file` };
      if (stat.size > BUNDLE_MAX_BYTES)
        return { property: "sourcePath", reason: "the file is too large (20 MiB at most)" };
    } catch {
      return {
        property: "sourcePath",
        reason: `cannot read ${inputs.sourcePath} (relative paths start at the program's directory)`,
      };
    }
  }
  return undefined;
}
