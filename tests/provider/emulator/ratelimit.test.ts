/** The throttler: headers on every management answer, fixed windows, 429s, overrides, off switch. */
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator({ provisioningDelayMs: 0 });
});

afterAll(async () => {
  await emu?.close();
});

beforeEach(async () => {
  await emu.reset();
});

function limits(h: Record<string, string>) {
  return {
    limit: Number(h["x-ratelimit-limit"]),
    remaining: Number(h["x-ratelimit-remaining"]),
    reset: Number(h["x-ratelimit-reset"]),
  };
}

test("every management answer carries X-RateLimit-* with seconds left, not an epoch", async () => {
  const windowStart = Date.now();
  const first = await emu.api("GET", "/v1/organizations");
  expect(limits(first.headers)).toEqual({ limit: 120, remaining: 119, reset: 60 });
  expect(limits((await emu.api("GET", "/v1/organizations")).headers)).toMatchObject({ limit: 120, remaining: 118 });
  await emu.advanceTime(15_500);
  const third = limits((await emu.api("GET", "/v1/organizations")).headers);
  // 44.5 s of the window left, less the real time these requests took (the emulator's clock runs on).
  const realMs = Date.now() - windowStart;
  expect(third).toMatchObject({ limit: 120, remaining: 117 });
  expect(third.reset).toBeLessThanOrEqual(45);
  expect(third.reset).toBeGreaterThanOrEqual(Math.ceil((44_500 - realMs) / 1000));

  const answers = [
    await emu.api("GET", "/v1/nothing-here"),
    await emu.api("GET", "/v1/projects/abcdefghijklmnopqrst"),
    await emu.api("POST", "/v1/organizations", {}),
    await emu.api("POST", "/v1/organizations", { name: "Acme" }),
  ];
  expect(answers.map((a) => a.status)).toEqual([404, 404, 400, 201]);
  const unauth = await fetch(`${emu.apiUrl}/v1/projects`);
  expect(unauth.status).toBe(401);
  expect(unauth.headers.get("x-ratelimit-limit")).toBe("120");
  for (const a of answers) expect(limits(a.headers).limit).toBe(120);

  const control = await emu.control("GET", "/info");
  expect(control.headers["x-ratelimit-limit"]).toBeUndefined();
});

test("over the limit: 429 ThrottlerException with Retry-After, and the handler does not run", async () => {
  const settings = await emu.setRateLimits({ limit: 3 });
  expect(settings).toEqual({ enabled: true, limit: 3, windowMs: 60_000, overrides: {} });
  for (let i = 0; i < 3; i++) expect((await emu.api("POST", "/v1/organizations", { name: `o${i}` })).status).toBe(201);
  const refused = await emu.api("POST", "/v1/organizations", { name: "one too many" });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ message: "ThrottlerException: Too Many Requests" });
  expect(refused.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
  expect(limits(refused.headers)).toMatchObject({ limit: 3, remaining: 0 });
  // Another route has its own window; the refused create left nothing behind.
  const orgs = await emu.api("GET", "/v1/organizations");
  expect(orgs.status).toBe(200);
  expect(orgs.body.map((o: { name: string }) => o.name)).toEqual(["o0", "o1", "o2"]);

  await emu.advanceTime(60_000);
  expect((await emu.api("POST", "/v1/organizations", { name: "next window" })).status).toBe(201);
});

test("windows are per scope: each project ref, and POST /v1/projects per organization in the body", async () => {
  const a = (await emu.api("POST", "/v1/organizations", { name: "A" })).body.slug;
  const b = (await emu.api("POST", "/v1/organizations", { name: "B" })).body.slug;
  await emu.setRateLimits({ limit: 2 });
  const create = (org: string) =>
    emu.api("POST", "/v1/projects", { name: "p", organization_slug: org, region: "eu-west-1", db_pass: "pw12" });
  const pa = await create(a);
  await create(a);
  expect((await create(a)).status).toBe(429);
  const pb = await create(b);
  expect(pb.status).toBe(201);

  const refA = pa.body.id;
  const refB = pb.body.id;
  expect((await emu.api("GET", `/v1/projects/${refA}`)).status).toBe(200);
  expect((await emu.api("GET", `/v1/projects/${refA}`)).status).toBe(200);
  expect((await emu.api("GET", `/v1/projects/${refA}`)).status).toBe(429);
  expect((await emu.api("GET", `/v1/projects/${refB}`)).status).toBe(200);
  expect((await emu.api("GET", `/v1/projects/${refA}/api-keys`)).status).toBe(200);
  const log = await emu.requests();
  expect(log.filter((r) => r.route === "POST /v1/projects").map((r) => r.scope)).toEqual([a, a, a, b]);
});

test("per-route overrides and turning the throttler off", async () => {
  await emu.setRateLimits({ overrides: { "POST /v1/organizations": 1 } });
  const first = await emu.api("POST", "/v1/organizations", { name: "one" });
  expect(limits(first.headers)).toMatchObject({ limit: 1, remaining: 0 });
  expect((await emu.api("POST", "/v1/organizations", { name: "two" })).status).toBe(429);
  expect(limits((await emu.api("GET", "/v1/organizations")).headers).limit).toBe(120);

  const off = await emu.setRateLimits({ enabled: false, limit: 1, overrides: {} });
  expect(off).toEqual({ enabled: false, limit: 1, windowMs: 60_000, overrides: {} });
  // Off means no throttler: nothing refused, and no budget advertised that a pacing client would wait out.
  for (let i = 0; i < 4; i++) {
    const res = await emu.api("GET", "/v1/organizations");
    expect(res.status).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
    expect(res.headers["x-ratelimit-remaining"]).toBeUndefined();
    expect(res.headers["retry-after"]).toBeUndefined();
  }
  expect((await emu.control("GET", "/rate-limits")).body).toEqual(off);
  // On again: fresh windows, with the headers.
  await emu.setRateLimits({ enabled: true, limit: 120 });
  expect(limits((await emu.api("GET", "/v1/organizations")).headers)).toMatchObject({ limit: 120, remaining: 119 });
});

test("reset restores the start-up limits", async () => {
  await emu.setRateLimits({ limit: 1, windowMs: 1000 });
  await emu.reset();
  expect((await emu.control("GET", "/rate-limits")).body).toEqual({
    enabled: true,
    limit: 120,
    windowMs: 60_000,
    overrides: {},
  });
});
