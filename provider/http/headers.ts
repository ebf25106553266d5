/**
 * Small, dependency-free readers for the response headers the HTTP layer acts
 * on. Interceptors see headers as a lower-cased record whose values may be
 * arrays (repeated headers), so every reader goes through `headerValue`.
 */
import type { IncomingHttpHeaders } from "node:http";

export type HeaderRecord = IncomingHttpHeaders | Record<string, string | string[] | undefined>;

/** The first value of a header, looked up case-insensitively. */
export function headerValue(headers: HeaderRecord | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  let value = headers[wanted];
  if (value === undefined) {
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === wanted) {
        value = headers[key];
        break;
      }
    }
  }
  if (Array.isArray(value)) return value[0];
  return value === undefined ? undefined : String(value);
}

function nonNegativeNumber(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const n = Number(text.trim());
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * `Retry-After` in milliseconds from now. The header is either delta-seconds
 * or an HTTP date (https://www.rfc-editor.org/rfc/rfc9110#field.retry-after); a date
 * in the past means "now" (0).
 */
export function retryAfterMs(headers: HeaderRecord | undefined, now = Date.now()): number | undefined {
  const raw = headerValue(headers, "retry-after");
  if (raw === undefined) return undefined;
  const seconds = nonNegativeNumber(raw);
  if (seconds !== undefined) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Milliseconds until the window resets. The API sends SECONDS LEFT, not an epoch time. */
  resetMs?: number;
}

/** Reads `X-RateLimit-Limit/Remaining/Reset`; every field is optional because some responses lack them. */
export function rateLimitInfo(headers: HeaderRecord | undefined): RateLimitInfo {
  const reset = nonNegativeNumber(headerValue(headers, "x-ratelimit-reset"));
  return {
    limit: nonNegativeNumber(headerValue(headers, "x-ratelimit-limit")),
    remaining: nonNegativeNumber(headerValue(headers, "x-ratelimit-remaining")),
    resetMs: reset === undefined ? undefined : reset * 1000,
  };
}

/**
 * How long the server asks us to wait before the next call, if it says so:
 * `Retry-After` first, then `X-RateLimit-Reset` when the window is exhausted
 * (a 429, or `Remaining: 0`).
 */
export function serverWaitMs(status: number | undefined, headers: HeaderRecord | undefined): number | undefined {
  const after = retryAfterMs(headers);
  if (after !== undefined) return after;
  const rl = rateLimitInfo(headers);
  if (rl.resetMs !== undefined && (status === 429 || rl.remaining === 0)) return rl.resetMs;
  return undefined;
}
