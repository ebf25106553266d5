/**
 * The request generators of the route property suite (routes.property.test.ts):
 * path parameters by name, query strings and JSON bodies shaped by each route's
 * zod schemas and broken by adversarial values, malformed and binary bodies,
 * content types, credentials and GraphQL documents against the fixture table.
 * A generated case says why it must get a 4xx when it is known to be invalid.
 */
import * as fc from "fast-check";
import type { RouteDef } from "../../../emulator/pipeline/router";
import type { ReadyProject } from "../../../harness/emulator";

export const templateOf = (r: RouteDef) => `${r.method} ${r.path}`;
export const paramsOf = (r: RouteDef) => [...r.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);

export interface Fixtures {
  project: ReadyProject;
  functionSlug: string;
  apiKeyId: string;
  faultId: string;
  /** The clock offset once the fixtures were made: a route that moved the clock asks for new ones. */
  clockOffsetMs: number;
}

/** What valid values are drawn from, read as each case is generated (the fixtures are remade when a route removed them). */
export interface CaseContext {
  readonly fixtures: Fixtures;
  /** The management API's valid access token. */
  readonly accessToken: string;
}

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
export const COSTLY = new Set([
  "GET /v1/projects/{ref}/types/typescript",
  // The advisors run one catalog-wide statement (its cost grows with what earlier routes left in the database):
  // they were a fifth of the suite's time with most cases naming the real project.
  "GET /v1/projects/{ref}/advisors/security",
  "GET /v1/projects/{ref}/advisors/performance",
  // A password is hashed (scrypt) or checked against its hash on every valid call.
  "PATCH /v1/projects/{ref}/database/password",
  "POST /_emulator/projects/{ref}/db-password/verify",
  // A branch gets a database of its own, which replays the parent's history.
  "POST /v1/projects/{ref}/branches",
  "POST /v1/branches/{branch_id_or_ref}/reset",
  // A restore point copies the project's database; undo puts a copy back.
  "POST /v1/projects/{ref}/database/backups/restore-point",
  "POST /v1/projects/{ref}/database/backups/undo",
]);

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

export interface Case {
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

/** The generators that draw the fixtures' values: of every path parameter by name, and of whole cases per route. */
export function routeCaseGenerators(ctx: CaseContext) {
  function paramArbitrary(name: string, route?: RouteDef): fc.Arbitrary<Segment> | undefined {
    switch (name) {
      case "ref":
        return fc.oneof(
          {
            weight: route && COSTLY.has(templateOf(route)) ? 1 : 14,
            arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.project.ref })),
          },
          {
            weight: 3,
            arbitrary: over(LOWER, 20, 20).map((value) => ({ value, invalid: "an unknown project ref" })),
          },
          { weight: 3, arbitrary: oddSegment.map((s) => ({ ...s, invalid: "a malformed project ref" })) },
        );
      case "function_slug":
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.functionSlug })) },
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
      case "bucket":
        return fc.oneof(
          {
            weight: 3,
            arbitrary: identifier("abcdefghijklmnopqrstuvwxyz0123456789-_.", 20).map((value) => ({ value })),
          },
          { weight: 1, arbitrary: oddSegment },
        );
      case "path":
        // The rest of the path (`{path+}`): an object key, slashes included.
        return fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .array(identifier("abcdefghijklmnopqrstuvwxyz0123456789-_.", 12), { minLength: 1, maxLength: 3 })
              .map((parts) => ({ value: parts.join("/") })),
          },
          { weight: 1, arbitrary: oddSegment },
        );
      case "id":
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.apiKeyId })) },
          { weight: 1, arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.faultId })) },
          { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
          { weight: 1, arbitrary: oddSegment },
        );
      // The fixture project's ref names its default branch once a case enabled branching.
      case "branch_id_or_ref":
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.project.ref })) },
          { weight: 1, arbitrary: over(LOWER, 20, 20).map((value) => ({ value })) },
          { weight: 1, arbitrary: fc.uuid().map((value) => ({ value })) },
          { weight: 1, arbitrary: oddSegment },
        );
      case "run_id":
        return fc.oneof(
          {
            weight: 2,
            arbitrary: over("0123456789abcdefghjkmnpqrstvwxyz", 26, 26).map((v) => ({ value: `run_${v}` })),
          },
          { weight: 1, arbitrary: oddSegment },
        );
      case "name":
        return fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom("main", "preview-login-page").map((value) => ({ value })) },
          { weight: 1, arbitrary: identifier("abcdefghijklmnopqrstuvwxyz0123456789-", 30).map((value) => ({ value })) },
          { weight: 1, arbitrary: oddSegment },
        );
      // Third-party auth integrations and SSO providers: none exists in the fixtures, so any uuid is a miss.
      case "tpa_id":
      case "provider_id":
        return fc.oneof(
          { weight: 3, arbitrary: fc.uuid().map((value) => ({ value })) },
          { weight: 1, arbitrary: oddSegment },
        );
      // An organization's slug: the fixture project's, or an unknown one (a miss).
      case "slug":
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(0).map(() => ({ value: ctx.fixtures.project.organizationId })) },
          { weight: 1, arbitrary: over(LOWER, 20, 20).map((value) => ({ value, invalid: "an unknown organization" })) },
          { weight: 1, arbitrary: oddSegment },
        );
      case "addon_variant":
        return fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constantFrom("ci_small", "ci_micro", "pitr_7", "ipv4_default").map((value) => ({ value })),
          },
          { weight: 1, arbitrary: oddSegment },
        );
      default:
        return undefined;
    }
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
          path = path.replace(new RegExp(`\\{${name}\\+?\\}`), sent);
          // A dot segment (".", "..", "%2e%2e") is resolved away by URL parsing, as any client and server do: the
          // request names another route, which may well be valid. It must still get JSON and no 5xx.
          if (seg.invalid && !/^(\.|%2e){1,2}$/i.test(sent)) reasons.push(seg.invalid);
        }
        const headers: Record<string, string> = {};
        const token = ctx.accessToken;
        const authorization = {
          valid: `Bearer ${token}`,
          missing: undefined,
          wrong: `Bearer ${token}x`,
          malformed: `Basic ${token}`,
        }[auth];
        // A project's APIs behind the gateway (GraphQL, Storage) take the project's keys.
        if (surface === "graphql" || surface === "storage") {
          const key = {
            anon: ctx.fixtures.project.anonKey,
            service: ctx.fixtures.project.serviceKey,
            missing: undefined,
            random: `${ctx.fixtures.project.anonKey.slice(0, -4)}abcd`,
          }[apiKey];
          if (key !== undefined) headers.apikey = key;
          else reasons.push("no API key");
          if (apiKey === "random") reasons.push("a wrong API key");
          if (bearerJwt === "anon") headers.authorization = `Bearer ${ctx.fixtures.project.anonKey}`;
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

  return { paramArbitrary, caseArbitrary };
}
