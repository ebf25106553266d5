/**
 * Function: an edge function of a project, deployed from a source string or
 * a file. Its documentation is `functionDoc` below.
 */ import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { ApiError, isNotFound } from "../errors";
import { withUnknownOutcome, type EdgeFunction, type FunctionSettings } from "../client/management";
import { functionsList, invalidateFunctions, managementClient } from "../context";
import type { ResourceDoc } from "../resource-doc";
import {
  checkWith,
  containsUnknown,
  diffFields,
  stableJson,
  type FieldRule,
  type Props,
  type ResourceImpl,
} from "./common";
import { withDrift } from "./drift";
import { projectRef, sha256Hex } from "./shared";

export const FUNCTION_SOURCE_MAX = 20 * 1024 * 1024;

export const functionInputs = z
  .object({
    projectRef: projectRef.describe("The project's reference. A change replaces the function."),
    slug: z
      .string({ error: "slug is required" })
      .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "slug must start with a letter and contain only letters, digits, '_' and '-'")
      .max(128, "slug must be at most 128 characters")
      .describe("The function's slug (`^[A-Za-z][A-Za-z0-9_-]*$`, at most 128). A change replaces the function."),
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
      .describe("Whether the function uses an import map. Compared only when declared."),
    entrypointPath: z
      .string({ error: "entrypointPath must be a string" })
      .min(1, "entrypointPath must not be empty")
      .optional()
      .describe("The entrypoint's path in the bundle. Compared only when declared."),
    importMapPath: z
      .string({ error: "importMapPath must be a string" })
      .min(1, "importMapPath must not be empty")
      .optional()
      .describe("The import map's path in the bundle. Compared only when declared."),
    source: z
      .string({ error: "source must be a string" })
      .min(1, "source must not be empty")
      .max(FUNCTION_SOURCE_MAX, "source is too large (20 MiB at most)")
      .optional()
      .describe("The function's code (at most 20 MiB). Give exactly one of `source` and `sourcePath`."),
    sourcePath: z
      .string({ error: "sourcePath must be a string" })
      .min(1, "sourcePath must not be empty")
      .optional()
      .describe(
        "A file with the function's code, relative to the program's directory. Only the content's SHA-256 is compared, so moving the file changes nothing.",
      ),
    adopt: z
      .boolean({ error: "adopt must be a boolean" })
      .optional()
      .describe('Take over an existing function with this slug instead of failing with "Duplicated function slug".'),
    sourceHash: z.string().optional().describe("Set by check: the SHA-256 of the source."),
  })
  .strict()
  .superRefine((v, ctx) => {
    const n = Number(v.source !== undefined) + Number(v.sourcePath !== undefined);
    if (n !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["source"],
        message: "give exactly one of source (the code) or sourcePath (a file)",
      });
  });

/** Settings compared only when declared: the service fills its own defaults. */
const SETTINGS = ["name", "verifyJwt", "importMap", "entrypointPath", "importMapPath"] as const;

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "slug", replaces: true },
  { name: "sourceHash" },
];

function readSource(inputs: Props): string {
  if (typeof inputs.source === "string") return inputs.source;
  return fs.readFileSync(path.resolve(inputs.sourcePath), "utf8");
}

function settingsOf(inputs: Props): FunctionSettings & { slug: string; name: string } {
  return {
    slug: inputs.slug,
    name: inputs.name ?? inputs.slug,
    verify_jwt: inputs.verifyJwt,
    import_map: inputs.importMap,
    entrypoint_path: inputs.entrypointPath,
    import_map_path: inputs.importMapPath,
  };
}

function outputs(inputs: Props, f: EdgeFunction, sourceHash: string): Props {
  const { source: _s, ...rest } = inputs;
  return {
    ...rest,
    sourceHash,
    name: f.name,
    verifyJwt: f.verify_jwt ?? rest.verifyJwt,
    importMap: f.import_map ?? rest.importMap,
    entrypointPath: f.entrypoint_path ?? rest.entrypointPath,
    importMapPath: f.import_map_path ?? rest.importMapPath,
    functionId: f.id,
    version: f.version,
    status: f.status,
    deployedSha256: f.ezbr_sha256 ?? null,
    createdAt: f.created_at,
    updatedAt: f.updated_at,
  };
}

export const edgeFunction: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(functionInputs, news);
    if (r.failures && r.failures.length > 0) return r;
    const inputs = r.inputs!;
    if (containsUnknown(inputs.source) || containsUnknown(inputs.sourcePath)) return r;
    if (typeof inputs.sourcePath === "string") {
      try {
        const stat = fs.statSync(path.resolve(inputs.sourcePath));
        if (!stat.isFile())
          return { inputs, failures: [{ property: "sourcePath", reason: `${inputs.sourcePath} is not a file` }] };
        if (stat.size > FUNCTION_SOURCE_MAX)
          return { inputs, failures: [{ property: "sourcePath", reason: "the file is too large (20 MiB at most)" }] };
      } catch {
        return {
          inputs,
          failures: [
            {
              property: "sourcePath",
              reason: `cannot read ${inputs.sourcePath} (relative paths start at the program's directory)`,
            },
          ],
        };
      }
    }
    return { inputs: { ...inputs, sourceHash: sha256Hex(readSource(inputs)) }, failures: [] };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    for (const key of SETTINGS) {
      const want = key === "name" ? (news.name ?? news.slug) : news[key];
      if (want === undefined) continue;
      if (containsUnknown(want) || stableJson(olds[key]) !== stableJson(want)) d.changes = true;
    }
    return d;
  },

  async create(inputs) {
    const client = managementClient();
    const ref = inputs.projectRef as string;
    const source = readSource(inputs);
    const hash = sha256Hex(source);
    const settings = settingsOf(inputs);
    let f: EdgeFunction;
    try {
      f = await withUnknownOutcome(
        () => client.createFunction(ref, settings, source),
        () => client.getFunction(ref, settings.slug).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e))),
      );
    } catch (err) {
      const duplicate = ApiError.isApi(err) && err.status === 400 && /Duplicated function slug/i.test(err.apiMessage);
      if (!duplicate || !inputs.adopt) {
        if (duplicate)
          (err as Error).message += ` (set adopt: true to take over the existing function "${settings.slug}")`;
        throw err;
      }
      f = await client.updateFunction(ref, settings.slug, settings, source);
    }
    invalidateFunctions(ref);
    return { id: `${ref}/${f.slug}`, outs: outputs(inputs, f, hash) };
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
      ...SETTINGS.filter((k) => props[k] !== undefined && stableJson(props[k]) !== stableJson(next[k])),
    ];
    return { id, props: withDrift(next, { changed }) };
  },

  async update(_id, olds, news) {
    const client = managementClient();
    const ref = news.projectRef as string;
    const source = olds.sourceHash !== news.sourceHash ? readSource(news) : undefined;
    const f = await client.updateFunction(ref, news.slug, settingsOf(news), source);
    invalidateFunctions(ref);
    return { outs: outputs(news, f, news.sourceHash ?? sha256Hex(readSource(news))) };
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

export const functionDoc: ResourceDoc = {
  name: "Function",
  page: "function",
  summary: "An edge function of a project, deployed from a source string or a file.",
  inputs: functionInputs,
  internalInputs: ["sourceHash"],
  outputs: {
    drift:
      "After a refresh that found drift: `body` when the deployed code changed out of band, and the names of settings that changed. Cleared by `up`.",
    functionId: "The function's id in the service.",
    version: "The deployed version, as the service counts it.",
    status: "The function's status (`ACTIVE` once deployed).",
    sourceHash: "Hex SHA-256 of the declared code.",
    deployedSha256: "The service's hash of the deployed bundle.",
    createdAt: "When the function was first deployed.",
    updatedAt: "When the function was last deployed.",
  },
  behaviour: {
    replace: "A change of `projectRef` or `slug`.",
    adopt:
      '`adopt: true` takes over an existing function with this slug (otherwise the service\'s "Duplicated function slug" is reported).',
    drift:
      "Refresh reports settings changed out of band, and a body changed out of band (the service's bundle hash or version moved since the last deploy). `up` redeploys the declared code.",
    destroy: "Deletes the function.",
    notes: [
      "Redeploys only when the content hash or a declared setting changes. An unchanged function is never sent again.",
      "`name`, `verifyJwt`, `importMap`, `entrypointPath` and `importMapPath` are compared only when declared (the service fills its own defaults).",
    ],
  },
  footprintUnit: "management API calls",
  footprint: [
    { operation: "check, diff", calls: "0 (check reads a `sourcePath` file to hash it)" },
    {
      operation: "create",
      calls:
        "1 `POST /v1/projects/{ref}/functions` (+1 `GET …/functions/{slug}` when the POST's outcome is unknown; +1 `PATCH` when adopting an existing slug)",
    },
    { operation: "read (refresh)", calls: "≤1 `GET /v1/projects/{ref}/functions` per project, shared by all reads" },
    { operation: "update", calls: "1 `PATCH /v1/projects/{ref}/functions/{slug}`" },
    { operation: "delete", calls: "1 `DELETE /v1/projects/{ref}/functions/{slug}`" },
  ],
  example: "functions-folder",
};

export default edgeFunction;
