/**
 * Property-based tests of every emulator route (fast-check): random and
 * adversarial requests, sent over real sockets, always get an answer, never a
 * 5xx, and every error answer is JSON `{"message": …}`; a request known to be
 * invalid (no valid token, an unknown or malformed project ref, malformed JSON
 * declared as JSON, no valid API key on the GraphQL endpoint) gets a 4xx.
 *
 * The routes come from the emulator's router table, so a new route is covered
 * without touching this file: its path parameters are drawn from the generators
 * below by name (a parameter with no generator fails the test that checks the
 * table), its query and JSON body from its zod schemas (shaped values, broken
 * by adversarial ones), plus random JSON, malformed text, random bytes, wrong
 * content types, huge and deeply nested documents, and missing or wrong
 * credentials. The GraphQL endpoint also gets real documents against a fixture
 * table, with random variables.
 *
 * Speed: one emulator, a keep-alive connection pool with CONCURRENCY requests
 * in flight, every case of a route generated at once (`fc.sample`) and run as
 * one batch. The rate limiter is off (a 429 would only hide the handlers) and
 * the contract checker is not attached (most of these exchanges are invalid on
 * purpose). Between routes, whatever a control-plane or deleting route changed
 * (faults, latency, limits, settings, an imposed status, the clock, the
 * fixtures) is put back.
 */
import * as fc from "fast-check";
import { Pool } from "undici";
import { buildRouter } from "../../../emulator/route-table";
import type { RouteDef } from "../../../emulator/pipeline/router";
import type { EmulatorSettings } from "../../../emulator/types";
import { readyProject, type ReadyProject } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";

const CASES_PER_ROUTE = 1000;
const CONCURRENCY = 24;
/** An answer slower than this counts as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;
const SEED = Number(process.env.ROUTE_PROPERTY_SEED ?? Date.now() % 2 ** 31);

const routes = buildRouter().list();
const templateOf = (r: RouteDef) => `${r.method} ${r.path}`;
const paramsOf = (r: RouteDef) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

interface Fixtures {
  project: ReadyProject;
  functionSlug: string;
  apiKeyId: string;
  faultId: string;
  /** The clock offset once the fixtures were made: a route that moved the clock asks for new ones. */
  clockOffsetMs: number;
}

let fx: Fixtures;
let initialSettings: EmulatorSettings;
let pool: Pool;
let origin: string;
const newPool = () =>
  new Pool(origin, { connections: CONCURRENCY, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });
const counts: Record<string, number> = {};
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
          .map(([route, n]) => `  ${route}: ${n}`)
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

// ---------------------------------------------------------------------------
// Generators

/** Strings that break parsers, validators, SQL, paths and terminals. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\n\r\t",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e999",
  "true",
  "[]",
  "{}",
  "'; drop table item; --",
  "\"' OR 1=1 --",
  "../../../etc/passwd",
  "%00",
  "%2F",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "\uD800",
  "\uFEFF",
  "é".normalize("NFD"),
  "😀".repeat(64),
  "\u202Eabc",
  "a".repeat(300),
  "x".repeat(5000),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme" }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324, 0.5),
);

/** Any JSON value, with the adversarial scalars mixed in. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) },
);

interface ZodDefLike {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDefLike } }>;
  element?: { _zod: { def: ZodDefLike } };
  innerType?: { _zod: { def: ZodDefLike } };
  in?: { _zod: { def: ZodDefLike } };
  options?: Array<{ _zod: { def: ZodDefLike } }>;
  valueType?: { _zod: { def: ZodDefLike } };
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/**
 * Values shaped like a zod schema's (objects with its keys, enums from its
 * members), each part replaced by an adversarial value now and then, or left
 * out. Refinements such as regexes are not followed: most values stay invalid
 * in some field, some are valid and reach the handler.
 */
function shaped(def: ZodDefLike | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!def || depth > 4) return nastyValue;
  const sub = (s: { _zod: { def: ZodDefLike } } | undefined) => shaped(s?._zod.def, depth + 1);
  let arb: fc.Arbitrary<unknown>;
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sub(v)]));
      const keys = Object.keys(shape);
      // A wide object (the auth configuration has hundreds of fields) gets a few of its fields at a time.
      const fields =
        keys.length <= MAX_FIELDS
          ? fc.record(shape, { requiredKeys: [] })
          : fc
              .subarray(keys, { maxLength: MAX_FIELDS })
              .chain((ks) => fc.record(Object.fromEntries(ks.map((k) => [k, shape[k]!]))));
      arb = fc
        .tuple(fields, fc.option(fc.dictionary(nastyString, nastyValue, { maxKeys: 2 }), { freq: 6 }))
        .map(([o, extra]) => ({ ...(extra ?? {}), ...o }));
      break;
    }
    case "array":
      arb = fc.array(sub(def.element), { maxLength: 6 });
      break;
    case "record":
      arb = fc.dictionary(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), nastyString), sub(def.valueType), {
        maxKeys: 5,
      });
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      arb = sub(def.innerType);
      break;
    case "pipe":
      arb = sub(def.in);
      break;
    case "union":
      arb = fc.oneof(...(def.options ?? []).map(sub));
      break;
    case "enum":
      arb = fc.constantFrom(...Object.values(def.entries ?? { a: "a" }));
      break;
    case "literal":
      arb = fc.constantFrom(...(def.values ?? [null]));
      break;
    case "string":
      arb = fc.oneof(fc.string({ minLength: 1, maxLength: 24 }), identifier("0123456789_", 15));
      break;
    case "number":
    case "int":
      arb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), nastyNumber);
      break;
    case "boolean":
      arb = fc.boolean();
      break;
    default:
      arb = nastyValue;
  }
  return fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: nastyValue });
}

/** Strings over one alphabet (cheaper to generate than `fc.stringMatching`, which dominated the suite's time). */
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const over = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const identifier = (tail: string, maxTail: number) =>
  fc.tuple(over(LOWER, 1, 1), over(LOWER + tail, 0, maxTail)).map(([a, b]) => a + b);

/** The most fields of one object a shaped value sets. */
const MAX_FIELDS = 8;

const defOf = (schema: unknown) => (schema as { _zod?: { def: ZodDefLike } } | undefined)?._zod?.def;

/** A path segment as sent: mostly a value from the pool, sometimes raw bytes no client should send. */
type Segment = { value: string; raw?: boolean; invalid?: string };

const oddSegment: fc.Arbitrary<Segment> = fc.oneof(
  nastyString.filter((s) => s.length > 0 && s.length < 2000).map((value) => ({ value })),
  fc.constantFrom("%", "%zz", "%E0%A4%A", "..", "%2e%2e", "a%2Fb", "%00", "~", "*", "@", "(", ":").map((value) => ({
    value,
    raw: true,
  })),
);

/**
 * Routes whose every valid call is costly (generating types introspects the
 * whole database, a password is hashed): there, fewer cases name the real project, so the suite
 * stays fast; the bad input is what it is about.
 */
const COSTLY = new Set([
  "GET /v1/projects/{ref}/types/typescript",
  // A password is hashed (scrypt) or checked against its hash on every valid call.
  "PATCH /v1/projects/{ref}/database/password",
  "POST /_emulator/projects/{ref}/db-password/verify",
]);

/** Generators of every path parameter by name. */
function paramArbitrary(name: string, route?: RouteDef): fc.Arbitrary<Segment> | undefined {
  switch (name) {
    case "ref":
      return fc.oneof(
        {
          weight: route && COSTLY.has(templateOf(route)) ? 1 : 14,
          arbitrary: fc.constant(0).map(() => ({ value: fx.project.ref })),
        },
        {
          weight: 3,
          arbitrary: over(LOWER, 20, 20).map((value) => ({ value, invalid: "an unknown project ref" })),
        },
        { weight: 3, arbitrary: oddSegment.map((s) => ({ ...s, invalid: "a malformed project ref" })) },
      );
    case "function_slug":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: fx.functionSlug })) },
        { weight: 1, arbitrary: identifier("0123456789-", 20).map((value) => ({ value })) },
        { weight: 1, arbitrary: oddSegment },
      );
    case "version":
      return fc.oneof(
        {
          weight: 3,
          arbitrary: over("0123456789", 12, 12)
            .map((d) => `20${d}`)
            .map((value) => ({ value })),
        },
        { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((v) => ({ value: String(v) })) },
        { weight: 1, arbitrary: oddSegment },
      );
    case "id":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: fx.apiKeyId })) },
        { weight: 1, arbitrary: fc.constant(0).map(() => ({ value: fx.faultId })) },
        { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
        { weight: 1, arbitrary: oddSegment },
      );
    default:
      return undefined;
  }
}

type Auth = "valid" | "missing" | "wrong" | "malformed";
const authArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Auth>("valid") },
  { weight: 1, arbitrary: fc.constantFrom<Auth>("missing", "wrong", "malformed") },
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "multipart/form-data; boundary=xyz",
  "application/typescript",
  "application/json; charset=latin1",
  "garbage/\u00e9",
];

interface Body {
  data?: string | Buffer;
  /** undefined: no content-type header. */
  contentType?: string;
  /** The body is malformed JSON declared as JSON. */
  malformedJson?: boolean;
}

function deepNesting(n: number): string {
  return "[".repeat(n) + "]".repeat(n);
}

function bodyArbitrary(route: RouteDef): fc.Arbitrary<Body> {
  const json = (v: unknown) => JSON.stringify(v) ?? "null";
  const jsonType = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    { weight: 3, arbitrary: fc.constantFrom<string | undefined>(undefined, ...CONTENT_TYPES) },
  );
  const withType = (data: fc.Arbitrary<string | Buffer>) =>
    fc.tuple(data, jsonType).map(([d, contentType]): Body => ({ data: d, contentType }));
  const schema = defOf(route.body);
  const graphql = route.surface === "graphql";
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    { weight: schema ? 10 : 3, arbitrary: withType(shaped(schema).map(json)) },
    ...(graphql ? [{ weight: 12, arbitrary: withType(graphqlBody.map(json)) }] : []),
    { weight: 3, arbitrary: withType(nastyValue.map(json)) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom("{", "[", '{"a":', "nul", "{'a': 1}", '{"a": NaN}', "\u0000", "[1,]", '"\\u12"'),
          fc.string({ minLength: 1 }).filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          }),
        )
        .map((data): Body => ({ data, contentType: "application/json", malformedJson: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 512 }), fc.constantFrom<string | undefined>(...CONTENT_TYPES))
        .map(([bytes, contentType]): Body => ({ data: Buffer.from(bytes), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          deepNesting(10_000),
          `{"query": ${JSON.stringify("{".repeat(5000))}}`,
          json({ query: "x".repeat(300_000), name: "x".repeat(300_000) }),
          `${'"'.repeat(2)}${" ".repeat(100_000)}`,
        )
        .map((data): Body => ({ data, contentType: "application/json" })),
    },
  );
}

/** Documents against the fixture table, with random variables, and random text. */
const GRAPHQL_DOCUMENTS = [
  "{ itemCollection { edges { node { id name n } } } }",
  "query($f: ItemFilter, $n: Int, $a: Cursor) { itemCollection(filter: $f, first: $n, after: $a) { totalCount edges { cursor node { id } } } }",
  "mutation($o: [ItemInsertInput!]!) { insertIntoItemCollection(objects: $o) { affectedCount records { id } } }",
  "mutation($s: ItemUpdateInput!, $f: ItemFilter) { updateItemCollection(set: $s, filter: $f, atMost: 5) { affectedCount } }",
  "mutation($f: ItemFilter) { deleteFromItemCollection(filter: $f, atMost: 1) { affectedCount } }",
  "query($id: Int!) { itemByPk(id: $id) { id name } }",
  "{ __schema { queryType { name } types { name kind } } }",
  '{ node(nodeId: "WyJwdWJsaWMiLCAiaXRlbSIsIDFd") { nodeId } }',
  "query { a: itemCollection { edges { node { id } } } b: itemCollection(orderBy: [{ id: DescNullsLast }]) { edges { node { n } } } }",
];

const graphqlBody = fc.record(
  {
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...GRAPHQL_DOCUMENTS) },
      { weight: 1, arbitrary: nastyString },
      { weight: 1, arbitrary: nastyValue },
    ),
    variables: fc.oneof(
      fc.record(
        {
          f: fc.oneof(
            fc.constant({ id: { eq: 1 } }),
            fc.record({ name: fc.record({ like: nastyString }) }),
            nastyValue,
          ),
          n: nastyValue,
          a: nastyValue,
          o: fc.oneof(fc.array(fc.record({ name: nastyString, n: nastyValue }), { maxLength: 3 }), nastyValue),
          s: fc.oneof(fc.record({ name: nastyString }, { requiredKeys: [] }), nastyValue),
          id: nastyValue,
        },
        { requiredKeys: [] },
      ),
      nastyValue,
    ),
    operationName: nastyValue,
  },
  { requiredKeys: ["query"] },
);

type ApiKeyChoice = "anon" | "service" | "missing" | "random";
const apiKeyArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<ApiKeyChoice>("anon", "service") },
  { weight: 1, arbitrary: fc.constantFrom<ApiKeyChoice>("missing", "random") },
);

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Why the answer must be a 4xx, when the request is known to be invalid. */
  invalid?: string;
}

function queryArbitrary(route: RouteDef): fc.Arbitrary<string> {
  const schema = defOf(route.query);
  const pairs = fc.oneof(
    { weight: schema ? 4 : 1, arbitrary: shaped(schema) },
    { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant("") },
    {
      weight: 3,
      arbitrary: pairs.map((v) => {
        const q = new URLSearchParams();
        if (v && typeof v === "object")
          for (const [k, x] of Object.entries(v)) q.append(k, typeof x === "string" ? x : (JSON.stringify(x) ?? ""));
        return q.toString();
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom("%", "a=%zz", "&&&", "=", "a=1&a=2&a=3", "reveal=true&reveal=false") },
  );
}

function caseArbitrary(route: RouteDef): fc.Arbitrary<Case> {
  const params = Object.fromEntries(paramsOf(route).map((p) => [p, paramArbitrary(p, route)!]));
  const surface = route.surface ?? "management";
  return fc
    .record({
      params: fc.record(params),
      query: queryArbitrary(route),
      body: bodyArbitrary(route),
      auth: authArb,
      apiKey: apiKeyArb,
      bearerJwt: fc.option(fc.constantFrom("anon", "junk", "a.b.c"), { freq: 3 }),
      accept: fc.option(fc.constantFrom("multipart/form-data", "text/html", "*/*"), { freq: 4 }),
    })
    .map(({ params, query, body, auth, apiKey, bearerJwt, accept }): Case => {
      const reasons: string[] = [];
      let path = route.path;
      for (const [name, seg] of Object.entries(params)) {
        // Through UTF-8 first: a lone surrogate cannot be percent-encoded, it becomes U+FFFD as on the wire.
        const encoded = encodeURIComponent(Buffer.from(seg.value, "utf8").toString("utf8"));
        const sent = seg.raw ? seg.value : encoded;
        path = path.replace(`{${name}}`, sent);
        // A dot segment (".", "..", "%2e%2e") is resolved away by URL parsing, as any client and server do: the
        // request names another route, which may well be valid. It must still get JSON and no 5xx.
        if (seg.invalid && !/^(\.|%2e){1,2}$/i.test(sent)) reasons.push(seg.invalid);
      }
      const headers: Record<string, string> = {};
      const token = suite.emu.accessToken;
      const authorization = {
        valid: `Bearer ${token}`,
        missing: undefined,
        wrong: `Bearer ${token}x`,
        malformed: `Basic ${token}`,
      }[auth];
      if (surface === "graphql") {
        const key = {
          anon: fx.project.anonKey,
          service: fx.project.serviceKey,
          missing: undefined,
          random: `${fx.project.anonKey.slice(0, -4)}abcd`,
        }[apiKey];
        if (key !== undefined) headers.apikey = key;
        else reasons.push("no API key");
        if (apiKey === "random") reasons.push("a wrong API key");
        if (bearerJwt === "anon") headers.authorization = `Bearer ${fx.project.anonKey}`;
        else if (bearerJwt) headers.authorization = `Bearer ${bearerJwt}`;
      } else if (authorization !== undefined) headers.authorization = authorization;
      if (surface === "management" && auth !== "valid") reasons.push("no valid token");
      if (accept) headers.accept = accept;
      if (body.contentType !== undefined) headers["content-type"] = body.contentType;
      if (body.malformedJson && route.body) reasons.push("malformed JSON");
      return {
        method: route.method,
        path: query ? `${path}?${query}` : path,
        headers,
        body: body.data,
        invalid: reasons.length ? reasons.join(", ") : undefined,
      };
    });
}

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
    }
  },
);
