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
 * retried here after a 5xx or a reset: we cannot know whether the server
 * acted (see `withUnknownOutcome` in the client for how writes settle that).
 * Two answers are safe to retry for any method, since the server did not act:
 * a 429 (refused by the rate limiter) and a connection that was never opened
 * (`ECONNREFUSED`).
 *
 * How long: a time budget per logical request (default 300 s, set by
 * `supabase:retryBudgetSeconds` or `SUPABASE_RETRY_BUDGET_SECONDS`), not a
 * fixed count. Attempts go on while the errors are transient and the next
 * wait still ends inside the budget; any other answer (a 4xx other than 408
 * and 429) ends the request at once.
 */
import type { Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";
import { systemClock, type Clock, type TimerHandle } from "../clock";
import { retryBudgetMs } from "../config";
import { ForwardingController } from "./controller";
import { serverWaitMs } from "./headers";
import type { AttemptInfo, SupabaseDispatchOptions } from "./types";

export interface RetryOptions {
  /**
   * How long one logical request may keep retrying, from its first attempt
   * (default: the configured retry budget, 300 s unless set). A wait that
   * would end past the budget is not started.
   */
  budgetMs?: number;
  /** Retries after the first attempt (default: no limit but the budget). */
  maxRetries?: number;
  /** First backoff step (default 500 ms). */
  minDelayMs?: number;
  /** Cap on any single wait, including a server's `Retry-After` (default 60 000 ms). */
  maxDelayMs?: number;
  /** Cap on a backoff step without a server hint (default 10 000 ms): a service back up is found soon. */
  maxBackoffMs?: number;
  /** Backoff growth per attempt (default 2). */
  factor?: number;
  statusCodes?: number[];
  errorCodes?: string[];
  /** Methods retried without an explicit `idempotent: true`. */
  methods?: string[];
  /** Source of randomness for jitter (tests may pin it). */
  random?: () => number;
  /** Time source for budgets and waits (default: the system's; tests pass a virtual one). */
  clock?: Clock;
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
/** Answers after which the server certainly did not act: safe to retry for any method. */
export const REFUSAL_STATUS_CODES = [429];
export const REFUSAL_ERROR_CODES = ["ECONNREFUSED"];

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
  readonly #budgetMs: number | undefined;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly #maxBackoffMs: number;
  readonly #factor: number;
  readonly #statusCodes: Set<number>;
  readonly #errorCodes: Set<string>;
  readonly #methods: Set<string>;
  readonly #random: () => number;
  readonly clock: Clock;

  constructor(options: RetryOptions = {}) {
    this.maxRetries = Math.max(0, options.maxRetries ?? Number.POSITIVE_INFINITY);
    this.#budgetMs = options.budgetMs;
    this.minDelayMs = Math.max(0, options.minDelayMs ?? 500);
    this.maxDelayMs = Math.max(this.minDelayMs, options.maxDelayMs ?? 60_000);
    this.#maxBackoffMs = Math.max(this.minDelayMs, options.maxBackoffMs ?? 10_000);
    this.#factor = options.factor ?? 2;
    this.#statusCodes = new Set(options.statusCodes ?? DEFAULT_RETRY_STATUS_CODES);
    this.#errorCodes = new Set(options.errorCodes ?? DEFAULT_RETRY_ERROR_CODES);
    this.#methods = new Set((options.methods ?? IDEMPOTENT_METHODS).map((m) => m.toUpperCase()));
    this.#random = options.random ?? Math.random;
    this.clock = options.clock ?? systemClock;
  }

  /** The budget of a request starting now: the policy's own, else the configured one. */
  budgetMs(): number {
    return this.#budgetMs ?? retryBudgetMs();
  }

  /** Whether a request may be sent more than once after any transient failure. */
  allows(opts: Dispatcher.DispatchOptions): boolean {
    return this.replayable(opts) && (opts.idempotent ?? this.#methods.has(opts.method.toUpperCase()));
  }

  /** Whether the request's body can be sent again (streams and form data cannot; our JSON bodies are strings). */
  replayable(opts: Dispatcher.DispatchOptions): boolean {
    const body = opts.body;
    return body == null || typeof body === "string" || body instanceof Uint8Array;
  }

  /**
   * Wait before the next attempt after `attempt` answered `status`, or
   * undefined to stop. `elapsedMs` is the time since the first attempt;
   * `idempotent` false limits retries to refusals (429).
   */
  delayAfterStatus(
    attempt: number,
    status: number,
    headers: IncomingHttpHeaders,
    elapsedMs = 0,
    idempotent = true,
    budgetMs = this.budgetMs(),
  ): number | undefined {
    const retryable = idempotent ? this.#statusCodes.has(status) : REFUSAL_STATUS_CODES.includes(status);
    if (!retryable || attempt > this.maxRetries) return undefined;
    return this.#within(this.delay(attempt, serverWaitMs(status, headers)), elapsedMs, budgetMs);
  }

  /** Wait before the next attempt after `attempt` failed without a response, or undefined to stop. */
  delayAfterError(
    attempt: number,
    err: unknown,
    elapsedMs = 0,
    idempotent = true,
    budgetMs = this.budgetMs(),
  ): number | undefined {
    const code = errorCode(err);
    if (code === undefined || attempt > this.maxRetries) return undefined;
    if (!(idempotent ? this.#errorCodes.has(code) : REFUSAL_ERROR_CODES.includes(code))) return undefined;
    return this.#within(this.delay(attempt, undefined), elapsedMs, budgetMs);
  }

  /** The wait, if it ends inside the budget. */
  #within(wait: number, elapsedMs: number, budgetMs: number): number | undefined {
    return elapsedMs + wait <= budgetMs ? wait : undefined;
  }

  /**
   * A server's hint (`Retry-After`, or `X-RateLimit-Reset` on an exhausted
   * window) is honoured up to the cap, plus up to 10 % so parallel waiters do
   * not all return in the same millisecond. Without a hint: exponential
   * backoff with "equal jitter" (half fixed, half random), capped.
   */
  delay(attempt: number, hintMs: number | undefined): number {
    if (hintMs !== undefined) return Math.min(this.maxDelayMs, hintMs + hintMs * 0.1 * this.#random());
    const cap = Math.min(this.maxDelayMs, this.#maxBackoffMs);
    const base = Math.min(cap, this.minDelayMs * this.#factor ** Math.min(attempt - 1, 60));
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
  /** Retries of refusals only (429, never connected): any replayable request. */
  readonly #replayable: boolean;
  readonly #budgetMs: number;
  readonly #clock: Clock;
  readonly #firstStart: number;
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
  #timer: TimerHandle | undefined;

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
    this.#replayable = policy.replayable(opts);
    this.#budgetMs = opts.retryBudgetMs ?? policy.budgetMs();
    this.#clock = policy.clock;
    this.#firstStart = this.#clock.now();
    this.#proxy.onAbortBetweenAttempts = (reason) => {
      if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
      this.#timer = undefined;
      this.#fail(reason);
    };
  }

  start(): void {
    this.#attempt += 1;
    this.#attemptStart = this.#clock.now();
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
      this.#replayable && !this.#proxy.abortedByDownstream
        ? this.#policy.delayAfterStatus(
            this.#attempt,
            statusCode,
            headers,
            this.#elapsed(),
            this.#retryable,
            this.#budgetMs,
          )
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
    const wait = this.#replayable
      ? this.#policy.delayAfterError(this.#attempt, err, this.#elapsed(), this.#retryable, this.#budgetMs)
      : undefined;
    if (!this.#responded) this.#report(0, errorCode(err) ?? err.name, wait !== undefined);
    if (wait === undefined) this.#fail(err);
    else this.#schedule(wait);
  }

  #elapsed(): number {
    return this.#clock.now() - this.#firstStart;
  }

  #schedule(ms: number): void {
    this.#proxy.target = null;
    this.#timer = this.#clock.setTimer(() => {
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
      durationMs: this.#clock.now() - this.#attemptStart,
      elapsedMs: this.#elapsed(),
      budgetMs: this.#budgetMs,
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
