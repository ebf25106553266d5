/**
 * A project's storage buckets and their objects' metadata, kept on the
 * project's settings record (durable with `--data-dir`, gone with the
 * project). Shared by the Storage API (`storage/`) and the management API's
 * bucket list (`routes/storage.ts`), so both answer from the same state.
 *
 * The Storage API's own rules live here too: bucket names, size limits
 * written as `"20MB"`, MIME type patterns, and its error answers, which
 * carry the status in the body (`{"statusCode": "409", "error", "message"}`)
 * and go out as HTTP 400 unless they are a 500.
 */
import type { EmulatorContext } from "../store/context";
import type { BucketRecord, ProjectRecord } from "../store/records";
import { settingsOf } from "./store";

export type { BucketRecord } from "../store/records";

/** A Storage API error: `statusCode` in the body, the HTTP status 400 (500 stays 500). */
export class StorageFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = "StorageFailure";
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  get body() {
    return { statusCode: String(this.statusCode), error: this.error, message: this.message };
  }
}

/** The service's texts, one place for the routes and the tests. */
export const StorageErrors = {
  bucketNotFound: () => new StorageFailure(404, "Bucket not found", "Bucket not found"),
  objectNotFound: () => new StorageFailure(404, "not_found", "Object not found"),
  alreadyExists: () => new StorageFailure(409, "Duplicate", "The resource already exists"),
  bucketNotEmpty: () => new StorageFailure(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  invalidBucketName: () => new StorageFailure(400, "Invalid Input", "Bucket name invalid"),
  invalidKey: (key: string) => new StorageFailure(400, "InvalidKey", `Invalid key: ${key}`),
  invalidFileSize: () =>
    new StorageFailure(400, "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B"),
  invalidMimeType: (type: string) => new StorageFailure(415, "invalid_mime_type", `mime type ${type} is not supported`),
  tooLarge: () => new StorageFailure(413, "Payload too large", "The object exceeded the maximum allowed size"),
  badRequest: (message: string) => new StorageFailure(400, "Bad Request", message),
  rlsDenied: () => new StorageFailure(403, "Unauthorized", "new row violates row-level security policy"),
} as const;

/** Bucket ids the service accepts: 1..100 characters, no slash, from a safe set. */
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;
export const isValidBucketName = (name: string): boolean => BUCKET_NAME.test(name) && name.trim() === name;

/** `type/subtype`, the subtype possibly `*`. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/i;
const isValidMimePattern = (t: string): boolean => MIME.test(t);

/**
 * A bucket size limit in bytes: a whole number, or a string `"<n>(GB|MB|KB|B)"`
 * in decimal units, as the service reads it. Null and undefined: no limit.
 */
export function parseSizeLimit(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") {
    if (!Number.isInteger(v) || v < 0) throw StorageErrors.invalidFileSize();
    return v;
  }
  if (typeof v !== "string") throw StorageErrors.invalidFileSize();
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v);
  if (!m) throw StorageErrors.invalidFileSize();
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2].toLowerCase() as "gb" | "mb" | "kb" | "b"];
  return Math.round(parseFloat(m[1]) * unit);
}

/** The MIME types of a write: null clears, empty entries are dropped, each must be a type or `type/*`. */
export function parseMimeTypes(v: unknown): string[] | null {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.some((t) => typeof t !== "string"))
    throw StorageErrors.badRequest("body/allowed_mime_types must be array");
  const types = (v as string[]).filter((t) => t !== "");
  for (const t of types) if (!isValidMimePattern(t)) throw StorageErrors.invalidMimeType(t);
  return types;
}

/** Whether an upload's content type is allowed by the bucket's patterns (case-insensitive; `image/*`). */
export function mimeAllowed(allowed: string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [main, sub] = type.toLowerCase().split(";")[0].trim().split("/");
  return allowed.some((pattern) => {
    const [pm, ps] = pattern.toLowerCase().split("/");
    return pm === main && (ps === "*" || ps === sub);
  });
}

/** The project's buckets, created on first use (older state files have none). */
export function bucketsOf(app: EmulatorContext, p: ProjectRecord): BucketRecord[] {
  const settings = settingsOf(app, p);
  if (!settings.buckets) settings.buckets = [];
  return settings.buckets;
}

export function findBucket(app: EmulatorContext, p: ProjectRecord, id: string): BucketRecord | undefined {
  return bucketsOf(app, p).find((b) => b.id === id);
}

/** A bucket as the Storage API answers it (`GET /storage/v1/bucket[/{id}]`). */
export function storageBucketView(app: EmulatorContext, b: BucketRecord) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner,
    public: b.public,
    type: "STANDARD",
    file_size_limit: b.fileSizeLimit,
    allowed_mime_types: b.allowedMimeTypes,
    created_at: app.clock.iso(b.createdAtMs),
    updated_at: app.clock.iso(b.updatedAtMs),
  };
}

/** A bucket as the management API lists it (`V1StorageBucketResponse`): no limits, no MIME types. */
export function managementBucketView(app: EmulatorContext, b: BucketRecord) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner,
    created_at: app.clock.iso(b.createdAtMs),
    updated_at: app.clock.iso(b.updatedAtMs),
    public: b.public,
  };
}
