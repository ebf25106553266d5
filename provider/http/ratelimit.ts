/**
 * Client-side pacer fed by the API's `X-RateLimit-*` headers.
 *
 * The service allows about 120 requests per minute per identity, scope
 * (project ref or organization) and endpoint, and answers 429 for the rest of
 * the window once a budget is spent. Rather than burning requests on 429s, the
 * pacer remembers, per bucket, how many calls are left and when the window
 * resets, and holds further requests to an exhausted bucket until then. A 429
 * blocks its bucket for `Retry-After` (else `X-RateLimit-Reset`, else a short
 * default). Responses without the headers are fine: the bucket then stays
 * unpaced. `X-RateLimit-Reset` is SECONDS LEFT in the window, not an epoch time.
 *
 * It sits below the retry interceptor, so every attempt (including retries) is
 * paced and feeds the buckets.
 */
import type { Dispatcher } from "undici";
import { systemClock, type Clock } from "../clock";
import { DetachedController } from "./controller";
import { rateLimitInfo, serverWaitMs, type HeaderRecord } from "./headers";
import { ObservingHandler } from "./observe";

export type BucketKeyFn = (origin: string, method: string, path: string) => string;

export interface RateLimitOptions {
  /** Maps a request to its budget. Default: `defaultBucketKey`. */
  bucketKey?: BucketKeyFn;
  /** Longest a request is held in one go, whatever the headers say (default 60 000 ms). */
  maxWaitMs?: number;
  /** Block after a 429 that carries no `Retry-After` or `X-RateLimit-Reset` (default 1 000 ms). */
  defaultBlockMs?: number;
  /** Time source for windows and holds (default: the system's; tests pass a virtual one). */
  clock?: Clock;
}

/**
 * Default bucket: origin, method and path without the query. The project ref
 * or organization slug stays in the key because the service counts per scope;
 * ids below the scope (function slugs) collapse to the route template because
 * the service counts per endpoint.
 */
export const defaultBucketKey: BucketKeyFn = (origin, method, path) => {
  const bare = (path.split("?")[0] ?? "/").replace(/\/+$/, "") || "/";
  const route = bare.replace(/(\/projects\/[^/]+\/functions)\/[^/]+/, "$1/{function_slug}");
  return `${origin} ${method.toUpperCase()} ${route}`;
};

interface Bucket {
  /** Calls left in the current window, as last reported (minus calls sent since). */
  remaining?: number;
  /** When the current window ends (on the limiter's clock). */
  resetAt?: number;
  /** Set by a 429: nothing goes out before this (on the limiter's clock). */
  blockedUntil?: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #keyFn: BucketKeyFn;
  readonly maxWaitMs: number;
  readonly #defaultBlockMs: number;
  readonly clock: Clock;

  constructor(options: RateLimitOptions = {}) {
    this.#keyFn = options.bucketKey ?? defaultBucketKey;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.#defaultBlockMs = options.defaultBlockMs ?? 1_000;
    this.clock = options.clock ?? systemClock;
  }

  keyFor(origin: string, method: string, path: string): string {
    return this.#keyFn(origin, method, path);
  }

  /** Milliseconds a request to this bucket should wait before going out (0 = now). */
  waitMs(key: string, now = this.clock.now()): number {
    const b = this.#buckets.get(key);
    if (!b) return 0;
    if (b.resetAt !== undefined && b.resetAt <= now) {
      // The window is over: the budget is unknown again until the next response.
      b.remaining = undefined;
      b.resetAt = undefined;
    }
    let until = 0;
    if (b.blockedUntil !== undefined && b.blockedUntil > now) until = b.blockedUntil;
    if (b.remaining !== undefined && b.remaining <= 0 && b.resetAt !== undefined) until = Math.max(until, b.resetAt);
    return Math.max(0, until - now);
  }

  /** Counts a request as sent, so a burst does not overshoot the last known budget. */
  reserve(key: string): void {
    const b = this.#buckets.get(key);
    if (b?.remaining !== undefined) b.remaining -= 1;
  }

  /** Feeds a response head into the bucket. */
  observe(key: string, status: number, headers: HeaderRecord, now = this.clock.now()): void {
    const info = rateLimitInfo(headers);
    let b = this.#buckets.get(key);
    if (info.remaining === undefined && status !== 429 && !b) return; // nothing to remember
    if (!b) {
      this.#prune(now);
      b = {};
      this.#buckets.set(key, b);
    }
    if (info.remaining !== undefined) {
      b.remaining = info.remaining;
      b.resetAt = info.resetMs !== undefined ? now + info.resetMs : undefined;
    }
    if (status === 429) {
      const wait = serverWaitMs(429, headers) ?? this.#defaultBlockMs;
      b.blockedUntil = Math.max(b.blockedUntil ?? 0, now + wait);
    }
  }

  /** Keeps the map bounded: paths carry ids, so buckets accumulate over a long run. */
  #prune(now: number): void {
    if (this.#buckets.size < 1_000) return;
    for (const [key, b] of this.#buckets) {
      if ((b.blockedUntil ?? 0) <= now && (b.resetAt ?? 0) <= now) this.#buckets.delete(key);
    }
  }
}

export function createRateLimitInterceptor(limiter: RateLimiter): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const key = limiter.keyFor(String(opts.origin ?? ""), opts.method, opts.path);
    const observed = new ObservingHandler(handler, (status, headers) => limiter.observe(key, status, headers));
    const send = () => {
      limiter.reserve(key);
      return dispatch(opts, observed);
    };
    const clock = limiter.clock;
    const deadline = clock.now() + limiter.maxWaitMs;
    const firstWait = limiter.waitMs(key);
    if (firstWait <= 0) return send();

    // Re-check after each sleep: another response may have moved the reset or a 429 may have extended the block.
    const later = (ms: number) =>
      clock.setTimer(() => {
        const wait = Math.min(limiter.waitMs(key), deadline - clock.now());
        if (wait > 0) {
          later(wait);
          return;
        }
        try {
          send();
        } catch (err) {
          handler.onResponseError?.(new DetachedController(), err as Error);
        }
      }, ms);
    later(Math.min(firstWait, limiter.maxWaitMs));
    return true;
  };
}
