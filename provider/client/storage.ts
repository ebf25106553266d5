/**
 * A small client for the bucket part of a project's Storage API
 * (`{project_url}/storage/v1/bucket…`), as the platform's own tools call it:
 * the project's service_role key in the `apikey` header and as the bearer
 * token. It rides the shared undici dispatcher (one pool, pacing, retries),
 * like the GraphQL client; the key is read per request and never appears in
 * an error.
 *
 * The service answers its errors as HTTP 400 with the real status in the
 * body (`{"statusCode": "404", "error", "message"}`); the error raised here
 * carries that status, so a missing bucket is a NOT_FOUND like any other.
 *
 * Retries: reads, updates (setting values), empty and delete are safe to
 * repeat and marked idempotent. Creating a bucket is not: callers settle a
 * lost answer by looking the bucket up (`withUnknownOutcome`).
 */
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { ApiError, SupabaseError } from "../errors";
import { dispatchWithKey, type KeyedRequest } from "../http/keyed";
import { displayPath, errorMessage, noteRetries, parseJsonBody, toApiError } from "./response";

/** A bucket as the Storage API answers it. Unknown fields are kept; nulls mean "no limit" / "any type". */
export const storageBucketSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  file_size_limit: z.number().nullish(),
  allowed_mime_types: z.array(z.string()).nullish(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type StorageBucket = z.infer<typeof storageBucketSchema>;

/** The body of a bucket create: the id (and name), and whichever settings are declared. */
export interface CreateBucketBody {
  id: string;
  name: string;
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}
export type UpdateBucketBody = Omit<CreateBucketBody, "id" | "name">;

export interface StorageClientOptions {
  /** The project's base URL, e.g. `https://<ref>.supabase.co`. */
  projectUrl: string;
  /** The service_role key, read per request; never stored in an error. */
  apiKey: () => Promise<string> | string;
  requestTimeoutMs?: number;
}

const enc = encodeURIComponent;

/** The status a storage error stands for: the body's `statusCode` when it is a 4xx, else the HTTP status. */
function effectiveStatus(status: number, text: string): number {
  if (status !== 400) return status;
  try {
    const code = Number((JSON.parse(text) as { statusCode?: unknown }).statusCode);
    return Number.isInteger(code) && code >= 400 && code < 500 ? code : status;
  } catch {
    return status;
  }
}

function storageError(method: string, path: string, status: number, headers: IncomingHttpHeaders, text: string) {
  const real = effectiveStatus(status, text);
  if (real === status) return toApiError(method, path, status, headers, text);
  return new ApiError({ status: real, method, path: displayPath(path), apiMessage: errorMessage(real, headers, text) });
}

export class StorageClient {
  readonly #origin: string;
  readonly #base: string;
  readonly #apiKey: StorageClientOptions["apiKey"];
  readonly #timeoutMs: number;

  constructor(options: StorageClientOptions) {
    let url: URL;
    try {
      url = new URL(options.projectUrl);
    } catch {
      throw new SupabaseError("CONFIG", "Invalid project URL for the Storage API.");
    }
    this.#origin = url.origin;
    this.#base = `${url.pathname.replace(/\/+$/, "")}/storage/v1`;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.requestTimeoutMs ?? 120_000;
  }

  private async call(method: KeyedRequest["method"], path: string, body: unknown, idempotent: boolean) {
    const fullPath = this.#base + path;
    const { status, headers, text, last } = await dispatchWithKey({
      origin: this.#origin,
      path: fullPath,
      method,
      key: await this.#apiKey(),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      timeoutMs: this.#timeoutMs,
      idempotent,
    });
    if (status >= 400) throw noteRetries(storageError(method, fullPath, status, headers, text), last);
    return parseJsonBody(method, displayPath(fullPath), status, headers, text);
  }

  /** Every bucket of the project, with its limits. */
  async listBuckets(): Promise<StorageBucket[]> {
    return storageBucketSchema.array().parse(await this.call("GET", "/bucket", undefined, true));
  }

  /** One bucket; a missing one is NOT_FOUND. */
  async getBucket(id: string): Promise<StorageBucket> {
    return storageBucketSchema.parse(await this.call("GET", `/bucket/${enc(id)}`, undefined, true));
  }

  /** Creates a bucket. Not idempotent: a repeat answers 409, so callers settle a lost answer by a lookup. */
  async createBucket(body: CreateBucketBody): Promise<void> {
    await this.call("POST", "/bucket", body, false);
  }

  /** Sets the given settings (others are left as they are); setting values is idempotent. */
  async updateBucket(id: string, body: UpdateBucketBody): Promise<void> {
    await this.call("PUT", `/bucket/${enc(id)}`, body, true);
  }

  /** Deletes every object of the bucket; emptying twice has the same effect. */
  async emptyBucket(id: string): Promise<void> {
    await this.call("POST", `/bucket/${enc(id)}/empty`, undefined, true);
  }

  /** Deletes an empty bucket (a bucket with objects: 409 `The bucket you tried to delete is not empty`). */
  async deleteBucket(id: string): Promise<void> {
    await this.call("DELETE", `/bucket/${enc(id)}`, undefined, true);
  }
}
