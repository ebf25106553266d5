/**
 * Functions: every edge function of a folder (one subfolder per function,
 * named by its slug), deployed through `functions/deploy` and managed as a
 * whole. Only functions whose content hash (or a shared setting) changed are
 * deployed. Its documentation is `functionsDoc` below.
 */ import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import type { DeployedFunction } from "../../client/management";
import { isUnknownOutcome } from "../../client/management";
import { isNotFound, partialFailure } from "../../errors";
import { functionsList, invalidateFunctions, managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import {
  checkWith,
  containsUnknown,
  diffFields,
  PROVIDER_KEY,
  stableJson,
  type CheckFailure,
  type FieldRule,
  type Props,
  type ResourceImpl,
} from "../common";
import { withDrift } from "../drift";
import {
  bundleRelative,
  DEFAULT_ENTRYPOINT,
  deployMetadata,
  folderProblem,
  readFolder,
  treeHash,
  type Bundle,
} from "../function/bundle";
import {
  bundlePathInput,
  findLive,
  functionSlug,
  OUTCOME_UNKNOWN,
  refuseExisting,
  staticPatternsInput,
} from "../function";
import { projectRef } from "../shared";

/** The most functions one folder may hold. */
export const FUNCTIONS_MAX = 500;
/** Deploys (and deletes) in flight at once: the client paces each endpoint's budget, this keeps bursts small. */
const PARALLEL = 4;

export const functionsInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the resource.")
      .meta({ replaceOnChanges: true }),
    sourceDir: z
      .string({ error: "sourceDir is required (a folder with one subfolder per function)" })
      .min(1, "sourceDir must not be empty")
      .describe(
        "A folder with one subfolder per function, named by the function's slug, relative to the program's directory. Subfolders whose name starts with '.' or '_' (shared code such as `_shared`) are not functions. Only each function's content hash is compared, so moving the folder changes nothing.",
      ),
    verifyJwt: z
      .boolean({ error: "verifyJwt must be a boolean" })
      .optional()
      .describe("Whether callers of every function must send a valid JWT. Compared only when declared."),
    entrypointPath: bundlePathInput("entrypointPath")
      .optional()
      .describe("Each function's entrypoint, relative to its subfolder (default `index.ts`)."),
    importMapPath: bundlePathInput("importMapPath")
      .optional()
      .describe(
        "Each function's import map, relative to its subfolder (for example `deno.json`); a function whose subfolder lacks it deploys without one.",
      ),
    staticPatterns: staticPatternsInput
      .optional()
      .describe("Patterns of each function's static files, relative to its subfolder. Compared only when declared."),
    prune: z
      .boolean({ error: "prune must be a boolean" })
      .optional()
      .describe(
        "Delete functions this resource deployed whose subfolder is gone (default false: they are only no longer managed). Functions it never deployed are never deleted.",
      ),
    adopt: z
      .boolean({ error: "adopt must be a boolean" })
      .optional()
      .describe('Take over existing functions with the same slugs instead of failing with "Duplicated function slug".'),
  })
  .strict();

/**
 * The inputs key under which check records slug → hash of each function's
 * files. check only sees the declared folder, so the hashes travel in the
 * inputs, under a `__` key the engine never shows as the user's inputs; the
 * outputs keep them as `hashes`.
 */
export const HASHES_KEY = "__hashes";

/** Shared settings: a change redeploys every function. */
const SHARED = ["verifyJwt", "entrypointPath", "importMapPath", "staticPatterns"] as const;
const rules: FieldRule[] = [{ name: "projectRef", replaces: true }];

/** The function subfolders of a folder, by slug, in byte order. */
function functionDirs(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && !e.name.startsWith("_"))
    .map((e) => e.name)
    .sort();
}

function entrypointOf(inputs: Props): string {
  return bundleRelative(inputs.entrypointPath ?? DEFAULT_ENTRYPOINT);
}

/** One function's bundle: its subfolder's files; the import map when the subfolder has it. */
function bundleOf(inputs: Props, slug: string): Bundle {
  const files = readFolder(path.resolve(inputs.sourceDir, slug));
  const importMap = inputs.importMapPath !== undefined ? bundleRelative(inputs.importMapPath) : undefined;
  return {
    files,
    hash: treeHash(files),
    entrypointPath: entrypointOf(inputs),
    ...(importMap && files.some((f) => f.name === importMap) ? { importMapPath: importMap } : {}),
  };
}

/** Every function's problem, by field; the hashes when there is none. */
function scan(inputs: Props): { failures: CheckFailure[]; hashes?: Record<string, string> } {
  const dir = inputs.sourceDir as string;
  let slugs: string[];
  try {
    slugs = functionDirs(path.resolve(dir));
  } catch {
    return {
      failures: [
        { property: "sourceDir", reason: `cannot read ${dir} (relative paths start at the program's directory)` },
      ],
    };
  }
  if (slugs.length > FUNCTIONS_MAX)
    return { failures: [{ property: "sourceDir", reason: `${dir} holds more than ${FUNCTIONS_MAX} functions` }] };
  const failures: CheckFailure[] = [];
  const hashes: Record<string, string> = {};
  for (const slug of slugs) {
    const label = `${dir}/${slug}`;
    const bad = functionSlug.safeParse(slug);
    if (!bad.success) {
      failures.push({
        property: "sourceDir",
        reason: `${label}: ${bad.error.issues[0]!.message.replace(/^slug/, "the folder name")}`,
      });
      continue;
    }
    const problem = folderProblem(path.resolve(dir, slug), entrypointOf(inputs), undefined, label);
    if (problem) failures.push({ property: "sourceDir", reason: problem });
    else hashes[slug] = bundleOf(inputs, slug).hash;
  }
  return failures.length > 0 ? { failures } : { failures, hashes };
}

/** Runs `work` over `items`, a few at a time; waits for every started item, then throws the first failure. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<unknown> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return failure;
}

interface Managed {
  hashes: Record<string, string>;
  versions: Record<string, number>;
  deployed: Record<string, string | null>;
}

function sorted<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((k) => [k, map[k]!]),
  );
}

function outputs(inputs: Props, m: Managed): Props {
  const { [HASHES_KEY]: _h, ...rest } = inputs;
  return {
    ...rest,
    hashes: sorted(m.hashes),
    slugs: Object.keys(m.hashes).sort(),
    versions: sorted(m.versions),
    deployedSha256: sorted(m.deployed),
  };
}

/**
 * Deploys these slugs into `m`. A deploy whose outcome stays unknown but that
 * landed is recorded with a hash that makes the next up deploy it again.
 */
async function deployAll(inputs: Props, slugs: string[], m: Managed): Promise<unknown> {
  const ref = inputs.projectRef as string;
  const client = managementClient();
  const failure = await inParallel(slugs, async (slug) => {
    const bundle = bundleOf(inputs, slug);
    let f: DeployedFunction;
    try {
      f = await client.deployFunction(ref, slug, deployMetadata({ ...inputs, slug }, bundle), bundle.files);
    } catch (err) {
      invalidateFunctions(ref);
      // null: the lookup failed too, so the deploy may still have landed.
      const live = isUnknownOutcome(err) ? await findLive(ref, slug).catch(() => null) : undefined;
      if (live !== undefined) m.hashes[slug] = OUTCOME_UNKNOWN;
      if (live) {
        m.versions[slug] = live.version;
        m.deployed[slug] = live.ezbr_sha256 ?? null;
      }
      throw err;
    }
    m.hashes[slug] = bundle.hash;
    m.versions[slug] = f.version;
    m.deployed[slug] = f.ezbr_sha256 ?? null;
  });
  invalidateFunctions(ref);
  return failure;
}

function managedOf(props: Props): Managed {
  return {
    hashes: { ...(props.hashes ?? {}) },
    versions: { ...(props.versions ?? {}) },
    deployed: { ...(props.deployedSha256 ?? {}) },
  };
}

function forget(m: Managed, slug: string): void {
  delete m.hashes[slug];
  delete m.versions[slug];
  delete m.deployed[slug];
}

export const functions: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(functionsInputs, news);
    if (r.failures && r.failures.length > 0) return r;
    const inputs = r.inputs!;
    if (["sourceDir", "entrypointPath", "importMapPath"].some((k) => containsUnknown(inputs[k]))) return r;
    const { failures, hashes } = scan(inputs);
    if (failures.length > 0) return { inputs, failures };
    return { inputs: { ...inputs, [HASHES_KEY]: hashes }, failures: [] };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    const want = news[HASHES_KEY];
    if (containsUnknown(want) || stableJson(olds.hashes ?? {}) !== stableJson(want ?? {})) d.changes = true;
    for (const key of SHARED)
      if (news[key] !== undefined && stableJson(olds[key]) !== stableJson(news[key])) d.changes = true;
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    const slugs = Object.keys(inputs[HASHES_KEY] ?? {}).sort();
    if (!inputs.adopt && slugs.length > 0) await refuseExisting(ref, slugs);
    const m: Managed = { hashes: {}, versions: {}, deployed: {} };
    const failure = await deployAll(inputs, slugs, m);
    if (failure !== undefined) {
      // Never orphan what was deployed: record it; the next up deploys the rest.
      if (Object.keys(m.hashes).length === 0) throw failure;
      throw partialFailure(ref, { ...outputs(inputs, m), [PROVIDER_KEY]: inputs[PROVIDER_KEY] }, failure);
    }
    return { id: ref, outs: outputs(inputs, m) };
  },

  async read(id, props) {
    const ref = props.projectRef ?? id;
    const live = new Map((await functionsList(ref)).filter((f) => f.status !== "REMOVED").map((f) => [f.slug, f]));
    const m = managedOf(props);
    const changed: string[] = [];
    const deleted: string[] = [];
    for (const slug of Object.keys(m.hashes).sort()) {
      const f = live.get(slug);
      if (!f) {
        deleted.push(slug);
        forget(m, slug);
        continue;
      }
      const moved = (f.ezbr_sha256 ?? null) !== (m.deployed[slug] ?? null) || f.version !== m.versions[slug];
      if (moved) {
        // Names only: a bundle changed out of band shows as its slug, never its files.
        changed.push(slug);
        m.hashes[slug] = `changed-out-of-band:${f.ezbr_sha256 ?? `v${f.version}`}`;
        m.versions[slug] = f.version;
        m.deployed[slug] = f.ezbr_sha256 ?? null;
      }
    }
    return { id, props: withDrift(outputs({ ...props, projectRef: ref }, m), { changed, deleted }) };
  },

  async update(id, olds, news) {
    const ref = news.projectRef as string;
    const want: Record<string, string> = news[HASHES_KEY] ?? {};
    const m = managedOf(olds);
    const sharedChanged = SHARED.some((k) => news[k] !== undefined && stableJson(olds[k]) !== stableJson(news[k]));
    const toDeploy = Object.keys(want)
      .filter((slug) => sharedChanged || m.hashes[slug] !== want[slug])
      .sort();
    const added = toDeploy.filter((slug) => !(slug in m.hashes));
    const removed = Object.keys(m.hashes)
      .filter((slug) => !(slug in want))
      .sort();
    if (!news.adopt && added.length > 0) await refuseExisting(ref, added);

    let failure = await deployAll(news, toDeploy, m);
    if (failure === undefined && news.prune && removed.length > 0) {
      const client = managementClient();
      failure = await inParallel(removed, async (slug) => {
        try {
          await client.deleteFunction(ref, slug);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        forget(m, slug);
      });
      invalidateFunctions(ref);
    } else if (failure === undefined) {
      // Without prune, a function whose folder is gone is only no longer managed.
      for (const slug of removed) forget(m, slug);
    }
    if (failure !== undefined)
      throw partialFailure(id, { ...outputs(news, m), [PROVIDER_KEY]: news[PROVIDER_KEY] }, failure);
    return { outs: outputs(news, m) };
  },

  async delete(id, props) {
    const ref = props.projectRef ?? id;
    const client = managementClient();
    const failure = await inParallel(Object.keys(props.hashes ?? {}).sort(), async (slug) => {
      try {
        await client.deleteFunction(ref, slug);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    });
    invalidateFunctions(ref);
    if (failure !== undefined) throw failure;
  },
};

export const functionsDoc: ResourceDoc<typeof functionsInputs> = {
  name: "Functions",
  page: "functions-folder",
  usage: {
    name: "edge-functions",
    inputs: { projectRef: usageProjectRef(), sourceDir: "supabase/functions", verifyJwt: false },
  },
  manages:
    "every function of a folder (one subfolder per function), deploying only the ones whose files changed; `prune` deletes functions whose subfolder is gone",
  summary:
    "Every edge function of a folder (one subfolder per function, named by its slug), deployed through `functions/deploy` and managed as a whole: only functions whose files changed are deployed.",
  inputs: functionsInputs,
  outputs: z.object({
    projectRef: z.string(),
    drift: driftOutput(
      "After a refresh that found drift: the slugs whose bundle changed out of band (`changed`) or that were deleted out of band (`deleted`), never a file's content. Cleared by `up`.",
    ),
    slugs: z.array(z.string()).describe("The managed functions' slugs, sorted."),
    versions: z.record(z.string(), z.number()).describe("Slug → the deployed version, as the service counts it."),
    deployedSha256: z
      .record(z.string(), z.string().nullable())
      .describe("Slug → the service's hash of the deployed bundle."),
  }),
  behaviour: {
    replace: "A change of `projectRef`. Functions added, changed or removed in the folder are handled in place.",
    adopt:
      '`adopt: true` takes over existing functions with the same slugs (otherwise create, or an update adding a slug, fails with "Duplicated function slug" before deploying anything).',
    drift:
      "Refresh compares each managed function's bundle hash and version with the service's (one list call). A bundle changed or a function deleted out of band shows as drift by slug, and `up` deploys exactly those functions again.",
    destroy: "Deletes every function the resource manages.",
    notes: [
      "The state keeps one hash per function (of its files' paths and contents), its version and the service's bundle hash: no file contents.",
      "An update deploys only the functions whose hash changed or that were added (all of them when a shared setting changed), and with `prune: true` deletes the ones whose subfolder is gone. Without `prune`, a function whose subfolder is gone is left in the service and no longer managed.",
      "Deploys and deletes run a few at a time; the client paces itself by the service's rate-limit headers, so 50 functions deploy without a 429.",
      "If some deploys fail, the ones done are recorded (a partial failure) and the next `up` deploys the rest.",
    ],
  },
  ...managementFootprint({
    "check, diff": "0 (check reads the folder to hash each function)",
    create:
      "≤1 `GET /v1/projects/{ref}/functions` (to refuse existing slugs; none with `adopt`) + 1 `POST /v1/projects/{ref}/functions/deploy` per function",
    "read (refresh)": "≤1 `GET /v1/projects/{ref}/functions` per project, shared by all reads",
    update:
      "1 `POST …/functions/deploy` per added or changed function (+≤1 `GET …/functions` when slugs are added) + 1 `DELETE …/functions/{slug}` per removed function with `prune`",
    delete: "1 `DELETE /v1/projects/{ref}/functions/{slug}` per managed function",
  }),
  example: "functions-folder",
};

/**
 * An interrupted create may have deployed some of the declared slugs:
 * creating again would be refused on those (without `adopt`). The set's id
 * is the project's ref; a refresh reads which of them exist.
 */
export const functionsRecover: RecoverHook = {
  identity: (inputs) => `the declared functions of project ${String(inputs.projectRef)}, by slug`,
  async findCreated(inputs, held) {
    const ref = inputs.projectRef as string;
    if (held.has(ref)) return [];
    const declared = new Set(Object.keys((inputs[HASHES_KEY] ?? {}) as Record<string, unknown>));
    const live = (await managementClient().listFunctions(ref)).filter(
      (f) => declared.has(f.slug) && f.status !== "REMOVED",
    );
    if (live.length === 0) return [];
    return [{ id: ref, label: `functions ${live.map((f) => `"${f.slug}"`).join(", ")} of project ${ref}` }];
  },
};

export default defineKind(functions, functionsDoc, { recover: functionsRecover });
