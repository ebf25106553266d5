/**
 * The service's throttler: a fixed window per (identity, scope, METHOD +
 * route template), 120 requests per 60 s by default, with per-route limits.
 * Windows run on the emulator clock.
 */
import type { RateLimitSettings } from "../types";
import type { Clock } from "../store/clock";

export const DEFAULT_RATE_LIMITS: RateLimitSettings = Object.freeze({
  enabled: true,
  limit: 120,
  windowMs: 60_000,
  overrides: Object.freeze({}) as Record<string, number>,
});

/**
 * The service's own per-route limits, below the configurable `overrides`
 * (which win) and above the general `limit`: custom-hostname initialize,
 * reverify and DELETE allow 10 per minute (the recorded answers carry
 * `x-ratelimit-limit: 10`).
 */
export const SERVICE_ROUTE_LIMITS: Readonly<Record<string, number>> = Object.freeze({
  "POST /v1/projects/{ref}/custom-hostname/initialize": 10,
  "POST /v1/projects/{ref}/custom-hostname/reverify": 10,
  "DELETE /v1/projects/{ref}/custom-hostname": 10,
});

export function mergeRateLimits(base: RateLimitSettings, partial: Partial<RateLimitSettings> = {}): RateLimitSettings {
  return {
    enabled: partial.enabled ?? base.enabled,
    limit: partial.limit ?? base.limit,
    windowMs: partial.windowMs ?? base.windowMs,
    overrides: { ...(partial.overrides ?? base.overrides) },
  };
}

export interface RateLimitDecision {
  allowed: boolean;
  /** X-RateLimit-* (and Retry-After when refused), to send on the response. */
  headers: Record<string, string>;
}

interface Window {
  startMs: number;
  count: number;
}

const PRUNE_THRESHOLD = 10_000;

export class RateLimiter {
  private windows = new Map<string, Window>();
  private current: RateLimitSettings;

  constructor(
    private readonly clock: Clock,
    settings: RateLimitSettings,
  ) {
    this.current = mergeRateLimits(settings);
  }

  get settings(): RateLimitSettings {
    return mergeRateLimits(this.current);
  }

  /** Applies new settings; counters restart so the new limits take effect from a clean window. */
  configure(partial: Partial<RateLimitSettings>): RateLimitSettings {
    this.current = mergeRateLimits(this.current, partial);
    this.windows.clear();
    return this.settings;
  }

  limitFor(route: string): number {
    return this.current.overrides[route] ?? SERVICE_ROUTE_LIMITS[route] ?? this.current.limit;
  }

  /**
   * Counts one request and says whether it may proceed. Turned off, there is
   * no throttler: every request proceeds and no `X-RateLimit-*` header is
   * sent, since a budget that is not enforced must not hold back clients that
   * pace themselves by those headers (as the provider does).
   */
  hit(identity: string, scope: string, route: string): RateLimitDecision {
    if (!this.current.enabled) return { allowed: true, headers: {} };
    const now = this.clock.now();
    const limit = this.limitFor(route);
    const windowMs = this.current.windowMs;
    const key = `${identity}\u0000${scope}\u0000${route}`;
    let w = this.windows.get(key);
    if (!w || now >= w.startMs + windowMs) {
      if (this.windows.size >= PRUNE_THRESHOLD) this.prune(now);
      w = { startMs: now, count: 0 };
      this.windows.set(key, w);
    }
    const resetSeconds = String(Math.max(1, Math.ceil((w.startMs + windowMs - now) / 1000)));
    const allowed = w.count < limit;
    if (allowed) w.count++;
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(Math.max(0, limit - w.count)),
      "X-RateLimit-Reset": resetSeconds,
    };
    if (!allowed) headers["Retry-After"] = resetSeconds;
    return { allowed, headers };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.startMs + this.current.windowMs) this.windows.delete(key);
  }
}
