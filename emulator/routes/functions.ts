/**
 * Edge functions: deploy, create, list, read, update, delete and download.
 * `POST …/functions/deploy` takes a multipart bundle (one `metadata` JSON part
 * and `file` parts named by relative path) and creates or updates the
 * function, as the service's OpenAPI document defines it. The older create
 * and update endpoints stay for other clients: settings come from the query (and, for
 * JSON uploads, the body); the code is either a JSON `body` string
 * (TypeScript source) or the raw request body (an eszip bundle or source),
 * kept as uploaded.
 */
import { createHash, randomUUID } from "node:crypto";
import * as path from "node:path";
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteContext, type RouteDef } from "../pipeline/router";
import { projectSettings, type FunctionRecord, type ProjectSettingsRecord } from "../settings/store";
import { parseOr400 } from "../pipeline/validation";

/** Slugs in a create request; paths accept the looser PATH_SLUG. */
const CREATE_SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;
const PATH_SLUG = /^[A-Za-z0-9_-]+$/;
const DEFAULT_ENTRYPOINT = "file:///src/index.ts";
/** What a JSON `body` string is stored and served as. */
const SOURCE_TYPE = "application/typescript; charset=utf-8";
const OCTET_STREAM = "application/octet-stream";

export const FunctionMessages = {
  notFound: "Function not found",
  duplicated: (slug: string) =>
    `Duplicated function slug: a function with the slug "${slug}" already exists in this project.`,
  emptyBody: "body should not be empty",
} as const;

const BoolString = z.enum(["true", "false"]).transform((v) => v === "true");

const FunctionQuery = z.object({
  slug: z.string().optional(),
  name: z.string().optional(),
  verify_jwt: BoolString.optional(),
  import_map: BoolString.optional(),
  entrypoint_path: z.string().min(1).optional(),
  import_map_path: z.string().min(1).optional(),
  // The client's hash of its bundle; the emulator hashes the bytes it received instead.
  ezbr_sha256: z.string().optional(),
});
type FunctionQuery = z.output<typeof FunctionQuery>;

const CreateJson = z.strictObject({
  slug: z.string().optional(),
  name: z.string().optional(),
  body: z.string().optional(),
  verify_jwt: z.boolean().optional(),
});

const UpdateJson = z.strictObject({
  name: z.string().min(1).optional(),
  body: z.string().optional(),
  verify_jwt: z.boolean().optional(),
});

/** The merged create request, checked in one pass so every problem is reported together. */
const NewFunction = z.object({
  slug: z.string().refine((s) => CREATE_SLUG.test(s), `slug must match ${String(CREATE_SLUG)} regular expression`),
  name: z.string().min(1),
  hasCode: z.boolean().refine((v) => v, FunctionMessages.emptyBody),
});

interface Upload {
  json?: Record<string, unknown>;
  code?: { bytes: Buffer; contentType: string };
}

/** JSON (settings and maybe `body`) or a raw upload (the code itself); an empty raw body is no upload. */
function readUpload(ctx: RouteContext): Upload {
  const type = String(ctx.headers["content-type"] ?? "");
  if (/json/i.test(type.split(";")[0])) {
    if (ctx.rawBody.length === 0) return { json: {} };
    try {
      return { json: JSON.parse(ctx.rawBody.toString("utf8")) as Record<string, unknown> };
    } catch (err) {
      throw new ApiError(400, (err as Error).message);
    }
  }
  if (ctx.rawBody.length === 0) return {};
  return { code: { bytes: ctx.rawBody, contentType: type || OCTET_STREAM } };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Limits of a deployed bundle (the request body limit of the server applies first). */
export const DEPLOY_LIMITS = { maxFiles: 1000, maxPathLength: 512, maxBundleBytes: 20 * 1024 * 1024 } as const;

const DeployQuery = z.object({
  slug: z
    .string()
    .regex(CREATE_SLUG, `slug must match ${String(CREATE_SLUG)} regular expression`)
    .optional(),
  bundleOnly: BoolString.optional(),
});

const DeployMetadata = z.object({
  entrypoint_path: z.string().min(1, "entrypoint_path should not be empty"),
  import_map_path: z.string().min(1).optional(),
  static_patterns: z.array(z.string()).optional(),
  verify_jwt: z.boolean().optional(),
  name: z.string().min(1).optional(),
});

/** A relative path without `..`, backslashes or a leading slash (a `file://` URL's path is accepted too). */
function bundlePath(raw: string): string {
  let p = raw;
  if (p.startsWith("file://")) {
    try {
      p = decodeURIComponent(new URL(p).pathname);
    } catch {
      throw new ApiError(400, `invalid file path: ${raw}`);
    }
  }
  p = p.replace(/^\.\//, "").replace(/^\/+/, "");
  if (
    p === "" ||
    p.length > DEPLOY_LIMITS.maxPathLength ||
    p.includes("\\") ||
    p.split("/").some((seg) => seg === "" || seg === "." || seg === "..")
  )
    throw new ApiError(400, `invalid file path: ${raw.slice(0, 100)}`);
  return p;
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The hash of a bundle: every file, in name order, by name, length and content. */
export function bundleSha256(files: Array<{ name: string; bytes: Buffer }>): string {
  const h = createHash("sha256");
  for (const f of [...files].sort(byName)) {
    h.update(`${f.name}\0${f.bytes.length}\0`);
    h.update(f.bytes);
  }
  return h.digest("hex");
}

interface ParsedBundle {
  metadata: z.output<typeof DeployMetadata>;
  files: Array<{ name: string; contentType: string; bytes: Buffer }>;
}

async function parseBundle(ctx: RouteContext): Promise<ParsedBundle> {
  const type = String(ctx.headers["content-type"] ?? "");
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError(400, "the deploy body must be multipart/form-data");
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(ctx.rawBody), { headers: { "content-type": type } }).formData();
  } catch (err) {
    throw new ApiError(400, `invalid multipart body: ${(err as Error).message}`);
  }
  for (const key of new Set(form.keys()))
    if (key !== "metadata" && key !== "file") throw new ApiError(400, `property ${key.slice(0, 100)} should not exist`);
  const parts = form.getAll("file");
  if (parts.length > DEPLOY_LIMITS.maxFiles)
    throw new ApiError(400, `a bundle holds at most ${DEPLOY_LIMITS.maxFiles} files`);
  const metaParts = form.getAll("metadata");
  if (metaParts.length !== 1) throw new ApiError(400, "metadata should be one JSON part");
  const metaPart = metaParts[0]!;
  const metaText = typeof metaPart === "string" ? metaPart : await metaPart.text();
  let metaJson: unknown;
  try {
    metaJson = JSON.parse(metaText);
  } catch {
    throw new ApiError(400, "metadata must be a JSON object");
  }
  const metadata = parseOr400(DeployMetadata, metaJson);
  const files: ParsedBundle["files"] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const part of parts) {
    if (typeof part === "string") throw new ApiError(400, "each file part must be a file");
    const name = bundlePath(part.name);
    if (seen.has(name)) throw new ApiError(400, `duplicate file ${name}`);
    seen.add(name);
    const bytes = Buffer.from(await part.arrayBuffer());
    total += bytes.length;
    if (total > DEPLOY_LIMITS.maxBundleBytes)
      throw new ApiError(413, `the bundle exceeds ${DEPLOY_LIMITS.maxBundleBytes} bytes`);
    files.push({ name, contentType: part.type || OCTET_STREAM, bytes });
  }
  if (files.length === 0) throw new ApiError(400, "file should not be empty");
  const entry = bundlePath(metadata.entrypoint_path);
  if (!seen.has(entry)) throw new ApiError(400, `entrypoint_path ${entry} is not among the files`);
  if (metadata.import_map_path !== undefined && !seen.has(bundlePath(metadata.import_map_path)))
    throw new ApiError(400, `import_map_path ${metadata.import_map_path} is not among the files`);
  files.sort(byName);
  return { metadata, files };
}

/** Creates or updates a function from a bundle; every stored deploy is a new version. */
async function deploy(ctx: RouteContext): Promise<FunctionRecord> {
  const q = parseOr400(DeployQuery, Object.fromEntries(ctx.search));
  const { settings } = projectSettings(ctx.app, ctx.params.ref);
  const { metadata, files } = await parseBundle(ctx);
  const slug = q.slug ?? metadata.name;
  if (!slug) throw new ApiError(400, "slug should not be empty");
  if (!CREATE_SLUG.test(slug)) throw new ApiError(400, `slug must match ${String(CREATE_SLUG)} regular expression`);
  const now = ctx.app.clock.now();
  const existing = settings.functions.find((f) => f.slug === slug);
  const base: FunctionRecord = existing ?? {
    id: randomUUID(),
    slug,
    name: slug,
    status: "ACTIVE",
    version: 0,
    createdAtMs: now,
    updatedAtMs: now,
    verifyJwt: true,
    importMap: false,
    entrypointPath: "",
    bodyBase64: "",
    contentType: OCTET_STREAM,
    sha256: "",
  };
  const entrypointPath = bundlePath(metadata.entrypoint_path);
  const entry = files.find((x) => x.name === entrypointPath)!;
  const next: FunctionRecord = {
    ...base,
    name: metadata.name ?? base.name,
    verifyJwt: metadata.verify_jwt ?? base.verifyJwt,
    importMap: metadata.import_map_path !== undefined,
    entrypointPath,
    version: base.version + 1,
    // Strictly forward, even within one millisecond.
    updatedAtMs: existing ? Math.max(now, base.updatedAtMs + 1) : now,
    bodyBase64: entry.bytes.toString("base64"),
    contentType: entry.contentType,
    files: files.map((x) => ({ name: x.name, contentType: x.contentType, base64: x.bytes.toString("base64") })),
    sha256: bundleSha256(files),
  };
  delete next.importMapPath;
  delete next.staticPatterns;
  if (metadata.import_map_path !== undefined) next.importMapPath = bundlePath(metadata.import_map_path);
  if (metadata.static_patterns !== undefined) next.staticPatterns = metadata.static_patterns;
  // bundleOnly: bundled and answered, not stored.
  if (q.bundleOnly) return next;
  if (existing) {
    for (const key of Object.keys(existing) as Array<keyof FunctionRecord>) delete existing[key];
    Object.assign(existing, next);
  } else settings.functions.push(next);
  ctx.app.store.commit();
  return existing ?? next;
}

export function functionView(f: FunctionRecord) {
  return {
    id: f.id,
    slug: f.slug,
    name: f.name,
    status: f.status,
    version: f.version,
    created_at: f.createdAtMs,
    updated_at: f.updatedAtMs,
    verify_jwt: f.verifyJwt,
    import_map: f.importMap,
    entrypoint_path: f.entrypointPath,
    ...(f.importMapPath !== undefined ? { import_map_path: f.importMapPath } : {}),
    ezbr_sha256: f.sha256,
  };
}

function requireFunction(settings: ProjectSettingsRecord, slug: string): FunctionRecord {
  // A malformed slug is a miss to the client, like a malformed project ref.
  const f = PATH_SLUG.test(slug) ? settings.functions.find((x) => x.slug === slug) : undefined;
  if (!f) throw new ApiError(404, FunctionMessages.notFound);
  return f;
}

function setCode(f: FunctionRecord, bytes: Buffer, contentType: string): void {
  // New code through the older create/update endpoints replaces a deployed bundle with one file.
  delete f.files;
  delete f.staticPatterns;
  f.bodyBase64 = bytes.toString("base64");
  f.contentType = contentType;
  f.sha256 = sha256(bytes);
}

function create(app: EmulatorContext, ref: string, q: FunctionQuery, upload: Upload): FunctionRecord {
  const { settings } = projectSettings(app, ref);
  const json = upload.json ? parseOr400(CreateJson, upload.json) : undefined;
  const slug = json?.slug ?? q.slug;
  // A raw upload carries no name of its own; the slug stands in, as the CLI sends both anyway.
  const name = json?.name ?? q.name ?? (upload.code ? slug : undefined);
  const code =
    upload.code ?? (json?.body ? { bytes: Buffer.from(json.body, "utf8"), contentType: SOURCE_TYPE } : undefined);
  const checked = parseOr400(NewFunction, { slug, name, hasCode: code !== undefined });
  if (!code) throw new ApiError(400, FunctionMessages.emptyBody); // already rejected above; narrows the type
  if (settings.functions.some((f) => f.slug === checked.slug))
    throw new ApiError(400, FunctionMessages.duplicated(checked.slug));
  const now = app.clock.now();
  const f: FunctionRecord = {
    id: randomUUID(),
    slug: checked.slug,
    name: checked.name,
    status: "ACTIVE",
    version: 1,
    createdAtMs: now,
    updatedAtMs: now,
    verifyJwt: json?.verify_jwt ?? q.verify_jwt ?? true,
    importMap: q.import_map ?? false,
    entrypointPath: q.entrypoint_path ?? DEFAULT_ENTRYPOINT,
    ...(q.import_map_path !== undefined ? { importMapPath: q.import_map_path } : {}),
    bodyBase64: "",
    contentType: OCTET_STREAM,
    sha256: "",
  };
  setCode(f, code.bytes, code.contentType);
  settings.functions.push(f);
  app.store.commit();
  return f;
}

function update(app: EmulatorContext, ref: string, slug: string, q: FunctionQuery, upload: Upload): FunctionRecord {
  const { settings } = projectSettings(app, ref);
  const f = requireFunction(settings, slug);
  const json = upload.json ? parseOr400(UpdateJson, upload.json) : undefined;
  // `slug` in the query is accepted for symmetry with create but never renames: the path names the function.
  const name = json?.name ?? q.name;
  if (name !== undefined) {
    if (name === "") throw new ApiError(400, "name must be longer than or equal to 1 characters");
    f.name = name;
  }
  const verifyJwt = json?.verify_jwt ?? q.verify_jwt;
  if (verifyJwt !== undefined) f.verifyJwt = verifyJwt;
  if (q.import_map !== undefined) f.importMap = q.import_map;
  if (q.entrypoint_path !== undefined) f.entrypointPath = q.entrypoint_path;
  if (q.import_map_path !== undefined) f.importMapPath = q.import_map_path;
  const code =
    upload.code ??
    (json?.body !== undefined ? { bytes: Buffer.from(json.body, "utf8"), contentType: SOURCE_TYPE } : undefined);
  if (code && code.bytes.length === 0) throw new ApiError(400, FunctionMessages.emptyBody);
  // The version counts code changes only: a settings-only PATCH (name, verify_jwt, paths) keeps it,
  // as does re-uploading identical bytes. The reference leaves this open; counting deploys of new
  // code is what lets clients detect code drift from `version` alongside `ezbr_sha256`.
  if (code && sha256(code.bytes) !== f.sha256) f.version += 1;
  if (code) setCode(f, code.bytes, code.contentType);
  // Every PATCH moves updated_at, strictly forward even within one millisecond.
  f.updatedAtMs = Math.max(app.clock.now(), f.updatedAtMs + 1);
  app.store.commit();
  return f;
}

/** The shape the CLI's server-side unbundle reads: a `metadata` part and one part per source file. */
function multipartBody(f: FunctionRecord): { data: Buffer; contentType: string } {
  const boundary = `emulator-${randomUUID()}`;
  let entry = f.entrypointPath;
  try {
    entry = decodeURIComponent(new URL(entry).pathname);
  } catch {
    // A plain relative path such as "index.ts".
  }
  const file = path.posix.basename(entry) || "index.ts";
  const head = (disposition: string, type: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`);
  if (f.files) {
    // A deployed bundle: the metadata, then every file under its relative path.
    const meta: Record<string, unknown> = { deno2_entrypoint_path: f.entrypointPath };
    if (f.importMapPath !== undefined) meta.import_map_path = f.importMapPath;
    if (f.staticPatterns !== undefined) meta.static_patterns = f.staticPatterns;
    const data = Buffer.concat([
      head('name="metadata"', "application/json"),
      Buffer.from(JSON.stringify(meta)),
      Buffer.from("\r\n"),
      ...f.files.flatMap((x) => [
        head(`name="file"; filename="${x.name}"`, x.contentType),
        Buffer.from(x.base64, "base64"),
        Buffer.from("\r\n"),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return { data, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  const data = Buffer.concat([
    head('name="metadata"', "application/json"),
    Buffer.from(JSON.stringify({ deno2_entrypoint_path: entry })),
    Buffer.from("\r\n"),
    head(`name="${file}"; filename="${file}"`, f.contentType),
    Buffer.from(f.bodyBase64, "base64"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data, contentType: `multipart/form-data; boundary=${boundary}` };
}

export const functionRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/functions",
    handler: ({ app, params }) => ({
      status: 200,
      body: projectSettings(app, params.ref).settings.functions.map(functionView),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/functions",
    query: FunctionQuery,
    handler: (ctx) => ({
      status: 201,
      body: functionView(create(ctx.app, ctx.params.ref, ctx.query, readUpload(ctx))),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/functions/deploy",
    handler: async (ctx) => ({ status: 201, body: functionView(await deploy(ctx)) }),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/functions/{function_slug}",
    handler: ({ app, params }) => ({
      status: 200,
      body: functionView(requireFunction(projectSettings(app, params.ref).settings, params.function_slug)),
    }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/functions/{function_slug}",
    query: FunctionQuery,
    handler: (ctx) => ({
      status: 200,
      body: functionView(update(ctx.app, ctx.params.ref, ctx.params.function_slug, ctx.query, readUpload(ctx))),
    }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/functions/{function_slug}",
    handler: ({ app, params }) => {
      const { settings } = projectSettings(app, params.ref);
      const f = requireFunction(settings, params.function_slug);
      settings.functions = settings.functions.filter((x) => x !== f);
      app.store.commit();
      return { status: 200, body: { message: "ok" } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/functions/{function_slug}/body",
    handler: ({ app, params, headers }) => {
      const f = requireFunction(projectSettings(app, params.ref).settings, params.function_slug);
      if (/multipart\/form-data/i.test(String(headers.accept ?? ""))) return { status: 200, raw: multipartBody(f) };
      return { status: 200, raw: { data: Buffer.from(f.bodyBase64, "base64"), contentType: f.contentType } };
    },
  }),
];
