/**
 * Retry interceptor for idempotent requests.
 *
 * Why not undici's `interceptors.retry` (RetryHandler, v7.30.2)? It honours
 * `Retry-After` and supports methods/statusCodes/errorCodes/maxRetries/
 * minTimeout/maxTimeout/timeoutFactor, but:
 *  - with `throwOnError: true` (its default) an exhausted retryable status
 *    reaches the caller as a `RequestRetryError` without the response body,
 *    so the API's `message` (and the HTML-429 check) is lost;
 *  - with `throwOnError: false` it keeps the response paused, unread, on its
 *    connection for the whole backoff (up to a minute after a 429), tying up a
 *    keep-alive socket that the server may close meanwhile, which it then
 *    counts as another failed attempt;
 *  - its backoff has no jitter (parallel resources retry in lockstep), it
 *    ignores `X-RateLimit-Reset`, and it has no per-attempt hook for the
 *    diagnostics counter.
 * So this one decides at the response head, drains a response it will retry
 * (freeing the socket), waits, and re-dispatches; the final response, retried
 * or not, reaches the caller intact with its body.
 *
 * What is retried: GET, HEAD, PUT, DELETE, OPTIONS, and any request whose
 * dispatch options say `idempotent: true` (undici's own flag for "safe to
 * retry"); `idempotent: false` opts a request out. A creating POST is never
 * retried here: after a reset we cannot know whether the server acted (see
 * `withUnknownOutcome` in the client for how writes settle that).
 */
import type { Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import { ForwardingController } from "./controller";
import { serverWaitMs } from "./headers";
import type { AttemptInfo, SupabaseDispatchOptions } from "./types";

export interface RetryOptions {
  /** Retries after the first attempt (default 5, so at most 6 attempts). */
  maxRetries?: number;
  /** First backoff step (default 500 ms). */
  minDelayMs?: number;
  /** Cap on any single wait, including a server's `Retry-After` (default 60 000 ms). */
  maxDelayMs?: number;
  /** Backoff growth per attempt (default 2). */
  factor?: number;
  statusCodes?: number[];
  errorCodes?: string[];
  /** Methods retried without an explicit `idempotent: true`. */
  methods?: string[];
  /** Source of randomness for jitter (tests may pin it). */
  random?: () => number;
}

export const DEFAULT_RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
export const DEFAULT_RETRY_ERROR_CODES = [
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET", // "other side closed", socket reset mid-response
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
];
export const IDEMPOTENT_METHODS = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"];

/** The `code` of an error or of its cause (undici wraps some system errors). */
export function errorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string") return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export class RetryPolicy {
  readonly maxRetries: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly #factor: number;
  readonly #statusCodes: Set<number>;
  readonly #errorCodes: Set<string>;
  readonly #methods: Set<string>;
  readonly #random: () => number;

  constructor(options: RetryOptions = {}) {
    this.maxRetries = Math.max(0, options.maxRetries ?? 5);
    this.minDelayMs = Math.max(0, options.minDelayMs ?? 500);
    this.maxDelayMs = Math.max(this.minDelayMs, options.maxDelayMs ?? 60_000);
    this.#factor = options.factor ?? 2;
    this.#statusCodes = new Set(options.statusCodes ?? DEFAULT_RETRY_STATUS_CODES);
    this.#errorCodes = new Set(options.errorCodes ?? DEFAULT_RETRY_ERROR_CODES);
    this.#methods = new Set((options.methods ?? IDEMPOTENT_METHODS).map((m) => m.toUpperCase()));
    this.#random = options.random ?? Math.random;
  }

  /** Whether a request may be sent more than once at all. */
  allows(opts: Dispatcher.DispatchOptions): boolean {
    const body = opts.body;
    // Streams and form data cannot be replayed; our JSON bodies are strings.
    const replayable = body == null || typeof body === "string" || body instanceof Uint8Array;
    return replayable && (opts.idempotent ?? this.#methods.has(opts.method.toUpperCase()));
  }

  /** Wait before the next attempt after `attempt` answered `status`, or undefined to stop. */
  delayAfterStatus(attempt: number, status: number, headers: IncomingHttpHeaders): number | undefined {
    if (!this.#statusCodes.has(status) || attempt > this.maxRetries) return undefined;
    return this.delay(attempt, serverWaitMs(status, headers));
  }

  /** Wait before the next attempt after `attempt` failed without a response, or undefined to stop. */
  delayAfterError(attempt: number, err: unknown): number | undefined {
    const code = errorCode(err);
    if (code === undefined || !this.#errorCodes.has(code) || attempt > this.maxRetries) return undefined;
    return this.delay(attempt, undefined);
  }

  /**
   * A server's hint (`Retry-After`, or `X-RateLimit-Reset` on an exhausted
   * window) is honoured up to the cap, plus up to 10 % so parallel waiters do
   * not all return in the same millisecond. Without a hint: exponential
   * backoff with "equal jitter" (half fixed, half random), capped.
   */
  delay(attempt: number, hintMs: number | undefined): number {
    if (hintMs !== undefined) return Math.min(this.maxDelayMs, hintMs + hintMs * 0.1 * this.#random());
    const base = Math.min(this.maxDelayMs, this.minDelayMs * this.#factor ** (attempt - 1));
    return base / 2 + (base / 2) * this.#random();
  }
}

/** One logical request across its attempts. */
class RetryingHandler implements Dispatcher.DispatchHandler {
  readonly #dispatch: Dispatcher.Dispatch;
  readonly #opts: SupabaseDispatchOptions;
  readonly #handler: Dispatcher.DispatchHandler;
  readonly #policy: RetryPolicy;
  readonly #retryable: boolean;
  readonly #proxy = new ForwardingController();
  #attempt = 0;
  #attemptStart = 0;
  /** This attempt's response head was seen (and reported). */
  #responded = false;
  /** Set when this attempt's response will be discarded and retried after this many ms. */
  #retryIn: number | undefined;
  /** The downstream handler has received a response head: no more retries possible. */
  #forwarded = false;
  #downstreamStarted = false;
  #done = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    dispatch: Dispatcher.Dispatch,
    opts: SupabaseDispatchOptions,
    handler: Dispatcher.DispatchHandler,
    policy: RetryPolicy,
  ) {
    this.#dispatch = dispatch;
    this.#opts = opts;
    this.#handler = handler;
    this.#policy = policy;
    this.#retryable = policy.allows(opts);
    this.#proxy.onAbortBetweenAttempts = (reason) => {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#fail(reason);
    };
  }

  start(): void {
    this.#attempt += 1;
    this.#attemptStart = performance.now();
    this.#responded = false;
    this.#retryIn = undefined;
    try {
      this.#dispatch(this.#opts, this);
    } catch (err) {
      this.onResponseError(null, err as Error);
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    if (this.#done) {
      controller.abort(this.#proxy.reason ?? new Error("Request aborted"));
      return;
    }
    this.#proxy.target = controller;
    if (!this.#downstreamStarted) {
      this.#downstreamStarted = true;
      this.#handler.onRequestStart?.(this.#proxy, context);
    }
  }

  onRequestUpgrade(
    _c: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    socket: import("node:stream").Duplex,
  ): void {
    this.#handler.onRequestUpgrade?.(this.#proxy, statusCode, headers, socket);
  }

  onResponseStart(
    _c: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.#responded = true;
    const wait =
      this.#retryable && !this.#proxy.abortedByDownstream
        ? this.#policy.delayAfterStatus(this.#attempt, statusCode, headers)
        : undefined;
    this.#report(statusCode, undefined, wait !== undefined);
    if (wait !== undefined) {
      // Let this body drain (it is dropped below) so the connection is free during the wait.
      this.#retryIn = wait;
      return;
    }
    this.#forwarded = true;
    this.#handler.onResponseStart?.(this.#proxy, statusCode, headers, statusMessage);
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#retryIn === undefined) this.#handler.onResponseData?.(this.#proxy, chunk);
  }

  onResponseEnd(_c: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    if (this.#retryIn !== undefined) {
      this.#schedule(this.#retryIn);
      return;
    }
    if (this.#done) return;
    this.#done = true;
    this.#handler.onResponseEnd?.(this.#proxy, trailers);
  }

  onResponseError(_c: Dispatcher.DispatchController | null, err: Error): void {
    if (this.#done) return;
    if (this.#proxy.abortedByDownstream || this.#forwarded) {
      this.#fail(err);
      return;
    }
    if (this.#retryIn !== undefined) {
      // The connection broke while we were discarding a response we retry anyway.
      this.#schedule(this.#retryIn);
      return;
    }
    const wait = this.#retryable ? this.#policy.delayAfterError(this.#attempt, err) : undefined;
    if (!this.#responded) this.#report(0, errorCode(err) ?? err.name, wait !== undefined);
    if (wait === undefined) this.#fail(err);
    else this.#schedule(wait);
  }

  #schedule(ms: number): void {
    this.#proxy.target = null;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.start();
    }, ms);
  }

  #fail(err: Error): void {
    if (this.#done) return;
    this.#done = true;
    this.#handler.onResponseError?.(this.#proxy, err);
  }

  #report(status: number, code: string | undefined, willRetry: boolean): void {
    const observer = this.#opts.onAttempt;
    if (!observer) return;
    const info: AttemptInfo = {
      method: this.#opts.method,
      path: this.#opts.path,
      attempt: this.#attempt,
      status,
      durationMs: performance.now() - this.#attemptStart,
      willRetry,
    };
    if (code !== undefined) info.errorCode = code;
    try {
      observer(info);
    } catch {
      // A diagnostics hook must not break the request.
    }
  }
}

export function createRetryInterceptor(
  policy: RetryPolicy | RetryOptions = {},
): Dispatcher.DispatcherComposeInterceptor {
  const p = policy instanceof RetryPolicy ? policy : new RetryPolicy(policy);
  return (dispatch) => (opts, handler) => {
    new RetryingHandler(dispatch, opts as SupabaseDispatchOptions, handler, p).start();
    return true;
  };
}
