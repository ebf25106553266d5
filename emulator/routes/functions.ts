/**
 * Edge functions: create, list, read, update,
 * delete and download. Settings come from the query (and, for JSON uploads,
 * the body); the code is either a JSON `body` string (TypeScript source) or
 * the raw request body (an eszip bundle or source), kept as uploaded.
 */
import { createHash, randomUUID } from "node:crypto";
import * as path from "node:path";
import { z } from "zod";
import type { EmulatorContext } from "../context";
import { ApiError } from "../errors";
import { defineRoute, type RouteContext, type RouteDef } from "../router";
import { projectSettings, type FunctionRecord, type ProjectSettingsRecord } from "../settings/store";
import { parseOr400 } from "../validation";

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
