/**
 * The composed dispatcher over real loopback sockets: auth, retry, pacing and
 * GET deduplication, observed from a scripted server.
 */
import type { Dispatcher } from "undici";
import { createDispatcher } from "../../../provider/http/dispatcher";
import { errorCode, type RetryOptions } from "../../../provider/http/retry";
import type { AttemptInfo, SupabaseDispatchOptions } from "../../../provider/http/types";
import { SupabaseError } from "../../../provider/errors";
import { FakeClock } from "../fake-clock";
import { json, reset, sleep, startServer, text, type Handler, type TestServer } from "./test-server";

const TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";

let server: TestServer;
let dispatcher: Dispatcher.ComposedDispatcher;

async function setup(handler: Handler, options: Parameters<typeof createDispatcher>[0] = {}) {
  server = await startServer(handler);
  dispatcher = createDispatcher({ retry: { minDelayMs: 5, maxDelayMs: 2000 }, ...options });
}

/** `setup` with retry waits and rate-limit holds on a virtual clock. */
async function setupOnClock(handler: Handler, clock: FakeClock, retry: RetryOptions = {}) {
  await setup(handler, { retry: { minDelayMs: 5, maxDelayMs: 2000, ...retry, clock }, rateLimit: { clock } });
}

afterEach(async () => {
  // Each test builds its own pair; drop them so a test without setup cannot reuse closed ones.
  const [d, s] = [dispatcher, server];
  dispatcher = undefined as unknown as typeof dispatcher;
  server = undefined as unknown as typeof server;
  await d?.close();
  await s?.close();
});

type SendOptions = Partial<SupabaseDispatchOptions> & {
  method: Dispatcher.HttpMethod;
  path: string;
  signal?: AbortSignal;
};

async function send(opts: SendOptions) {
  const full: SupabaseDispatchOptions & { signal?: AbortSignal } = {
    origin: server.origin,
    accessToken: () => TOKEN,
    ...opts,
  };
  const res = await dispatcher.request(full);
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

describe("auth", () => {
  it("sends the bearer token and User-Agent, reading the token on every request", async () => {
    await setup((_req, res) => json(res, 200, {}));
    let current = "sbp_first";
    const getter = () => current;
    await send({ method: "GET", path: "/a", accessToken: getter });
    current = "sbp_second";
    await send({ method: "GET", path: "/b", accessToken: getter });
    expect(server.seen.map((r) => r.headers.authorization)).toEqual(["Bearer sbp_first", "Bearer sbp_second"]);
    expect(server.seen[0]!.headers["user-agent"]).toMatch(/^supabase-pulumi\/\d/);
  });

  it("falls back to the dispatcher's default getter, and fails without traffic when there is no token", async () => {
    let token: string | undefined = "sbp_default";
    await setup((_req, res) => json(res, 200, {}), { accessToken: () => token });
    await dispatcher.request({ origin: server.origin, method: "GET", path: "/x" }).then((r) => r.body.dump());
    expect(server.seen[0]!.headers.authorization).toBe("Bearer sbp_default");
    token = undefined;
    const err = await dispatcher.request({ origin: server.origin, method: "GET", path: "/y" }).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "CONFIG")).toBe(true);
    expect(String((err as Error).message)).toMatch(/SUPABASE_ACCESS_TOKEN/);
    expect(server.seen).toHaveLength(1);
  });
});

describe("retry", () => {
  it("retries a GET on 503 and returns the eventual success", async () => {
    await setup((req, res) => (req.n < 3 ? json(res, 503, { message: "busy" }) : json(res, 200, { ok: true })));
    const r = await send({ method: "GET", path: "/v1/projects" });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true });
    expect(server.seen).toHaveLength(3);
  });

  it("retries a GET after a connection reset", async () => {
    await setup((req, res) => (req.n === 1 ? reset(res) : json(res, 200, { ok: 1 })));
    const r = await send({ method: "GET", path: "/v1/organizations" });
    expect(r.status).toBe(200);
    expect(server.seen).toHaveLength(2);
  });

  it("honours Retry-After on 429 (waits one second before the retry)", async () => {
    const clock = new FakeClock();
    await setupOnClock(
      (req, res) =>
        req.n === 1
          ? json(res, 429, { message: "ThrottlerException: Too Many Requests" }, { "retry-after": "1" })
          : json(res, 200, []),
      clock,
      { random: () => 0 },
    );
    const pending = send({ method: "GET", path: "/v1/projects" });
    await clock.untilTimer();
    // The server's hint, not the 5 ms backoff, sets the wait; nothing goes out before it ends.
    expect(clock.pending()).toEqual([1000]);
    clock.advance(999);
    expect(clock.pending()).toEqual([1]);
    expect(server.seen).toHaveLength(1);
    clock.advance(1);
    const r = await pending;
    expect(r.status).toBe(200);
    expect(server.seen).toHaveLength(2);
  });

  it("bounds attempts and hands the last response, body intact, to the caller", async () => {
    await setup((_req, res) => json(res, 503, { message: "still down" }), { retry: { maxRetries: 2, minDelayMs: 5 } });
    const attempts: AttemptInfo[] = [];
    const r = await send({ method: "GET", path: "/v1/projects", onAttempt: (a) => attempts.push(a) });
    expect(r.status).toBe(503);
    expect(JSON.parse(r.body)).toEqual({ message: "still down" });
    expect(server.seen).toHaveLength(3);
    expect(attempts.map((a) => [a.attempt, a.status, a.willRetry])).toEqual([
      [1, 503, true],
      [2, 503, true],
      [3, 503, false],
    ]);
  });

  it("keeps retrying transient failures for the whole time budget, not a fixed count", async () => {
    // Mixed transient failures (503, reset, 502, 429) for 12 attempts, then success.
    await setup(
      (req, res) => {
        if (req.n > 12) return json(res, 200, { ok: true });
        const kind = req.n % 4;
        if (kind === 0) return reset(res);
        if (kind === 1) return json(res, 503, {});
        if (kind === 2) return json(res, 502, {});
        return json(res, 429, {}, { "retry-after": "0" });
      },
      { retry: { minDelayMs: 2, maxBackoffMs: 20, budgetMs: 10_000 } },
    );
    const attempts: AttemptInfo[] = [];
    const r = await send({ method: "GET", path: "/v1/projects", onAttempt: (a) => attempts.push(a) });
    expect(r.status).toBe(200);
    expect(server.seen).toHaveLength(13);
    expect(attempts.every((a) => a.budgetMs === 10_000)).toBe(true);
  });

  it("stops when the next wait would end past the budget, and reads the budget per request", async () => {
    const clock = new FakeClock({ auto: true });
    await setupOnClock((_req, res) => json(res, 503, { message: "down" }), clock, {
      minDelayMs: 40,
      maxBackoffMs: 40,
      random: () => 1,
    });
    const attempts: AttemptInfo[] = [];
    const r = await send({
      method: "GET",
      path: "/v1/projects",
      retryBudgetMs: 300,
      onAttempt: (a) => attempts.push(a),
    });
    expect(r.status).toBe(503);
    const last = attempts.at(-1)!;
    expect(last.willRetry).toBe(false);
    expect(last.budgetMs).toBe(300);
    // 40 ms waits inside a 300 ms budget: attempts at 0, 40, …, 280; one more wait would end at 320.
    expect(attempts.map((a) => a.elapsedMs)).toEqual([0, 40, 80, 120, 160, 200, 240, 280]);
    expect(clock.requested).toEqual(Array(7).fill(40));
    expect(server.seen).toHaveLength(8);
  });

  it("stops at once on a definite 4xx, however much budget is left", async () => {
    for (const status of [400, 401, 403, 409, 422]) {
      await setup((_req, res) => json(res, status, { message: "no" }), { retry: { minDelayMs: 2, budgetMs: 60_000 } });
      expect((await send({ method: "GET", path: "/x" })).status).toBe(status);
      expect(server.seen).toHaveLength(1);
      await dispatcher.close();
      await server.close();
    }
    await setup((req, res) => (req.n === 1 ? json(res, 408, {}) : json(res, 200, {})), {
      retry: { minDelayMs: 2, budgetMs: 60_000 },
    });
    expect((await send({ method: "GET", path: "/x" })).status).toBe(200);
    expect(server.seen).toHaveLength(2);
  });

  it("retries a POST after a 429 (refused, nothing ran), but not after a 503", async () => {
    await setup(
      (req, res) => (req.n === 1 ? json(res, 429, {}, { "retry-after": "0" }) : json(res, req.n === 2 ? 503 : 201, {})),
      { retry: { minDelayMs: 2, budgetMs: 60_000 } },
    );
    expect((await send({ method: "POST", path: "/v1/organizations", body: "{}" })).status).toBe(503);
    expect(server.seen.map((r) => r.method)).toEqual(["POST", "POST"]);
  });

  it("uses the configured budget when the policy sets none", async () => {
    process.env.SUPABASE_RETRY_BUDGET_SECONDS = "0.2";
    try {
      await setup((_req, res) => json(res, 503, {}), { retry: { minDelayMs: 30, maxBackoffMs: 30 } });
      const attempts: AttemptInfo[] = [];
      await send({ method: "GET", path: "/x", onAttempt: (a) => attempts.push(a) });
      expect(attempts.at(-1)!.budgetMs).toBe(200);
      expect(attempts.at(-1)!.willRetry).toBe(false);
    } finally {
      delete process.env.SUPABASE_RETRY_BUDGET_SECONDS;
    }
  });

  it("does not retry non-retryable statuses", async () => {
    await setup((_req, res) => json(res, 404, { message: "Project not found" }));
    const r = await send({ method: "GET", path: "/v1/projects/abc" });
    expect(r.status).toBe(404);
    expect(server.seen).toHaveLength(1);
  });

  it("never retries a POST on 503 or on a reset", async () => {
    await setup((req, res) => (req.path === "/reset" ? reset(res) : json(res, 503, { message: "busy" })));
    const r = await send({ method: "POST", path: "/v1/projects", body: "{}" });
    expect(r.status).toBe(503);
    const err = await send({ method: "POST", path: "/reset", body: "{}" }).catch((e: unknown) => e);
    expect(errorCode(err)).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
    expect(server.seen.map((s) => s.path)).toEqual(["/v1/projects", "/reset"]);
  });

  it("never retries a PATCH, but retries any request marked idempotent", async () => {
    await setup((req, res) => (req.n === 1 || req.n === 2 ? json(res, 503, {}) : json(res, 201, { id: 1 })));
    expect((await send({ method: "PATCH", path: "/p", body: "{}" })).status).toBe(503);
    const r = await send({ method: "POST", path: "/q", body: '{"query":"select 1"}', idempotent: true });
    expect(r.status).toBe(201);
    expect(server.seen.map((s) => `${s.method} ${s.path} ${s.body}`)).toEqual([
      "PATCH /p {}",
      'POST /q {"query":"select 1"}',
      'POST /q {"query":"select 1"}',
    ]);
  });

  it("retries PUT and DELETE, replaying the body", async () => {
    await setup((req, res) => (req.n % 2 === 1 ? reset(res) : json(res, 200, { ok: req.method })));
    expect(JSON.parse((await send({ method: "PUT", path: "/k", body: '{"v":1}' })).body)).toEqual({ ok: "PUT" });
    expect(JSON.parse((await send({ method: "DELETE", path: "/k" })).body)).toEqual({ ok: "DELETE" });
    expect(server.seen.map((s) => `${s.method} ${s.body}`)).toEqual([
      'PUT {"v":1}',
      'PUT {"v":1}',
      "DELETE ",
      "DELETE ",
    ]);
  });

  it("stops waiting between attempts when the caller aborts", async () => {
    const clock = new FakeClock();
    await setupOnClock((_req, res) => json(res, 503, {}), clock, {
      maxRetries: 5,
      minDelayMs: 5000,
      maxDelayMs: 5000,
    });
    const abort = new AbortController();
    const failed = send({ method: "GET", path: "/slow", signal: abort.signal }).catch((e: unknown) => e);
    await clock.untilTimer();
    expect(clock.pending()).toHaveLength(1); // the wait before the second attempt
    abort.abort();
    const err = await failed;
    expect((err as Error).name).toMatch(/Abort/);
    // The wait was cancelled, not left to run out: no timer is left and no second attempt went out.
    expect(clock.pending()).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });
});

describe("rate limiter", () => {
  it("holds requests to a bucket whose Remaining hit 0 until the reset, leaving other buckets alone", async () => {
    const clock = new FakeClock();
    await setupOnClock(
      (req, res) =>
        json(
          res,
          200,
          {},
          req.n === 1 ? { "x-ratelimit-limit": "120", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1" } : {},
        ),
      clock,
    );
    await send({ method: "GET", path: "/v1/projects/aaa" });
    // Another bucket goes out at once: no hold asked for.
    await send({ method: "GET", path: "/v1/projects/bbb" });
    expect(clock.requested).toEqual([]);
    const held = send({ method: "GET", path: "/v1/projects/aaa" });
    await clock.untilTimer();
    expect(clock.pending()).toEqual([1000]); // until the window resets
    clock.advance(999);
    expect(server.seen).toHaveLength(2);
    clock.advance(1);
    await held;
    expect(server.seen.map((r) => r.path)).toEqual(["/v1/projects/aaa", "/v1/projects/bbb", "/v1/projects/aaa"]);
  });

  it("blocks a bucket after a 429 even for requests that are not retried", async () => {
    const clock = new FakeClock();
    await setupOnClock(
      (req, res) =>
        req.n === 1
          ? text(res, 429, "<html><title>Too Many Requests</title></html>", {
              "content-type": "text/html",
              "retry-after": "1",
            })
          : json(res, 201, {}),
      clock,
      { maxRetries: 0 },
    );
    expect((await send({ method: "POST", path: "/v1/organizations", body: "{}" })).status).toBe(429);
    expect(clock.requested).toEqual([]); // not retried
    const second = send({ method: "POST", path: "/v1/organizations", body: "{}" });
    await clock.untilTimer();
    expect(clock.pending()).toEqual([1000]); // held for the Retry-After
    clock.advance(999);
    expect(server.seen).toHaveLength(1);
    clock.advance(1);
    expect((await second).status).toBe(201);
    expect(server.seen).toHaveLength(2);
  });
});

describe("GET deduplication", () => {
  it("lets concurrent identical GETs share one request", async () => {
    await setup(async (req, res) => {
      await sleep(100);
      json(res, 200, { n: req.n });
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => send({ method: "GET", path: "/v1/projects" })));
    expect(results.map((r) => JSON.parse(r.body))).toEqual(Array(5).fill({ n: 1 }));
    expect(server.seen).toHaveLength(1);
  });

  it("keeps different paths, different tokens and writes apart", async () => {
    await setup(async (_req, res) => {
      await sleep(50);
      json(res, 200, {});
    });
    await Promise.all([
      send({ method: "GET", path: "/a" }),
      send({ method: "GET", path: "/b" }),
      send({ method: "GET", path: "/a", accessToken: () => "sbp_other" }),
      send({ method: "PUT", path: "/a", body: "{}" }),
      send({ method: "PUT", path: "/a", body: "{}" }),
    ]);
    expect(server.seen).toHaveLength(5);
  });
});
