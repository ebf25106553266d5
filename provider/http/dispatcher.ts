/**
 * One keep-alive connection pool, composed with the interceptors.
 *
 * Order, outermost (sees a request first) to innermost:
 *   auth → dedupe → retry → ratelimit → Agent
 *  - auth first, so the dedupe key includes the credential (different tokens
 *    never share a response) and a missing token fails before anything else.
 *  - dedupe above retry, so callers that join an in-flight GET share its whole
 *    retry sequence and the server sees one logical request, not one per caller.
 *  - retry above ratelimit, so every attempt (first or retried) is paced and
 *    every response, including the 429s a retry swallows, feeds the buckets.
 *  - ratelimit right above the pool, so a held request does not occupy a
 *    connection or start undici's header timeout while it waits.
 * Error mapping (status → ApiError) is done by the client on the final
 * response, where the body and the caller's method/path are at hand.
 *
 * undici's `compose` applies interceptors innermost-first, hence the reversed
 * list in `createDispatcher`.
 */
import { Agent, type Dispatcher } from "undici";
import { createAuthInterceptor } from "./auth";
import { createDedupeInterceptor } from "./dedupe";
import { createRateLimitInterceptor, RateLimiter, type RateLimitOptions } from "./ratelimit";
import { createRetryInterceptor, RetryPolicy, type RetryOptions } from "./retry";
import { defaultUserAgent } from "./version";
import { stableJson } from "../stable-json";

export interface DispatcherOptions {
  /** Default token getter; a request's own `accessToken` option wins. Read per request. */
  accessToken?: () => string | undefined;
  /** Default `supabase-pulumi/<version>`. */
  userAgent?: string;
  retry?: RetryOptions;
  /** `false` turns pacing off. */
  rateLimit?: RateLimitOptions | false;
  /** `false` turns GET deduplication off. */
  dedupe?: boolean;
  /**
   * Connections per origin (default 8: the engine's usual parallelism; more
   * would only add TLS handshakes, fewer would serialize parallel resources).
   */
  connections?: number;
  /** Idle time before a pooled connection is closed (default 10 s; the server's keep-alive hint wins if shorter). */
  keepAliveTimeoutMs?: number;
  /** TCP + TLS connect timeout (default 10 s). */
  connectTimeoutMs?: number;
}

export function createDispatcher(options: DispatcherOptions = {}): Dispatcher.ComposedDispatcher {
  const agent = new Agent({
    connections: options.connections ?? 8,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    keepAliveMaxTimeout: Math.max(options.keepAliveTimeoutMs ?? 10_000, 60_000),
    connect: { timeout: options.connectTimeoutMs ?? 10_000 },
  });
  const outermostFirst: Dispatcher.DispatcherComposeInterceptor[] = [
    createAuthInterceptor({ accessToken: options.accessToken, userAgent: options.userAgent ?? defaultUserAgent() }),
  ];
  if (options.dedupe !== false) outermostFirst.push(createDedupeInterceptor());
  outermostFirst.push(createRetryInterceptor(new RetryPolicy(options.retry)));
  if (options.rateLimit !== false) outermostFirst.push(createRateLimitInterceptor(new RateLimiter(options.rateLimit)));
  return agent.compose(outermostFirst.reverse());
}

/** The options a shared dispatcher is keyed by: plain data only (no getters or key functions). */
export interface SharedDispatcherOptions {
  userAgent?: string;
  retry?: Omit<RetryOptions, "random" | "clock">;
  rateLimit?: Omit<RateLimitOptions, "bucketKey" | "clock"> | false;
  dedupe?: boolean;
  connections?: number;
  keepAliveTimeoutMs?: number;
  connectTimeoutMs?: number;
}

const shared = new Map<string, Dispatcher.ComposedDispatcher>();

/**
 * The process-wide dispatcher for these options: one connection pool, one set
 * of rate-limit buckets and one dedupe map per distinct configuration. The
 * provider runs in one long-lived process per `pulumi up`, so every resource
 * shares them. Tokens are not part of the key: they travel per request.
 */
export function getSharedDispatcher(options: SharedDispatcherOptions = {}): Dispatcher.ComposedDispatcher {
  const key = stableJson(options);
  let d = shared.get(key);
  if (!d) {
    d = createDispatcher(options);
    shared.set(key, d);
  }
  return d;
}

/** Closes every shared dispatcher (tests, or a host shutting down cleanly). */
export async function closeSharedDispatchers(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((d) => d.close()));
}
