/**
 * Function's importer: one `Function` per live function, its files downloaded
 * as the service serves them (`…/body` as multipart: one call per function)
 * into `functions/<slug>/`, declared with `sourceDir` and `adopt: true`.
 * Settings are declared when they differ from what a deploy of that folder
 * would give (name = slug, JWT check on, entrypoint `index.ts`), or always
 * with `--all-fields`. With these files and settings, `adopt` takes the
 * function over without deploying (see `adoptUnchanged`).
 */
import type { FunctionFiles } from "../../client/endpoints/functions";
import type { EdgeFunction } from "../../client/management";
import { functionsList, managementClient } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";
import { stableJson } from "../common";
import { bundleRelative, DEFAULT_ENTRYPOINT, isInsideBundle, treeHash, type Bundle } from "./bundle";

/** The folder (relative to the program) a function's files are written to. */
const functionFolder = (root: string, slug: string): string => `${root}functions/${slug}`;

/** A live function's declarable settings, from its listing and its downloaded metadata. */
export function liveSettings(f: EdgeFunction, files: FunctionFiles): Record<string, unknown> {
  let entry = bundleRelative(String(files.metadata.deno2_entrypoint_path ?? f.entrypoint_path ?? DEFAULT_ENTRYPOINT));
  // A function made from one source file is served as that file alone, named by the entrypoint's base name.
  const only = files.files.length === 1 ? bundleRelative(files.files[0].name) : undefined;
  if (only !== undefined && only !== entry && entry.split("/").pop() === only) entry = only;
  const importMapPath = files.metadata.import_map_path ?? f.import_map_path;
  return {
    name: f.name,
    verifyJwt: f.verify_jwt ?? true,
    entrypointPath: entry,
    ...(importMapPath ? { importMap: true, importMapPath: bundleRelative(importMapPath) } : {}),
    ...(files.metadata.static_patterns?.length ? { staticPatterns: files.metadata.static_patterns } : {}),
  };
}

/**
 * Whether a live function already is what these inputs would deploy: the same
 * files (names and bytes) and, for each declared setting, the same value.
 */
export function sameAsLive(
  inputs: Record<string, unknown>,
  bundle: Bundle,
  f: EdgeFunction,
  files: FunctionFiles,
): boolean {
  const live = liveSettings(f, files);
  const names = files.files.map((x) => bundleRelative(x.name));
  if (bundle.files.length !== files.files.length) return false;
  const declared = bundle.files.map((x) => ({ name: x.name, content: Buffer.from(x.content) }));
  if (treeHash(files.files.map((x, i) => ({ name: names[i], content: x.content }))) !== treeHash(declared))
    return false;
  const want: Record<string, unknown> = {
    name: inputs.name ?? inputs.slug,
    verifyJwt: inputs.verifyJwt,
    entrypointPath: bundle.entrypointPath,
    importMapPath: bundle.importMapPath,
    staticPatterns: inputs.staticPatterns,
  };
  return Object.entries(want).every(([k, v]) => v === undefined || stableJson(v) === stableJson(live[k]));
}

export const functionImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const live = (await functionsList(ref)).filter((f) => f.status !== "REMOVED");
    const client = managementClient();
    const out = await Promise.all(
      live.map(async (f): Promise<ImportedResource> => {
        const files = await client.getFunctionFiles(ref, f.slug);
        const settings = liveSettings(f, files);
        const folder = functionFolder(ctx.filesRoot, f.slug);
        const inputs: Record<string, UsageValue> = {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          slug: f.slug,
        };
        const defaults: Record<string, unknown> = { name: f.slug, verifyJwt: true, entrypointPath: DEFAULT_ENTRYPOINT };
        for (const [k, v] of Object.entries(settings))
          if (ctx.allFields || stableJson(v) !== stableJson(defaults[k])) inputs[k] = v as UsageValue;
        inputs.sourceDir = folder;
        inputs.adopt = true;
        const written: Record<string, Buffer> = {};
        for (const file of files.files) {
          const rel = bundleRelative(file.name);
          if (!isInsideBundle(rel)) throw new Error(`function ${f.slug}: the service served a file outside its folder`);
          written[`${folder}/${rel}`] = file.content;
        }
        return { name: ctx.name(`fn-${f.slug}`), inputs, files: written };
      }),
    );
    return out.sort((a, b) => (a.name < b.name ? -1 : 1));
  },
};
