/**
 * Function: an edge function of a project, deployed as one bundle through the
 * multipart `functions/deploy` endpoint, from a source string, a file or a
 * folder (entrypoint, sibling modules, import map, static files). Its
 * documentation is `functionDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput, type RecoverHook } from "../../kind";
import { isNotFound, partialFailure, SupabaseError } from "../../errors";
import { isUnknownOutcome, type DeployedFunction, type EdgeFunction } from "../../client/management";
import { functionsList, invalidateFunctions, managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import {
  checkWith,
  containsUnknown,
  diffFields,
  PROVIDER_KEY,
  stableJson,
  type FieldRule,
  type Props,
  type ResourceImpl,
} from "../common";
import { withDrift } from "../drift";
import { functionImporter, sameAsLive } from "./import";
import {
  BUNDLE_MAX_BYTES,
  bundleCheckFailure,
  bundleRelative,
  deployMetadata,
  isInsideBundle,
  readBundle,
} from "./bundle";
import { projectRef } from "../shared";

export const FUNCTION_SOURCE_MAX = BUNDLE_MAX_BYTES;

/** The slug rule of the deploy endpoint. */
export const functionSlug = z
  .string({ error: "slug is required" })
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "slug must start with a letter and contain only letters, digits, '_' and '-'")
  .max(128, "slug must be at most 128 characters");

/** A path inside a bundle: relative, without `..`. */
export const bundlePathInput = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .refine(isInsideBundle, `${field} must be a relative path inside the bundle (no '..')`);

export const staticPatternsInput = z.array(
  z.string({ error: "staticPatterns must be strings" }).min(1, "a static pattern must not be empty"),
  { error: "staticPatterns must be a list of strings" },
);

export const functionInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the function.")
      .meta({ replaceOnChanges: true }),
    slug: functionSlug
      .describe("The function's slug (`^[A-Za-z][A-Za-z0-9_-]*$`, at most 128). A change replaces the function.")
      .meta({ replaceOnChanges: true }),
    name: z
      .string({ error: "name must be a string" })
      .trim()
      .min(1, "name must not be empty")
      .max(256, "name must be at most 256 characters")
      .optional()
      .describe("The display name (default: the slug). Compared only when declared."),
    verifyJwt: z
      .boolean({ error: "verifyJwt must be a boolean" })
      .optional()
      .describe("Whether callers must send a valid JWT. Compared only when declared."),
    importMap: z
      .boolean({ error: "importMap must be a boolean" })
      .optional()
      .describe("Whether the function uses an import map (true needs `importMapPath`). Compared only when declared."),
    entrypointPath: bundlePathInput("entrypointPath")
      .optional()
      .describe(
        "The entrypoint's path in the bundle, relative to `sourceDir` (default `index.ts`; a one-file function is sent under this name). Compared only when declared.",
      ),
    importMapPath: bundlePathInput("importMapPath")
      .optional()
      .describe(
        "The import map's path in the bundle, relative to `sourceDir` (a `sourceDir` function only). Compared only when declared.",
      ),
    staticPatterns: staticPatternsInput
      .optional()
      .describe(
        "Patterns of the bundle's static files (served as is, not bundled), relative to `sourceDir` (a `sourceDir` function only). Compared only when declared.",
      ),
    source: z
      .string({ error: "source must be a string" })
      .min(1, "source must not be empty")
      .max(FUNCTION_SOURCE_MAX, "source is too large (20 MiB at most)")
      .optional()
      .describe("The function's code (at most 20 MiB). Give exactly one of `source`, `sourcePath` and `sourceDir`."),
    sourcePath: z
      .string({ error: "sourcePath must be a string" })
      .min(1, "sourcePath must not be empty")
      .optional()
      .describe(
        "A file with the function's code, relative to the program's directory. Only the content's SHA-256 is compared, so moving the file changes nothing.",
      ),
    sourceDir: z
      .string({ error: "sourceDir must be a string" })
      .min(1, "sourceDir must not be empty")
      .optional()
      .describe(
        "A folder with the function's files (entrypoint, sibling modules, import map, static files), relative to the program's directory. Every file is deployed, by its path in the folder; names starting with '.' are left out. Only a hash of the files' paths and contents is compared, so moving or re-saving an unchanged folder changes nothing.",
      ),
    adopt: z
      .boolean({ error: "adopt must be a boolean" })
      .optional()
      .describe('Take over an existing function with this slug instead of failing with "Duplicated function slug".'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const n = Number(v.source !== undefined) + Number(v.sourcePath !== undefined) + Number(v.sourceDir !== undefined);
    if (n !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["source"],
        message: "give exactly one of source (the code), sourcePath (a file) or sourceDir (a folder)",
      });
    if (v.importMap === true && v.importMapPath === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["importMap"],
        message: "importMap: true needs importMapPath (the import map's file in the bundle)",
      });
    if (v.sourceDir === undefined && n === 1) {
      for (const key of ["importMapPath", "staticPatterns"] as const)
        if (v[key] !== undefined)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} needs sourceDir (a one-file function has no other files)`,
          });
    }
  });

/** Settings compared only when declared: the service fills its own defaults. */
const SETTINGS = ["name", "verifyJwt", "importMap", "entrypointPath", "importMapPath", "staticPatterns"] as const;
/** Settings a PATCH can change without redeploying the bundle. */
const PATCHABLE = new Set<string>(["name", "verifyJwt"]);
/** Paths compare in relative form: the service may answer `file:///…/index.ts` for `index.ts`. */
const PATHS = new Set<string>(["entrypointPath", "importMapPath"]);

function settingValue(key: string, v: unknown): unknown {
  return PATHS.has(key) && typeof v === "string" ? bundleRelative(v) : v;
}

/**
 * The inputs key under which check records the SHA-256 of the code (of a
 * folder: of its files' paths and contents). check only sees the declared
 * source, so the hash travels in the inputs, under a `__` key the engine
 * never shows as the user's inputs; the outputs keep it as `sourceHash`.
 */
export const SOURCE_HASH_KEY = "__sourceHash";

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "slug", replaces: true },
];

/** A path the service answered, in the declared spelling when both name the same file. */
function pathOut(declared: unknown, live: string | undefined): unknown {
  if (live === undefined) return declared;
  return typeof declared === "string" && bundleRelative(declared) === bundleRelative(live) ? declared : live;
}

function outputs(inputs: Props, f: EdgeFunction | DeployedFunction, sourceHash: string): Props {
  const { source: _s, [SOURCE_HASH_KEY]: _h, ...rest } = inputs;
  return {
    ...rest,
    sourceHash,
    name: f.name,
    verifyJwt: f.verify_jwt ?? rest.verifyJwt,
    importMap: f.import_map ?? rest.importMap,
    entrypointPath: pathOut(rest.entrypointPath, f.entrypoint_path),
    importMapPath: pathOut(rest.importMapPath, f.import_map_path),
    functionId: f.id,
    version: f.version,
    status: f.status,
    deployedSha256: f.ezbr_sha256 ?? null,
    createdAt: f.created_at ?? inputs.createdAt ?? null,
    updatedAt: f.updated_at ?? inputs.updatedAt ?? null,
  };
}

/** The source hash recorded for a deploy whose outcome is unknown: it matches no bundle, so the next up deploys. */
export const OUTCOME_UNKNOWN = "deploy-outcome-unknown";

/**
 * The live function with this slug; undefined only when the service says it
 * is not there (the list lacks it, or answers 404). Any other failure of the
 * list, once the client's retries within the retry budget are spent,
 * rejects: "could not look" is not "not found".
 */
export async function findLive(ref: string, slug: string): Promise<EdgeFunction | undefined> {
  try {
    return (await functionsList(ref)).find((f) => f.slug === slug && f.status !== "REMOVED");
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Refuses to overwrite an existing function unless adopting (one list per project, shared). */
export async function refuseExisting(ref: string, slugs: string[]): Promise<void> {
  const live = new Set((await functionsList(ref)).filter((f) => f.status !== "REMOVED").map((f) => f.slug));
  const taken = slugs.filter((s) => live.has(s));
  if (taken.length > 0)
    throw new SupabaseError(
      "VALIDATION",
      `Duplicated function slug: ${taken.map((s) => `"${s}"`).join(", ")} already exist${taken.length === 1 ? "s" : ""} in project ${ref} (set adopt: true to take over the existing function${taken.length === 1 ? "" : "s"})`,
    );
}

/** The live function when it already has the declared files and settings, else undefined. */
async function liveUnchanged(
  ref: string,
  slug: string,
  inputs: Props,
  bundle: ReturnType<typeof readBundle>,
): Promise<EdgeFunction | undefined> {
  const live = await findLive(ref, slug);
  if (!live) return undefined;
  return sameAsLive(inputs, bundle, live, await managementClient().getFunctionFiles(ref, slug)) ? live : undefined;
}

export const edgeFunction: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(functionInputs, news);
    if (r.failures && r.failures.length > 0) return r;
    const inputs = r.inputs!;
    if (
      ["source", "sourcePath", "sourceDir", "entrypointPath", "importMapPath"].some((k) => containsUnknown(inputs[k]))
    )
      return r;
    const failure = bundleCheckFailure(inputs);
    if (failure) return { inputs, failures: [failure] };
    return { inputs: { ...inputs, [SOURCE_HASH_KEY]: readBundle(inputs).hash }, failures: [] };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    if (containsUnknown(news[SOURCE_HASH_KEY]) || olds.sourceHash !== news[SOURCE_HASH_KEY]) d.changes = true;
    for (const key of SETTINGS) {
      const want = key === "name" ? (news.name ?? news.slug) : news[key];
      if (want === undefined) continue;
      if (containsUnknown(want) || stableJson(settingValue(key, olds[key])) !== stableJson(settingValue(key, want)))
        d.changes = true;
    }
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    const slug = inputs.slug as string;
    // A deploy silently overwrites a namesake: refuse it unless adopting.
    if (!inputs.adopt) await refuseExisting(ref, [slug]);
    const bundle = readBundle(inputs);
    if (inputs.adopt) {
      // A live function with these very files and settings is taken over as it is, without a deploy. The comparison
      // only saves a write: when it cannot be made (the reads failed), deploying is what adopt does anyway.
      const unchanged = await liveUnchanged(ref, slug, inputs, bundle).catch(() => undefined);
      if (unchanged) return { id: `${ref}/${slug}`, outs: outputs(inputs, unchanged, bundle.hash) };
    }
    let f: DeployedFunction;
    try {
      f = await managementClient().deployFunction(ref, slug, deployMetadata(inputs, bundle), bundle.files);
    } catch (err) {
      invalidateFunctions(ref);
      // null: the lookup failed too, so the deploy may still have landed.
      const live = isUnknownOutcome(err) ? await findLive(ref, slug).catch(() => null) : undefined;
      if (live === undefined) throw err;
      // The deploy may have landed: record the function (never orphan it), with a hash that makes the next up deploy again.
      const seen = live ?? { slug, name: (inputs.name as string | undefined) ?? slug };
      const props = { ...outputs(inputs, seen as EdgeFunction, OUTCOME_UNKNOWN), [PROVIDER_KEY]: inputs[PROVIDER_KEY] };
      throw partialFailure(`${ref}/${slug}`, props, err);
    }
    invalidateFunctions(ref);
    return { id: `${ref}/${f.slug}`, outs: outputs(inputs, f, bundle.hash) };
  },

  async read(id, props) {
    const ref = props.projectRef ?? id.slice(0, id.indexOf("/"));
    const slug = props.slug ?? id.slice(id.indexOf("/") + 1);
    const live = (await functionsList(ref)).find((f) => f.slug === slug);
    if (!live || live.status === "REMOVED") return { id: "", props: {} };
    // The body changed out of band when the service's bundle hash or version
    // moved since our deploy: report a different source hash so the next up
    // redeploys the declared code.
    const bodyMoved =
      (live.ezbr_sha256 ?? null) !== (props.deployedSha256 ?? null) ||
      (typeof props.version === "number" && live.version !== props.version);
    const sourceHash = bodyMoved ? `changed-out-of-band:${live.ezbr_sha256 ?? `v${live.version}`}` : props.sourceHash;
    const next: Props = { ...outputs(props, live, sourceHash), projectRef: ref, slug };
    const changed = [
      ...(bodyMoved ? ["body"] : []),
      ...SETTINGS.filter(
        (k) => props[k] !== undefined && stableJson(settingValue(k, props[k])) !== stableJson(settingValue(k, next[k])),
      ),
    ];
    return { id, props: withDrift(next, { changed }) };
  },

  async update(_id, olds, news) {
    const client = managementClient();
    const ref = news.projectRef as string;
    const slug = news.slug as string;
    const settingsOnly =
      olds.sourceHash === news[SOURCE_HASH_KEY] &&
      SETTINGS.every(
        (k) =>
          PATCHABLE.has(k) ||
          news[k] === undefined ||
          stableJson(settingValue(k, olds[k])) === stableJson(settingValue(k, news[k])),
      );
    if (settingsOnly) {
      // Name and JWT check only: a PATCH without code, so the deployed bundle and its version stay.
      const f = await client.updateFunction(ref, slug, { name: news.name ?? slug, verify_jwt: news.verifyJwt });
      invalidateFunctions(ref);
      return { outs: outputs(news, f, news[SOURCE_HASH_KEY]) };
    }
    const bundle = readBundle(news);
    const f = await client.deployFunction(ref, slug, deployMetadata(news, bundle), bundle.files);
    invalidateFunctions(ref);
    return { outs: outputs(news, f, bundle.hash) };
  },

  async delete(id, props) {
    const ref = props.projectRef ?? id.slice(0, id.indexOf("/"));
    const slug = props.slug ?? id.slice(id.indexOf("/") + 1);
    try {
      await managementClient().deleteFunction(ref, slug);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    invalidateFunctions(ref);
  },
};

export const functionDoc: ResourceDoc<typeof functionInputs> = {
  name: "Function",
  page: "function",
  usage: {
    name: "hello",
    inputs: {
      projectRef: usageProjectRef(),
      slug: "hello",
      source: 'Deno.serve(() => new Response("hello"));',
      verifyJwt: false,
    },
  },
  manages:
    "an edge function from inline source, a file or a folder (`sourceDir`: entrypoint, sibling modules, import map, static files), deployed through `functions/deploy` only when its files' hash or settings change",
  summary:
    "An edge function of a project, deployed as one bundle (through `functions/deploy`) from a source string, a file or a folder.",
  inputs: functionInputs,
  outputs: z.object({
    projectRef: z.string(),
    slug: z.string(),
    name: z.string(),
    verifyJwt: z.boolean().optional(),
    drift: driftOutput(
      "After a refresh that found drift: `body` when the deployed code changed out of band, and the names of settings that changed. Cleared by `up`.",
    ),
    functionId: z.string().describe("The function's id in the service."),
    version: z.number().describe("The deployed version, as the service counts it."),
    status: z.string().describe("The function's status (`ACTIVE` once deployed)."),
    sourceHash: z
      .string()
      .describe("Hex SHA-256 of the declared code (of a folder: of its files' paths and contents)."),
    deployedSha256: z.string().nullable().describe("The service's hash of the deployed bundle."),
    createdAt: z.number().describe("When the function was first deployed."),
    updatedAt: z.number().describe("When the function was last deployed."),
  }),
  behaviour: {
    replace: "A change of `projectRef` or `slug`.",
    adopt:
      '`adopt: true` takes over an existing function with this slug (otherwise create fails with "Duplicated function slug" before deploying anything, since a deploy would overwrite it). When the live function already has the declared files and settings (its files are downloaded once to compare), it is taken over without a deploy.',
    drift:
      "Refresh reports settings changed out of band, and a body changed out of band (the service's bundle hash or version moved since the last deploy). `up` redeploys the declared code.",
    destroy: "Deletes the function.",
    notes: [
      "Every function, inline ones included, is deployed as one bundle through the multipart `POST /v1/projects/{ref}/functions/deploy` (a `metadata` part and one `file` part per file, named by its path relative to `sourceDir`). The deprecated `POST /v1/projects/{ref}/functions` is never used.",
      "Redeploys only when the content hash or a declared setting changes. An unchanged function is never sent again; a folder's hash covers every file's path and content in byte order of the paths, so moving, copying or re-saving an unchanged folder deploys nothing, and changing one file deploys once.",
      "A change of only `name` or `verifyJwt` is one `PATCH` without code (the bundle and its version stay).",
      "A deploy is an upsert, so it is retried like any safe write. If its outcome stays unknown, the function is looked up: when it exists it is recorded in state (a partial failure, never an orphan) and the next `up` deploys it again.",
      "`name`, `verifyJwt`, `importMap`, `entrypointPath` and `importMapPath` are compared only when declared (the service fills its own defaults).",
    ],
  },
  ...managementFootprint({
    "check, diff": "0 (check reads a `sourcePath` file or a `sourceDir` folder to hash it)",
    create:
      "≤1 `GET /v1/projects/{ref}/functions` per project, shared by concurrent creates (to refuse an existing slug; none with `adopt`) + 1 `POST /v1/projects/{ref}/functions/deploy`",
    "read (refresh)": "≤1 `GET /v1/projects/{ref}/functions` per project, shared by all reads",
    update:
      "1 `POST /v1/projects/{ref}/functions/deploy`, or 1 `PATCH /v1/projects/{ref}/functions/{slug}` when only `name` or `verifyJwt` changed",
    delete: "1 `DELETE /v1/projects/{ref}/functions/{slug}`",
  }),
  example: "functions-folder",
};

/**
 * An interrupted deploy may have made the function of this slug: creating it
 * again would be refused as a duplicated slug (without `adopt`).
 */
export const functionRecover: RecoverHook = {
  identity: (inputs) => `function "${String(inputs.slug)}" in project ${String(inputs.projectRef)}`,
  async findCreated(inputs, held) {
    const ref = inputs.projectRef as string;
    const id = `${ref}/${String(inputs.slug)}`;
    if (held.has(id)) return [];
    const live = (await managementClient().listFunctions(ref)).filter(
      (f) => f.slug === inputs.slug && f.status !== "REMOVED",
    );
    return live.map((f) => ({
      id,
      ...(typeof f.created_at === "number" ? { createdAt: new Date(f.created_at).toISOString() } : {}),
      label: `function "${f.slug}" version ${String(f.version ?? "?")}`,
    }));
  },
};

export default defineKind(edgeFunction, functionDoc, { recover: functionRecover, importer: functionImporter });
