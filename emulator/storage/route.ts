/**
 * The bucket part of a project's Storage API, under the project URL
 * (`/project/{ref}/storage/v1/...`): buckets (create, list, get, update,
 * empty, delete) and enough of objects (upload, list) to fill a bucket.
 *
 * Auth is the gateway's (auth/gateway.ts, run by the pipeline): the `apikey`
 * header must be one of the project's keys (401 `{"message"}` otherwise); the
 * role comes from the bearer JWT, or from the key itself when the bearer is
 * the key or absent. A bearer JWT the project does not trust is the service's
 * own refusal (403 `Unauthorized` in its error shape). Bucket writes need
 * `service_role` (the secret key or the legacy service_role JWT): other roles
 * meet the row-level security of the service's tables. Errors are the service's: `{"statusCode", "error",
 * "message"}` with the status in the body, sent as HTTP 400 (see
 * `settings/buckets.ts`). Requests are logged with `api: "storage"`.
 */
import { createHash, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { defineRoute, type Reply, type RouteContext, type RouteDef } from "../pipeline/router";
import type { GatewayRefusal } from "../auth/gateway";
import { requireLiveProject } from "../settings/store";
import {
  bucketsOf,
  findBucket,
  isValidBucketName,
  mimeAllowed,
  parseMimeTypes,
  parseSizeLimit,
  storageBucketView,
  StorageErrors,
  StorageFailure,
  type BucketRecord,
} from "../settings/buckets";
import type { ProjectRecord } from "../store/records";

const BASE = "/project/{ref}/storage/v1";

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The service's texts (its JWT library's) for why a token failed. */
const JWT_ERRORS: Record<string, string> = { "token has expired": "jwt expired", "malformed token": "jwt malformed" };

/** A bearer JWT the gateway passed on is verified by the service, which refuses it in its own shape. */
function refused(r: GatewayRefusal): Reply | undefined {
  if (r.refused !== "invalid-jwt") return undefined;
  const failure = new StorageFailure(403, "Unauthorized", JWT_ERRORS[r.reason ?? ""] ?? "invalid signature");
  return { status: failure.httpStatus, body: failure.body };
}

interface StorageCall {
  ctx: RouteContext;
  project: ProjectRecord;
  role: string;
  /** Buckets this role may see (service_role: all; others: the public ones). */
  visible(id: string): BucketRecord;
  /** A bucket this role may change (service_role only). */
  writable(id: string): BucketRecord;
}

/** A Storage API route: auth, the project, and the service's error shape. */
function storageRoute(method: "GET" | "POST" | "PUT" | "DELETE", path: string, run: (c: StorageCall) => Reply) {
  return defineRoute({
    method,
    path: `${BASE}${path}`,
    surface: "storage",
    auth: "apikey",
    refused,
    handler: (ctx) => {
      const { app, params } = ctx;
      const project = requireLiveProject(app, params.ref);
      const role = ctx.caller!.role;
      try {
        const visible = (id: string) => {
          const b = findBucket(app, project, id);
          if (!b || (role !== "service_role" && !b.public)) throw StorageErrors.bucketNotFound();
          return b;
        };
        const writable = (id: string) => {
          const b = visible(id);
          if (role !== "service_role") throw StorageErrors.rlsDenied();
          return b;
        };
        return run({ ctx, project, role, visible, writable });
      } catch (err) {
        if (err instanceof StorageFailure) return { status: err.httpStatus, body: err.body };
        throw err;
      }
    },
  });
}

/** The JSON body as an object, or the service's validation answer. */
function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw StorageErrors.badRequest("body must be object");
  return body as Record<string, unknown>;
}

function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") throw StorageErrors.badRequest(`body/${name} must be boolean`);
  return v;
}

const message = (text: string): Reply => ({ status: 200, body: { message: text } });

export const storageRoutes: RouteDef[] = [
  storageRoute("POST", "/bucket", ({ ctx, project, role }) => {
    const body = objectBody(ctx.body);
    if (typeof body.name !== "string") throw StorageErrors.badRequest("body must have required property 'name'");
    if (body.id !== undefined && typeof body.id !== "string") throw StorageErrors.badRequest("body/id must be string");
    const id = (body.id as string | undefined) || body.name;
    if (!isValidBucketName(id) || !isValidBucketName(body.name)) throw StorageErrors.invalidBucketName();
    const isPublic = optionalBoolean(body, "public") ?? false;
    const fileSizeLimit = parseSizeLimit(body.file_size_limit);
    const allowedMimeTypes = parseMimeTypes(body.allowed_mime_types);
    if (role !== "service_role") throw StorageErrors.rlsDenied();
    const buckets = bucketsOf(ctx.app, project);
    if (buckets.some((b) => b.id === id)) throw StorageErrors.alreadyExists();
    const now = ctx.app.clock.now();
    buckets.push({
      id,
      name: body.name,
      owner: "",
      public: isPublic,
      fileSizeLimit,
      allowedMimeTypes,
      createdAtMs: now,
      updatedAtMs: now,
      objects: [],
    });
    ctx.app.store.commit();
    return { status: 200, body: { name: body.name } };
  }),

  storageRoute("GET", "/bucket", ({ ctx, project, role }) => ({
    status: 200,
    body: bucketsOf(ctx.app, project)
      .filter((b) => role === "service_role" || b.public)
      .map((b) => storageBucketView(ctx.app, b)),
  })),

  storageRoute("GET", "/bucket/{id}", ({ ctx, visible }) => ({
    status: 200,
    body: storageBucketView(ctx.app, visible(ctx.params.id)),
  })),

  storageRoute("PUT", "/bucket/{id}", ({ ctx, writable }) => {
    const body = objectBody(ctx.body ?? {});
    const b = writable(ctx.params.id);
    const isPublic = optionalBoolean(body, "public");
    // Absent fields are left as they are; a null limit or type list clears it.
    const fileSizeLimit = "file_size_limit" in body ? parseSizeLimit(body.file_size_limit) : b.fileSizeLimit;
    const allowedMimeTypes =
      "allowed_mime_types" in body ? parseMimeTypes(body.allowed_mime_types) : b.allowedMimeTypes;
    if (isPublic !== undefined) b.public = isPublic;
    b.fileSizeLimit = fileSizeLimit;
    b.allowedMimeTypes = allowedMimeTypes;
    b.updatedAtMs = ctx.app.clock.now();
    ctx.app.store.commit();
    return message("Successfully updated");
  }),

  storageRoute("POST", "/bucket/{id}/empty", ({ ctx, writable }) => {
    const b = writable(ctx.params.id);
    b.objects = [];
    ctx.app.store.commit();
    return message("Successfully emptied");
  }),

  storageRoute("DELETE", "/bucket/{id}", ({ ctx, project, writable }) => {
    const b = writable(ctx.params.id);
    if (b.objects.length > 0) throw StorageErrors.bucketNotEmpty();
    const buckets = bucketsOf(ctx.app, project);
    buckets.splice(buckets.indexOf(b), 1);
    ctx.app.store.commit();
    return message("Successfully deleted");
  }),

  storageRoute("POST", "/object/list/{bucket}", ({ ctx, visible }) => {
    const body = objectBody(ctx.body);
    if (typeof body.prefix !== "string") throw StorageErrors.badRequest("body must have required property 'prefix'");
    const b = visible(ctx.params.bucket);
    const limit = typeof body.limit === "number" ? body.limit : 100;
    const offset = typeof body.offset === "number" ? body.offset : 0;
    const prefix = body.prefix === "" || body.prefix.endsWith("/") ? body.prefix : `${body.prefix}/`;
    // One level under the prefix: objects by name, deeper paths as one folder entry each.
    const entries = new Map<string, Record<string, unknown>>();
    for (const o of b.objects) {
      if (!o.name.startsWith(prefix)) continue;
      const rest = o.name.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash >= 0) {
        const folder = rest.slice(0, slash);
        if (!entries.has(folder))
          entries.set(folder, { name: folder, id: null, updated_at: null, created_at: null, metadata: null });
        continue;
      }
      entries.set(rest, {
        name: rest,
        id: o.id,
        updated_at: ctx.app.clock.iso(o.updatedAtMs),
        created_at: ctx.app.clock.iso(o.createdAtMs),
        last_accessed_at: ctx.app.clock.iso(o.updatedAtMs),
        metadata: { eTag: o.etag, size: o.size, mimetype: o.mimetype, cacheControl: "max-age=3600" },
      });
    }
    const sorted = [...entries.values()].sort((x, y) => String(x.name).localeCompare(String(y.name)));
    return { status: 200, body: sorted.slice(offset, offset + limit) };
  }),

  storageRoute("POST", "/object/{bucket}/{path+}", ({ ctx, writable }) => {
    const { bucket, path } = ctx.params;
    const b = writable(bucket);
    if (path.split("/").some((s) => s === "" || s === "." || s === "..")) throw StorageErrors.invalidKey(path);
    const data = ctx.rawBody;
    const mimetype = header(ctx.headers, "content-type") ?? "text/plain;charset=UTF-8";
    if (b.fileSizeLimit !== null && b.fileSizeLimit > 0 && data.length > b.fileSizeLimit)
      throw StorageErrors.tooLarge();
    if (!mimeAllowed(b.allowedMimeTypes, mimetype)) throw StorageErrors.invalidMimeType(mimetype);
    const upsert = header(ctx.headers, "x-upsert") === "true";
    const existing = b.objects.find((o) => o.name === path);
    if (existing && !upsert) throw StorageErrors.alreadyExists();
    const now = ctx.app.clock.now();
    const etag = `"${createHash("md5").update(data).digest("hex")}"`;
    const record = existing ?? {
      id: randomUUID(),
      name: path,
      createdAtMs: now,
      size: 0,
      mimetype,
      etag,
      updatedAtMs: now,
    };
    Object.assign(record, { size: data.length, mimetype, etag, updatedAtMs: now });
    if (!existing) b.objects.push(record);
    ctx.app.store.commit();
    return { status: 200, body: { Id: record.id, Key: `${bucket}/${path}` } };
  }),
];
