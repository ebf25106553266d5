/**
 * The management client's transport: one API call, from path and options to
 * a checked response.
 *
 * Stateless apart from its options: connection pooling, pacing, retries and
 * GET deduplication live in the shared undici dispatcher (`provider/http`),
 * so any number of clients in one process share one pool and one set of
 * rate-limit buckets. The access token is read through a getter on every call
 * and never stored or shown in an error.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { ApiError, NetworkError, SupabaseError } from "../errors";
import { MISSING_TOKEN_MESSAGE } from "../http/auth";
import { getSharedDispatcher } from "../http/dispatcher";
import type { RetryOptions } from "../http/retry";
import type { AttemptInfo, SupabaseDispatchOptions } from "../http/types";
import { displayPath, noteRetries, parseJsonBody, toApiError } from "./response";

export type HttpMethod = Dispatcher.HttpMethod;
export type Expect = "json" | "text" | "empty" | "raw";
export type QueryValue = string | number | boolean | undefined | null | Array<string | number | boolean>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with `contentType` (instead of `body`). */
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Marks a request safe to repeat, so the retry layer may retry it even for
   * POST/PATCH; `false` forbids retries even for GET/PUT/DELETE.
   */
  idempotent?: boolean;
  /** How to read a success body (default `json`). */
  expect?: Expect;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Diagnostics for one attempt (a request the server saw, or that failed to connect). */
export interface ResponseInfo {
  method: string;
  /** Path without the query string. */
  path: string;
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  /** 1 for the first try; higher for retries. */
  attempt: number;
  durationMs: number;
  /** Error code when no response arrived (e.g. `ECONNRESET`). */
  errorCode?: string;
}

export interface ManagementClientOptions {
  /** Base URL, e.g. `https://api.supabase.com` (a path prefix is kept). */
  apiUrl: string;
  /** Read on every request; never stored. */
  accessToken: () => string | undefined;
  /** Default `supabase-pulumi/<version>`. */
  userAgent?: string;
  retry?: Pick<RetryOptions, "maxRetries" | "minDelayMs" | "maxDelayMs">;
  /** A dispatcher from `createDispatcher()`; default: the process-wide shared one for these options. */
  dispatcher?: Dispatcher;
  /** Per-attempt limit for headers, and for each gap between body chunks (default 120 s). */
  requestTimeoutMs?: number;
  /** Called after every attempt, retries included. Must not throw (errors are ignored). */
  onResponse?: (info: ResponseInfo) => void;
}

/** Encodes one path segment. */
export const enc = encodeURIComponent;

/**
 * The transport every endpoint group builds on: `request` (public) and
 * `typed` (a JSON call checked against a schema, for the endpoint groups).
 */
export class ManagementTransport {
  readonly #origin: string;
  readonly #basePath: string;
  readonly #accessToken: () => string | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  readonly #onResponse?: (info: ResponseInfo) => void;

  constructor(options: ManagementClientOptions) {
    let url: URL;
    try {
      url = new URL(options.apiUrl);
    } catch {
      throw new SupabaseError("CONFIG", `Invalid management API URL: ${JSON.stringify(options.apiUrl)}`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new SupabaseError("CONFIG", `The management API URL must be http(s), got ${url.protocol}`);
    }
    if (typeof options.accessToken !== "function") {
      throw new SupabaseError("CONFIG", "accessToken must be a function that returns the token when called");
    }
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, "");
    this.#accessToken = options.accessToken;
    this.#timeoutMs = options.requestTimeoutMs ?? 120_000;
    this.#onResponse = options.onResponse;
    this.#dispatcher =
      options.dispatcher ?? getSharedDispatcher({ userAgent: options.userAgent, retry: options.retry });
  }

  /**
   * One API call. Failures become `ApiError` (status, method, path without
   * query, the API's message; code NOT_FOUND for 404, RATE_LIMITED for 429)
   * or `NetworkError`; a missing token is a `CONFIG` error before any traffic.
   */
  async request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.#send(method, path, options);
    switch (options.expect ?? "json") {
      case "raw":
        return { status: res.status, headers: res.headers, body: res.body } satisfies RawResponse as T;
      case "text":
        return res.body.toString("utf8") as T;
      case "empty":
        return undefined as T;
      default:
        return parseJsonBody(method, res.path, res.status, res.headers, res.body.toString("utf8")) as T;
    }
  }

  /** A JSON call validated by `schema`; a body of the wrong shape is an ApiError carrying the status. */
  protected async typed<S extends z.ZodType>(
    schema: S,
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const res = await this.#send(method, path, options);
    const value = parseJsonBody(method, res.path, res.status, res.headers, res.body.toString("utf8"));
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ApiError({
      status: res.status,
      method,
      path: displayPath(res.path),
      apiMessage: `unexpected response shape${where}: ${issue?.message ?? "invalid"}`,
    });
  }

  /** Sends one logical request (the dispatcher may retry it) and fails on status ≥ 400. */
  async #send(method: HttpMethod, path: string, options: RequestOptions): Promise<RawResponse & { path: string }> {
    const token = this.#accessToken();
    if (!token) throw new SupabaseError("CONFIG", MISSING_TOKEN_MESSAGE);

    const fullPath = this.#basePath + path + queryString(options.query);
    const shown = displayPath(fullPath);
    const headers: Record<string, string> = { accept: "application/json" };
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers["content-type"] = options.contentType ?? "application/octet-stream";
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, options.headers);

    let last: AttemptInfo | undefined;
    const onAttempt = (a: AttemptInfo) => {
      last = a;
      if (!this.#onResponse) return;
      const info: ResponseInfo = {
        method: a.method,
        path: shown,
        status: a.status,
        attempt: a.attempt,
        durationMs: a.durationMs,
      };
      if (a.errorCode !== undefined) info.errorCode = a.errorCode;
      this.#onResponse(info);
    };
    const dispatchOptions: SupabaseDispatchOptions = {
      origin: this.#origin,
      path: fullPath,
      method,
      headers,
      body,
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      // The token read above travels with the request; the auth interceptor sets the header.
      accessToken: () => token,
      onAttempt,
    };
    if (options.idempotent !== undefined) dispatchOptions.idempotent = options.idempotent;

    let status: number;
    let resHeaders: IncomingHttpHeaders;
    let raw: Buffer;
    try {
      const res = await this.#dispatcher.request(dispatchOptions);
      status = res.statusCode;
      resHeaders = res.headers;
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      if (SupabaseError.is(err)) throw err;
      throw noteRetries(new NetworkError({ method, path: shown, cause: err }), last);
    }
    if (status >= 400) throw noteRetries(toApiError(method, fullPath, status, resHeaders, raw.toString("utf8")), last);
    return { status, headers: resHeaders, body: raw, path: fullPath };
  }
}

function queryString(query: RequestOptions["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}
