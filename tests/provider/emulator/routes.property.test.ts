/**
 * Property-based tests of every emulator route (fast-check): random and
 * adversarial requests, sent over real sockets, always get an answer, never a
 * 5xx, and every error answer is JSON `{"message": …}`; a request known to be
 * invalid (no valid token, an unknown or malformed project ref, malformed JSON
 * declared as JSON, no valid API key on the GraphQL endpoint) gets a 4xx.
 *
 * The routes come from the emulator's router table, so a new route is covered
 * without touching this file: its path parameters are drawn from the
 * generators of route-cases.ts by name (a parameter with no generator fails the
 * test that checks the table), its query and JSON body from its zod schemas
 * (shaped values, broken by adversarial ones), plus random JSON, malformed
 * text, random bytes, wrong content types, huge and deeply nested documents,
 * and missing or wrong credentials. The GraphQL endpoint also gets real
 * documents against a fixture table, with random variables.
 *
 * Speed: one emulator, a keep-alive connection pool with CONCURRENCY requests
 * in flight, every case of a route generated at once (`fc.sample`) and run as
 * one batch. The rate limiter is off (a 429 would only hide the handlers) and
 * the contract checker is not attached (most of these exchanges are invalid on
 * purpose). The teardown's log gives each route's count and seconds, costliest
 * first. Between routes, whatever a control-plane or deleting route changed
 * (faults, latency, limits, settings, an imposed status, the clock, the
 * fixtures) is put back.
 */
import * as fc from "fast-check";
import { Pool } from "undici";
import { buildRouter } from "../../../emulator/route-table";
import type { EmulatorSettings } from "../../../emulator/types";
import { readyProject } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";
import { COSTLY, paramsOf, routeCaseGenerators, templateOf, type Case, type Fixtures } from "./route-cases";

const CASES_PER_ROUTE = 1000;
const CONCURRENCY = 24;
/** An answer slower than this counts as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;
const SEED = Number(process.env.ROUTE_PROPERTY_SEED ?? Date.now() % 2 ** 31);

const routes = buildRouter().list();

let fx: Fixtures;
let initialSettings: EmulatorSettings;
let pool: Pool;
let origin: string;
const newPool = () =>
  new Pool(origin, { connections: CONCURRENCY, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });
const counts: Record<string, number> = {};
/** Seconds each route's cases took (the restore after them included), for finding the costly ones. */
const seconds: Record<string, number> = {};
const started = Date.now();
const cpuAtStart = process.cpuUsage();
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage(cpuAtStart);
  return (user + system) / 1e6;
};

const suite = useEmulator({
  // The contract checker would flag the invalid exchanges this suite sends on purpose.
  emulator: { onExchange: undefined, provisioningDelayMs: 0, deletionDelayMs: 0 },
  setup: async (emu) => {
    initialSettings = (await emu.control("GET", "/settings")).body as EmulatorSettings;
    origin = new URL(emu.apiUrl).origin;
    pool = newPool();
    await makeFixtures();
    console.log(`route property seed: ${SEED} (set ROUTE_PROPERTY_SEED to replay)`);
  },
  teardown: async () => {
    await pool?.close();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `route property cases (${Object.keys(counts).length} routes, ${total} in all, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s, ${cpuSeconds().toFixed(1)} s of CPU in this process):\n` +
        Object.entries(counts)
          .sort(([a], [b]) => (seconds[b] ?? 0) - (seconds[a] ?? 0))
          .map(([route, n]) => `  ${route}: ${n} (${(seconds[route] ?? 0).toFixed(2)} s)`)
          .join("\n"),
    );
  },
});

async function makeFixtures(): Promise<void> {
  const emu = suite.emu;
  await emu.reset();
  await emu.setRateLimits({ enabled: false });
  const project = await readyProject(emu, "fuzz");
  const table = await emu.api("POST", `/v1/projects/${project.ref}/database/query`, {
    query: "create table item (id serial primary key, name text not null, n int)",
  });
  if (table.status >= 300) throw new Error(`creating the fixture table answered ${table.status}`);
  const fn = await emu.api("POST", `/v1/projects/${project.ref}/functions?slug=hello&name=hello`, {
    body: "Deno.serve(() => new Response('hi'))",
  });
  if (fn.status !== 201) throw new Error(`creating the fixture function answered ${fn.status}`);
  const keys = await emu.api("GET", `/v1/projects/${project.ref}/api-keys`);
  const apiKeyId = (keys.body as Array<{ id?: string | null }>).find((k) => k.id)?.id;
  const fault = await emu.addFault({ method: "GET", path: "/v1/never-matches", status: 503 });
  const clock = (await emu.control("GET", "/time")).body as { offsetMs: number };
  fx = {
    project,
    functionSlug: fn.body.slug as string,
    apiKeyId: apiKeyId ?? "00000000-0000-0000-0000-000000000000",
    faultId: fault.id,
    clockOffsetMs: clock.offsetMs,
  };
}

/** Puts back what the cases of one route may have changed. */
async function restore(): Promise<void> {
  const emu = suite.emu;
  // Faults and latency first: the checks below go through the management API.
  await emu.clearFaults();
  await emu.setLatency(0);
  await emu.setRateLimits({ enabled: false, limit: 120, windowMs: 60_000, overrides: {} });
  await emu.setSettings(initialSettings);
  await emu.clearRequests();
  await emu.control("PUT", `/projects/${fx.project.ref}/status`, { status: null });
  const clock = (await emu.control("GET", "/time")).body as { offsetMs?: number };
  const project = await emu.api("GET", `/v1/projects/${fx.project.ref}`);
  if (clock.offsetMs !== fx.clockOffsetMs || project.status !== 200 || project.body?.status !== "ACTIVE_HEALTHY") {
    await makeFixtures();
    return;
  }
  fx.faultId = (await emu.addFault({ method: "GET", path: "/v1/never-matches", status: 503 })).id;
}

const { paramArbitrary, caseArbitrary } = routeCaseGenerators({
  get fixtures() {
    return fx;
  },
  get accessToken() {
    return suite.emu.accessToken;
  },
});

// ---------------------------------------------------------------------------
// Runner

interface Failure {
  kase: Case;
  problem: string;
}

async function send(kase: Case): Promise<Failure | undefined> {
  let status: number;
  let text: string;
  let contentType: string;
  try {
    const res = await pool.request({
      method: kase.method as "GET",
      path: kase.path,
      headers: kase.headers,
      body: kase.body,
    });
    status = res.statusCode;
    contentType = String(res.headers["content-type"] ?? "");
    text = await res.body.text();
  } catch (err) {
    return { kase, problem: `no answer: ${(err as Error).message}` };
  }
  if (status >= 500) return { kase, problem: `answered ${status}: ${text.slice(0, 300)}` };
  if (kase.invalid && (status < 400 || status >= 500))
    return { kase, problem: `answered ${status} to an invalid request (${kase.invalid})` };
  // 2xx answers may be empty (as the service's are) or raw by design (a function's body); errors never.
  const raw = status < 300 && (text === "" || !/json/i.test(contentType));
  if (raw && status >= 300) return { kase, problem: `answered ${status} without a body` };
  if (!raw) {
    if (!/^application\/json/i.test(contentType))
      return { kase, problem: `answered ${status} with content-type ${contentType}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { kase, problem: `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}` };
    }
    if (status >= 400 && typeof (parsed as { message?: unknown } | null)?.message !== "string")
      return { kase, problem: `answered ${status} without a message: ${text.slice(0, 200)}` };
  }
  return undefined;
}

async function runAll(cases: Case[], concurrency: number): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const failure = await send(cases[next++]!);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

function describeCase({ kase, problem }: Failure): string {
  const body =
    kase.body === undefined
      ? ""
      : ` body ${Buffer.isBuffer(kase.body) ? `<${kase.body.length} bytes>` : kase.body.slice(0, 200)}`;
  return `${kase.method} ${kase.path.slice(0, 200)} ${JSON.stringify(kase.headers).slice(0, 300)}${body}\n    → ${problem}`;
}

// Routes whose valid cases remove the fixtures or move the clock run last, so the others see them.
const DISRUPTIVE = new Set(["POST /_emulator/reset", "POST /_emulator/time", "DELETE /v1/projects/{ref}"]);
const ordered = [
  ...routes.filter((r) => !DISRUPTIVE.has(templateOf(r))),
  ...routes.filter((r) => DISRUPTIVE.has(templateOf(r))),
];

test("every path parameter of every route has a generator", () => {
  const missing = routes.flatMap((r) =>
    paramsOf(r)
      .filter((p) => paramArbitrary(p) === undefined)
      .map((p) => `${templateOf(r)}: {${p}}`),
  );
  expect(missing).toEqual([]);
});

test.each(ordered.map((r) => [templateOf(r), r] as const))(
  "%s answers every generated request with JSON and no 5xx",
  async (template, route) => {
    const missing = paramsOf(route).filter((p) => paramArbitrary(p) === undefined);
    if (missing.length > 0) throw new Error(`${template}: no generator for path parameter(s) ${missing.join(", ")}`);
    // Fresh connections for each route: a socket left idle while the cases were generated could be
    // closed by the server's keep-alive timer just as it is reused.
    await pool.close();
    pool = newPool();
    const routeStarted = Date.now();
    const cases = fc.sample(caseArbitrary(route), { numRuns: CASES_PER_ROUTE, seed: SEED });
    try {
      // The costly calls of a route queue on one database: fewer in flight keeps each answer prompt.
      const failures = await runAll(cases, COSTLY.has(template) ? 4 : CONCURRENCY);
      counts[template] = cases.length;
      expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_ROUTE);
      if (failures.length > 0)
        throw new Error(
          `${template}: ${failures.length} of ${cases.length} cases failed (seed ${SEED}), for example:\n  ` +
            failures.slice(0, 5).map(describeCase).join("\n  "),
        );
    } finally {
      await restore();
      seconds[template] = (Date.now() - routeStarted) / 1000;
    }
  },
);
