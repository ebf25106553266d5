/** Fault injection, latency, the request log and reset, through the control plane. */
import { LOG_CAPACITY, RequestLog } from "../../../emulator/pipeline/faults";
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

/** Records the order in which calls settle. */
function settleOrder() {
  const order: string[] = [];
  const track = <T>(name: string, call: Promise<T>): Promise<T> =>
    call.finally(() => {
      order.push(name);
    });
  return { order, track };
}

/** Resolves once `check` holds, polling the control plane (which is never delayed). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setImmediate(r));
}

describe("faults", () => {
  test("status N times with headers, then retired; log entries name the fault", async () => {
    const fault = await emu.addFault({
      method: "GET",
      path: "/v1/organizations",
      status: 503,
      times: 2,
      headers: { "Retry-After": "1" },
    });
    expect(fault).toMatchObject({ id: expect.any(String), hits: 0, status: 503, times: 2 });
    expect(await emu.faults()).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await emu.api("GET", "/v1/organizations");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: "Service Unavailable" });
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect((await emu.api("GET", "/v1/organizations")).status).toBe(200);
    expect(await emu.faults()).toEqual([]);
    const log = await emu.requests();
    expect(log.map((r) => [r.status, r.fault])).toEqual([
      [503, fault.id],
      [503, fault.id],
      [200, undefined],
    ]);
  });

  test("method, template and regular-expression matching; custom bodies, including HTML", async () => {
    const org = (await emu.api("POST", "/v1/organizations", { name: "A" })).body.slug;
    const ref = (
      await emu.api("POST", "/v1/projects", { name: "p", organization_slug: org, region: "eu-west-1", db_pass: "pw12" })
    ).body.id;
    await emu.addFault({
      method: "PATCH",
      path: "/v1/projects/{ref}",
      status: 500,
      body: { message: "Failed to update project" },
    });
    await emu.addFault({ path: "re:/api-keys$", status: 429, body: "<html><body>Too many requests</body></html>" });
    expect((await emu.api("GET", `/v1/projects/${ref}`)).status).toBe(200);
    expect(await emu.api("PATCH", `/v1/projects/${ref}`, { name: "x" })).toMatchObject({
      status: 500,
      body: { message: "Failed to update project" },
    });
    const html = await emu.api("GET", `/v1/projects/${ref}/api-keys`);
    expect(html.status).toBe(429);
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.body).toBe("<html><body>Too many requests</body></html>");
    expect((await emu.api("GET", `/v1/projects/${ref}`)).body.name).toBe("p");
  });

  test("ratio applies the fault to a random fraction", async () => {
    await emu.addFault({ method: "GET", status: 503, ratio: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await emu.api("GET", "/v1/organizations")).status);
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(55);
    expect(statuses.every((s) => s === 503 || s === 200)).toBe(true);
    expect((await emu.faults())[0].hits).toBe(failed);
  });

  test("delay alone delays, then the handler answers", async () => {
    const fault = await emu.addFault({ method: "POST", path: "/v1/organizations", delayMs: 1500, times: 1 });
    const { order, track } = settleOrder();
    const slow = track("POST", emu.api("POST", "/v1/organizations", { name: "slow" }));
    // The POST has arrived and taken the fault (it is retired after one use): it is now held.
    await until(async () => (await emu.faults()).length === 0);
    // A request sent after it is answered first, and the held one has not run its handler yet.
    const meanwhile = await track("GET", emu.api("GET", "/v1/organizations"));
    expect(meanwhile.body).toEqual([]);
    expect(order).toEqual(["GET"]);
    // Then the handler runs and answers.
    expect((await slow).status).toBe(201);
    expect(order).toEqual(["GET", "POST"]);
    expect(((await emu.api("GET", "/v1/organizations")).body as Array<{ name: string }>).map((o) => o.name)).toEqual([
      "slow",
    ]);
    const log = await emu.requests();
    expect(log.map((r) => [r.method, r.status, r.fault])).toEqual([
      ["GET", 200, undefined],
      ["POST", 201, fault.id],
      ["GET", 200, undefined],
    ]);
  });

  test('reset "before": the socket closes and nothing happened', async () => {
    await emu.addFault({ method: "POST", path: "/v1/organizations", reset: "before", times: 1 });
    await expect(emu.api("POST", "/v1/organizations", { name: "lost" })).rejects.toThrow();
    expect((await emu.api("GET", "/v1/organizations")).body).toEqual([]);
    const [entry] = await emu.requests();
    expect(entry).toMatchObject({ method: "POST", path: "/v1/organizations", status: 0, fault: expect.any(String) });
  });

  test('reset "after": the client sees a socket error but the project exists', async () => {
    const org = (await emu.api("POST", "/v1/organizations", { name: "A" })).body.slug;
    await emu.clearRequests();
    await emu.addFault({ method: "POST", path: "/v1/projects", reset: "after", times: 1 });
    await expect(
      emu.api("POST", "/v1/projects", { name: "ghost", organization_slug: org, region: "eu-west-1", db_pass: "pw12" }),
    ).rejects.toThrow();
    const projects = (await emu.api("GET", "/v1/projects")).body as Array<{ name: string }>;
    expect(projects.map((p) => p.name)).toEqual(["ghost"]);
    const [entry] = await emu.requests();
    expect(entry).toMatchObject({ route: "POST /v1/projects", status: 0, scope: org, fault: expect.any(String) });
  });

  test("faults are removable one by one and validated", async () => {
    const a = await emu.addFault({ status: 500 });
    const b = await emu.addFault({ status: 502 });
    await emu.removeFault(a.id);
    expect((await emu.faults()).map((f) => f.id)).toEqual([b.id]);
    expect((await emu.control("DELETE", `/faults/${a.id}`)).status).toBe(404);
    expect((await emu.control("POST", "/faults", { path: "/v1/projects" })).status).toBe(400);
    expect((await emu.control("POST", "/faults", { status: 500, ratio: 2 })).status).toBe(400);
    await emu.clearFaults();
    expect(await emu.faults()).toEqual([]);
  });

  test("the control plane is never faulted, throttled or logged", async () => {
    await emu.addFault({ status: 500 });
    expect((await emu.control("GET", "/info")).status).toBe(200);
    expect(await emu.requests()).toEqual([]);
  });
});

describe("latency", () => {
  test("is added to management and GraphQL answers, not to the control plane", async () => {
    expect(await emu.setLatency(1500)).toEqual({ ms: 1500, jitterMs: 0 });
    const { order, track } = settleOrder();
    const management = track("management", emu.api("GET", "/v1/organizations"));
    const graphql = track("graphql", emu.api("GET", "/project/abcdefghijklmnopqrst/graphql/v1"));
    // Sent after both, the control plane's answer comes first: it is not delayed.
    const info = await track("control", emu.control("GET", "/latency"));
    expect(info.body).toEqual({ ms: 1500, jitterMs: 0 });
    expect(order).toEqual(["control"]);
    await Promise.all([management, graphql]);
    expect(order.slice(1).sort()).toEqual(["graphql", "management"]);

    expect(await emu.setLatency(0)).toEqual({ ms: 0, jitterMs: 0 });
  });
});

describe("request log", () => {
  test("records method, path, query, route, surface, status, duration and scope; filters by since and api", async () => {
    const org = (await emu.api("POST", "/v1/organizations", { name: "A" })).body.slug;
    await emu.api("GET", "/v1/organizations?x=1");
    await emu.api("GET", "/v1/unknown");
    await emu.api("POST", "/project/abcdefghijklmnopqrst/graphql/v1", { query: "{x}" });
    const log = await emu.requests();
    expect(log).toEqual([
      expect.objectContaining({
        seq: 1,
        method: "POST",
        path: "/v1/organizations",
        query: "",
        route: "POST /v1/organizations",
        api: "management",
        status: 201,
      }),
      expect.objectContaining({
        seq: 2,
        method: "GET",
        path: "/v1/organizations",
        query: "x=1",
        route: "GET /v1/organizations",
        status: 200,
      }),
      expect.objectContaining({ seq: 3, path: "/v1/unknown", route: null, status: 404 }),
      expect.objectContaining({
        seq: 4,
        path: "/project/abcdefghijklmnopqrst/graphql/v1",
        api: "graphql",
        status: 404,
      }),
    ]);
    for (const e of log) {
      expect(Number.isNaN(Date.parse(e.time))).toBe(false);
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(JSON.stringify(log)).not.toContain(emu.accessToken);
    expect(log[0].scope).toBeUndefined();
    expect((await emu.requests({ since: 2 })).map((e) => e.seq)).toEqual([3, 4]);
    expect((await emu.requests({ api: "graphql" })).map((e) => e.seq)).toEqual([4]);
    expect(org).toMatch(/^[a-z]{20}$/);

    await emu.clearRequests();
    expect(await emu.requests()).toEqual([]);
    await emu.api("GET", "/v1/organizations");
    // Clearing keeps the sequence going, so `since` cursors stay valid.
    expect((await emu.requests()).map((e) => e.seq)).toEqual([5]);
  });
});

describe("request log ring", () => {
  test("keeps the newest entries up to its capacity, oldest first, and `since` finds its place among them", () => {
    const log = new RequestLog(5);
    const entry = { time: "t", method: "GET", path: "/p", query: "", route: null, api: "management" as const };
    for (let i = 0; i < 12; i++) log.add({ ...entry, status: i, durationMs: 0 });
    expect(log.list().map((e) => e.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(log.list({ since: 10 }).map((e) => e.seq)).toEqual([11, 12]);
    expect(log.list({ since: 2 }).map((e) => e.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(log.list({ since: 12 })).toEqual([]);
    expect(log.list({ api: "graphql" })).toEqual([]);
    log.clear();
    log.add({ ...entry, status: 200, durationMs: 0 });
    expect(log.list().map((e) => e.seq)).toEqual([13]);
    expect(LOG_CAPACITY).toBe(10_000);
  });
});

describe("reset and clock", () => {
  test("reset wipes data, log, faults, latency and the clock offset, and restores settings", async () => {
    await emu.api("POST", "/v1/organizations", { name: "A" });
    await emu.addFault({ path: "/v1/nothing", status: 500 });
    await emu.setLatency(5);
    await emu.advanceTime(3_600_000);
    await emu.setSettings({ provisioningDelayMs: 99_000 });
    expect((await emu.control("GET", "/time")).body.offsetMs).toBe(3_600_000);

    await emu.reset();
    expect((await emu.api("GET", "/v1/organizations")).body).toEqual([]);
    expect(await emu.faults()).toEqual([]);
    expect((await emu.control("GET", "/latency")).body).toEqual({ ms: 0, jitterMs: 0 });
    expect((await emu.control("GET", "/settings")).body).toEqual({
      provisioningDelayMs: 0,
      deletionDelayMs: 100,
      hostnameAutoVerifyMs: 3000,
      restrictionsApplyDelayMs: 1000,
      restartDelayMs: 1000,
    });
    // The emulator runs in this process: with no offset, its time falls between our reads around the call.
    const before = Date.now();
    const time = (await emu.control("GET", "/time")).body;
    const after = Date.now();
    expect(time.offsetMs).toBe(0);
    expect(Date.parse(time.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(time.now)).toBeLessThanOrEqual(after);
    expect((await emu.requests()).map((e) => e.seq)).toEqual([1]);
  });

  test("time advances timestamps; info describes the emulator", async () => {
    await emu.advanceTime(86_400_000);
    const org = (await emu.api("POST", "/v1/organizations", { name: "A" })).body.slug;
    const before = Date.now();
    const p = (
      await emu.api("POST", "/v1/projects", { name: "p", organization_slug: org, region: "eu-west-1", db_pass: "pw12" })
    ).body;
    const after = Date.now();
    // Created one day ahead of this process's time, read around the call.
    expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(Date.parse(p.created_at)).toBeLessThanOrEqual(after + 86_400_000);
    expect((await emu.control("POST", "/time", { advanceMs: -1 })).status).toBe(400);
    // Past the latest date a timestamp can show: refused, and the clock keeps working.
    const tooFar = await emu.control("POST", "/time", { advanceMs: 1e300 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toContain("+275760-09-13");
    expect((await emu.control("GET", "/time")).status).toBe(200);
    expect((await emu.api("GET", "/v1/organizations")).status).toBe(200);
    const info = (await emu.control("GET", "/info")).body;
    expect(info).toEqual({
      apiUrl: emu.apiUrl,
      accessToken: emu.accessToken,
      projectUrlTemplate: `${emu.apiUrl}/project/{ref}`,
      controlUrl: `${emu.apiUrl}/_emulator`,
      database: "pglite",
    });
  });
});
