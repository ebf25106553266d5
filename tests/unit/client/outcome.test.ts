/**
 * withUnknownOutcome: a creating POST whose connection broke after (or
 * before) the server acted is settled by a lookup, never by a blind retry.
 */
import type { Dispatcher } from "undici";
import { createDispatcher } from "../../../provider/http/dispatcher";
import {
  ManagementClient,
  isTransient,
  isUnknownOutcome,
  withUnknownOutcome,
  type Project,
} from "../../../provider/client";
import { ApiError, NetworkError, SupabaseError } from "../../../provider/errors";
import { FakeClock } from "../fake-clock";
import { json, reset, startServer, type TestServer } from "../http/test-server";

let server: TestServer;
let dispatcher: Dispatcher.ComposedDispatcher;
let client: ManagementClient;
let projects: Project[];

/** A fake API holding projects; `plan` says, per POST, whether to create and whether to drop the connection. */
async function setup(plan: Array<{ create: boolean; dropConnection: boolean }>) {
  projects = [];
  let posts = 0;
  server = await startServer((req, res) => {
    if (req.method === "GET") return json(res, 200, projects);
    const step = plan[posts++] ?? { create: true, dropConnection: false };
    const body = JSON.parse(req.body) as {
      name: string;
      organization_slug: string;
      region_selection: { code: string };
    };
    const p: Project = {
      id: `ref${String(projects.length).padStart(17, "a")}`,
      organization_id: body.organization_slug,
      name: body.name,
      region: body.region_selection.code,
      created_at: new Date().toISOString(),
    };
    if (step.create) projects.push(p);
    if (step.dropConnection) return reset(res);
    return json(res, 201, p);
  });
  dispatcher = createDispatcher({ retry: { minDelayMs: 5 } });
  client = new ManagementClient({ apiUrl: server.url, accessToken: () => "sbp_test", dispatcher });
}

afterEach(async () => {
  // Each test builds its own pair; drop them so a test without setup cannot reuse closed ones.
  const [d, s] = [dispatcher, server];
  dispatcher = undefined as unknown as typeof dispatcher;
  server = undefined as unknown as typeof server;
  await d?.close();
  await s?.close();
});

const create = () =>
  client.createProject({
    name: "app",
    db_pass: "pw-123456",
    organization_slug: "acme",
    region_selection: { type: "specific", code: "us-east-1" },
  });
const lookup = () => client.findProject({ organizationId: "acme", name: "app" });
/** A short budget and quick rounds, so the give-up path is reached in well under a second. */
const quick = { budgetMs: 400, minDelayMs: 5, maxDelayMs: 20 };
const posts = () => server.seen.filter((r) => r.method === "POST").length;

describe("withUnknownOutcome", () => {
  it("adopts the object when the connection dropped after the server created it", async () => {
    await setup([{ create: true, dropConnection: true }]);
    const p = await withUnknownOutcome(create, lookup);
    expect(p.name).toBe("app");
    expect(projects).toHaveLength(1);
    expect(posts()).toBe(1);
  });

  it("sends the write once more when the lookup finds nothing", async () => {
    await setup([{ create: false, dropConnection: true }]);
    const p = await withUnknownOutcome(create, lookup);
    expect(p.name).toBe("app");
    expect(projects).toHaveLength(1);
    expect(posts()).toBe(2);
  });

  it("keeps settling and resending while the failures are transient, looking up before every resend", async () => {
    await setup([
      { create: false, dropConnection: true },
      { create: false, dropConnection: true },
      { create: false, dropConnection: true },
      { create: true, dropConnection: false },
    ]);
    const p = await withUnknownOutcome(create, lookup, quick);
    expect(p.name).toBe("app");
    expect(projects).toHaveLength(1);
    expect(posts()).toBe(4);
    // Every resend came after a lookup that found nothing.
    expect(server.seen.map((r) => r.method)).toEqual(["POST", "GET", "POST", "GET", "POST", "GET", "POST"]);
  });

  it("adopts a write that landed in a later round, never duplicating it", async () => {
    await setup([
      { create: false, dropConnection: true },
      { create: true, dropConnection: true },
    ]);
    const p = await withUnknownOutcome(create, lookup, quick);
    expect(p.name).toBe("app");
    expect(projects).toHaveLength(1);
    expect(posts()).toBe(2);
  });

  it("gives up with the last transient error once the budget is spent", async () => {
    await setup(Array.from({ length: 1000 }, () => ({ create: false, dropConnection: true })));
    const clock = new FakeClock({ auto: true });
    const err = await withUnknownOutcome(create, lookup, { ...quick, random: () => 1, clock }).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "NETWORK")).toBe(true);
    // Backoff 5, 10, then 20 ms (the cap) while the next wait still ends inside the 400 ms budget:
    // 5 + 10 + 19 × 20 = 395, and one more would end at 415.
    const waits = [5, 10, ...Array<number>(19).fill(20)];
    expect(clock.requested).toEqual(waits);
    // One write per round, each after the first preceded by a lookup, and a last look before giving up.
    expect(posts()).toBe(waits.length + 1);
    expect(server.seen.filter((r) => r.method === "GET")).toHaveLength(waits.length + 1);
    expect(projects).toHaveLength(0);
  });

  it("waits out a 429 and sends the write again without a lookup", async () => {
    let calls = 0;
    const lookupSpy = jest.fn(async () => undefined);
    const r = await withUnknownOutcome(
      async () => {
        if (++calls === 1)
          throw new ApiError({ status: 429, method: "POST", path: "/", apiMessage: "slow down", retryAfterSeconds: 0 });
        return "done";
      },
      lookupSpy,
      quick,
    );
    expect(r).toBe("done");
    expect(calls).toBe(2);
    expect(lookupSpy).not.toHaveBeenCalled();
  });

  it("rethrows a definite 4xx without looking up", async () => {
    const lookupSpy = jest.fn(async () => undefined);
    const err = await withUnknownOutcome(async () => {
      throw new ApiError({
        status: 400,
        method: "POST",
        path: "/v1/projects",
        apiMessage: "Need to use one of available regions",
      });
    }, lookupSpy).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "API")).toBe(true);
    expect(lookupSpy).not.toHaveBeenCalled();
  });

  it("reports UNKNOWN_OUTCOME when the lookup fails too", async () => {
    const err = await withUnknownOutcome(
      async () => {
        throw new ApiError({ status: 502, method: "POST", path: "/v1/organizations", apiMessage: "Bad Gateway" });
      },
      async () => {
        throw new NetworkError({ method: "GET", path: "/v1/organizations", cause: new Error("socket hang up") });
      },
      quick,
    ).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "UNKNOWN_OUTCOME")).toBe(true);
    expect((err as Error).message).toMatch(/502/);
  });

  it("classifies outcomes", () => {
    const api = (status: number) => new ApiError({ status, method: "POST", path: "/", apiMessage: "" });
    expect([500, 502, 503, 504, 408].every((s) => isUnknownOutcome(api(s)))).toBe(true);
    expect([400, 401, 403, 404, 409, 429].some((s) => isUnknownOutcome(api(s)))).toBe(false);
    expect(isUnknownOutcome(new NetworkError({ method: "POST", path: "/", cause: new Error("reset") }))).toBe(true);
    expect(isUnknownOutcome(new Error("plain"))).toBe(false);
    expect([500, 503, 408, 429].every((s) => isTransient(api(s)))).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some((s) => isTransient(api(s)))).toBe(false);
  });
});
