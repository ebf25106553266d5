import { defaultBucketKey, RateLimiter } from "../../../provider/http/ratelimit";
import { RetryPolicy, errorCode } from "../../../provider/http/retry";
import { rateLimitInfo, retryAfterMs, serverWaitMs } from "../../../provider/http/headers";
import { defaultUserAgent } from "../../../provider/http/version";

describe("header readers", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs({ "retry-after": "2" })).toBe(2000);
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(retryAfterMs({ "retry-after": "Tue, 01 Jan 2030 00:00:05 GMT" }, now)).toBe(5000);
    expect(retryAfterMs({ "retry-after": "Tue, 01 Jan 2019 00:00:05 GMT" }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after": "soon" })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
  });

  it("treats X-RateLimit-Reset as seconds left, and tolerates missing headers", () => {
    expect(
      rateLimitInfo({ "x-ratelimit-limit": "120", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "42" }),
    ).toEqual({
      limit: 120,
      remaining: 0,
      resetMs: 42_000,
    });
    expect(rateLimitInfo({})).toEqual({ limit: undefined, remaining: undefined, resetMs: undefined });
  });

  it("uses X-RateLimit-Reset as a wait only when the window is spent", () => {
    expect(serverWaitMs(429, { "x-ratelimit-reset": "7" })).toBe(7000);
    expect(serverWaitMs(200, { "x-ratelimit-reset": "7", "x-ratelimit-remaining": "0" })).toBe(7000);
    expect(serverWaitMs(503, { "x-ratelimit-reset": "7", "x-ratelimit-remaining": "30" })).toBeUndefined();
    expect(serverWaitMs(429, { "retry-after": "3", "x-ratelimit-reset": "7" })).toBe(3000);
  });

  it("builds the User-Agent from the package version", () => {
    expect(defaultUserAgent()).toMatch(/^supabase-pulumi\/\d+\.\d+\.\d+/);
  });
});

describe("RetryPolicy", () => {
  it("retries only idempotent methods unless a request says otherwise", () => {
    const p = new RetryPolicy();
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"] as const)
      expect(p.allows({ method, path: "/" })).toBe(true);
    expect(p.allows({ method: "POST", path: "/" })).toBe(false);
    expect(p.allows({ method: "PATCH", path: "/" })).toBe(false);
    expect(p.allows({ method: "POST", path: "/", idempotent: true })).toBe(true);
    expect(p.allows({ method: "GET", path: "/", idempotent: false })).toBe(false);
  });

  it("stops after maxRetries and on non-retryable statuses and errors", () => {
    const p = new RetryPolicy({ maxRetries: 2, minDelayMs: 100 });
    expect(p.delayAfterStatus(1, 503, {})).toBeDefined();
    expect(p.delayAfterStatus(2, 408, {})).toBeDefined();
    expect(p.delayAfterStatus(3, 503, {})).toBeUndefined();
    expect(p.delayAfterStatus(1, 400, {})).toBeUndefined();
    expect(p.delayAfterStatus(1, 404, {})).toBeUndefined();
    expect(p.delayAfterError(1, Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBeDefined();
    expect(
      p.delayAfterError(1, new Error("x", { cause: Object.assign(new Error("y"), { code: "ECONNREFUSED" }) })),
    ).toBeDefined();
    expect(p.delayAfterError(1, Object.assign(new Error("x"), { code: "UND_ERR_ABORTED" }))).toBeUndefined();
    expect(errorCode(new Error("plain"))).toBeUndefined();
  });

  it("backs off exponentially with jitter, capped", () => {
    const low = new RetryPolicy({ minDelayMs: 100, maxDelayMs: 1000, random: () => 0 });
    const high = new RetryPolicy({ minDelayMs: 100, maxDelayMs: 1000, random: () => 1 });
    expect([1, 2, 3, 4, 5].map((a) => low.delay(a, undefined))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((a) => high.delay(a, undefined))).toEqual([100, 200, 400, 800, 1000]);
  });

  it("honours a server hint up to the cap, never shorter", () => {
    const p = new RetryPolicy({ minDelayMs: 10, maxDelayMs: 5000, random: () => 1 });
    expect(p.delayAfterStatus(1, 429, { "retry-after": "1" })).toBe(1100);
    expect(p.delayAfterStatus(1, 429, { "x-ratelimit-reset": "2" })).toBe(2200);
    expect(p.delayAfterStatus(1, 429, { "retry-after": "60" })).toBe(5000);
    expect(new RetryPolicy({ random: () => 0 }).delayAfterStatus(1, 503, { "retry-after": "1" })).toBe(1000);
  });
});

describe("RateLimiter bookkeeping", () => {
  it("keys buckets by method and path, keeping the project ref and collapsing function slugs", () => {
    const o = "https://api.example";
    expect(defaultBucketKey(o, "get", "/v1/projects/abc/api-keys?reveal=true")).toBe(
      `${o} GET /v1/projects/abc/api-keys`,
    );
    expect(defaultBucketKey(o, "GET", "/v1/projects/abc/functions/one")).toBe(
      defaultBucketKey(o, "GET", "/v1/projects/abc/functions/two"),
    );
    expect(defaultBucketKey(o, "GET", "/v1/projects/abc")).not.toBe(defaultBucketKey(o, "GET", "/v1/projects/xyz"));
  });

  it("holds an exhausted bucket until its reset, counting requests sent meanwhile", () => {
    const rl = new RateLimiter();
    const t = 1_000_000;
    rl.observe("k", 200, { "x-ratelimit-remaining": "1", "x-ratelimit-reset": "10" }, t);
    expect(rl.waitMs("k", t)).toBe(0);
    rl.reserve("k");
    expect(rl.waitMs("k", t)).toBe(10_000);
    expect(rl.waitMs("k", t + 10_000)).toBe(0);
    expect(rl.waitMs("other", t)).toBe(0);
  });

  it("blocks after a 429 for Retry-After, else Reset, else a default", () => {
    const rl = new RateLimiter({ defaultBlockMs: 300 });
    const t = 5_000_000;
    rl.observe("a", 429, { "retry-after": "2" }, t);
    rl.observe("b", 429, { "x-ratelimit-reset": "4" }, t);
    rl.observe("c", 429, {}, t);
    expect([rl.waitMs("a", t), rl.waitMs("b", t), rl.waitMs("c", t)]).toEqual([2000, 4000, 300]);
  });
});
