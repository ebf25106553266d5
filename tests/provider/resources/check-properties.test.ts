/**
 * Property-based tests of every resource's `check` (fast-check): random and
 * adversarial inputs never make `check` throw, never make it call the API,
 * and every failure names a field.
 *
 * Three generators per resource, 1,000+ cases in all per resource:
 *  - random property bags (any keys, any JSON-ish values);
 *  - a valid input with one field (declared, or an unexpected key such as
 *    `__proto__`) replaced by an adversarial value (wrong types, NaN,
 *    Infinity, huge or control-character strings, deep nesting, injection
 *    texts, the engine's preview-unknown marker) or removed;
 *  - a valid input with one declared field set to a value no field accepts:
 *    check must then report a failure on exactly that field.
 *
 * The emulator's request log shows the API calls: none at all for every
 * resource but `Project` (the project list, read when `postgresVersion` changes) and `TableRows`, whose check reads the live table schema by design
 * (introspection through GraphQL, the project's API keys and a read-only
 * catalog query); for it the log may hold only those reads, and the table
 * must still be empty after; and `DatabaseSchema`, whose check reads the live
 * catalog with one read-only query to compute its plan.
 */
import { closeScratch } from "../../../provider/resources/database-schema/engine";
import * as path from "node:path";
import * as fc from "fast-check";
import * as runtime from "supabase-pulumi/runtime";
import { readyProject, startTestEmulator } from "../../../harness/emulator";
import { authConfigInputs } from "../../../provider/resources/auth-config";
import { propertyMaps, type PropertySpec } from "../../../provider/kind";
import { registry } from "../../../provider/registry";
import { UNKNOWN } from "../../../provider/resources/common";
import { postgrestConfigInputs } from "../../../provider/resources/postgrest-config";

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
type Props = Record<string, unknown>;

const CASES = { random: 400, mutated: 400, invalid: 200 };
const FAKE_REF = "abcdefghijklmnopqrst";

let emu: Emu;
let ref: string;
const counts: Record<string, number> = {};

beforeAll(async () => {
  // A check that wrongly reached the network must fail fast, not wait out a retry budget.
  process.env.SUPABASE_RETRY_BUDGET_SECONDS = "1";
  emu = await startTestEmulator();
  // The catalog reads of DatabaseSchema's checks (one per case, on one project) outrun the service's 120 a minute:
  // the client's pacer would then hold one for the rest of the window (60 s). The pacing is not what this file tests.
  await emu.setRateLimits({ enabled: false });
  runtime.configure({ accessToken: emu.accessToken, apiUrl: emu.apiUrl, projectUrlTemplate: emu.projectUrlTemplate });
  runtime.resetContexts();
  ({ ref } = await readyProject(emu, "props"));
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, {
    query: "create table plan (code text primary key, price numeric not null, seats int)",
  });
  if (r.status >= 300) throw new Error(`creating the table answered ${r.status}`);
});

afterAll(async () => {
  delete process.env.SUPABASE_RETRY_BUDGET_SECONDS;
  console.log(
    `check property cases: ${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")} (${Object.values(counts).reduce((a, b) => a + b, 0)} in all)`,
  );
  await emu?.close();
  // The DatabaseSchema cases loaded their SQL into the process's scratch database.
  await closeScratch();
});

/** A valid input of each kind (TableRows points at the real project and table). */
function valid(kind: runtime.ResourceKind): Props {
  switch (kind) {
    case "organization":
      return { name: "Acme" };
    case "project":
      return { name: "app", organizationId: "acme", region: "us-east-1", dbPass: "a-long-password" };
    case "secret":
      return { projectRef: FAKE_REF, name: "API_TOKEN", value: "v" };
    case "secrets":
      return { projectRef: FAKE_REF, secrets: { ONE: "1", TWO: "2" } };
    case "function":
      return { projectRef: FAKE_REF, slug: "hello", source: "Deno.serve(() => new Response('x'))" };
    case "customHostname":
      return { projectRef: FAKE_REF, hostname: "api.example.com", activate: false };
    case "pgsodium":
      return { projectRef: FAKE_REF, rootKey: "ab".repeat(32), acknowledgeDataLoss: true };
    case "networkRestriction":
      return { projectRef: FAKE_REF, dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: ["2001:db8::/32"] };
    case "databaseMigration":
      return { projectRef: FAKE_REF, name: "001_plans", sql: "select 1", downSql: "select 2" };
    case "databaseSchema":
      return { projectRef: FAKE_REF, sql: "create table ledger (id int primary key, memo text)" };
    case "tableRows":
      return { projectRef: ref, table: "public.plan", rows: [{ code: "free", price: "0", seats: 1 }] };
    case "authConfig":
      return { projectRef: FAKE_REF, siteUrl: "https://app.example.com", jwtExp: 3600, smtpPass: "p" };
    case "postgrestConfig":
      return { projectRef: FAKE_REF, dbSchema: "public,api", maxRows: 100 };
    case "postgresConfig":
      return { projectRef: FAKE_REF, maxConnections: 120, statementTimeout: "60s" };
    case "poolerConfig":
      return { projectRef: FAKE_REF, defaultPoolSize: 30, poolMode: "session" };
    case "storageConfig":
      return { projectRef: FAKE_REF, fileSizeLimit: 1048576 };
    case "sslEnforcement":
      return { projectRef: FAKE_REF, database: true };
    case "vanitySubdomain":
      return { projectRef: FAKE_REF, subdomain: "acme-prod" };
    case "backupSchedule":
      return { projectRef: FAKE_REF, scheduleFor: "04:00:00" };
    case "restorePoint":
      return { projectRef: FAKE_REF, name: "before-upgrade" };
    case "jitAccessConfig":
      return { projectRef: FAKE_REF, enabled: true };
    case "diskConfig":
      return { projectRef: FAKE_REF, sizeGb: 16, type: "gp3", iops: 3000, throughputMibps: 125 };
    case "readReplica":
      return { projectRef: FAKE_REF, region: "eu-west-2" };
    case "projectAddons":
      return { projectRef: FAKE_REF, computeSize: "ci_small", pitr: "pitr_7", ipv4: true };
    case "apiKey":
      return { projectRef: FAKE_REF, type: "secret", name: "ci_key" };
    case "storageBucket":
      return {
        projectRef: FAKE_REF,
        name: "avatars",
        public: true,
        fileSizeLimit: "5MB",
        allowedMimeTypes: ["image/*"],
      };
    case "realtimeConfig":
      return { projectRef: FAKE_REF, privateOnly: true, maxConcurrentUsers: 500 };
    case "thirdPartyAuth":
      return { projectRef: FAKE_REF, oidcIssuerUrl: "https://securetoken.google.com/acme-app" };
    case "legacyApiKeys":
      return { projectRef: FAKE_REF, enabled: false };
    case "databaseWebhooks":
      return { projectRef: FAKE_REF };
    case "ssoProvider":
      return { projectRef: FAKE_REF, metadataUrl: "https://idp.example.com/metadata", domains: ["acme.com"] };
    case "signingKey":
      return { projectRef: FAKE_REF, algorithm: "ES256", status: "standby" };
    case "functions":
      return {
        projectRef: FAKE_REF,
        sourceDir: path.join(__dirname, "..", "..", "..", "examples", "functions-folder", "functions"),
      };
    case "branch":
      return { projectRef: FAKE_REF, name: "pr-42", gitBranch: "feature/login", withData: false, secrets: { A: "1" } };
    default:
      throw new Error(`no valid input for ${kind}`);
  }
}

/** Optional fields a valid input leaves out, so mutations reach them too. */
const OPTIONAL: Partial<Record<runtime.ResourceKind, string[]>> = {
  organization: ["adopt"],
  project: ["adopt", "createTimeoutSeconds", "deleteTimeoutSeconds", "postgresVersion", "upgradeTimeoutSeconds"],
  function: ["name", "verifyJwt", "importMap", "entrypointPath", "importMapPath", "adopt", "sourcePath"],
  customHostname: ["activationTimeoutSeconds"],
  networkRestriction: ["applyTimeoutSeconds"],
  authConfig: ["restoreOnDestroy", "disableSignup", "externalGithubSecret"],
  postgrestConfig: ["restoreOnDestroy", "dbPool"],
  apiKey: ["description", "secretJwtTemplate", "adopt"],
  tableRows: ["key", "onDelete", "batchSize", "pageSize", "exclusive", "inflect", "apiKey"],
  branch: ["persistent", "region", "desiredInstanceSize", "adopt", "createTimeoutSeconds", "deleteTimeoutSeconds"],
  storageBucket: ["emptyOnDestroy", "adopt"],
  projectAddons: ["restoreOnDestroy"],
  backupSchedule: ["restoreOnDestroy"],
  jitAccessConfig: ["restoreOnDestroy"],
  realtimeConfig: ["restoreOnDestroy"],
  thirdPartyAuth: ["jwksUrl", "customJwks"],
  legacyApiKeys: ["restoreOnDestroy"],
  databaseWebhooks: ["enabled"],
  ssoProvider: ["metadataXml", "attributeMapping", "nameIdFormat"],
  signingKey: ["legacy", "keyId"],
  databaseSchema: ["sourceDir", "schemas", "allowDestructive", "migrationName", "onDelete"],
  readReplica: ["createTimeoutSeconds", "deleteTimeoutSeconds"],
};

/**
 * The configuration resources take any of the service's many settings: all are
 * mutated and may be named in a failure, but only the common fields are in
 * the "no value is valid" property (a numeric setting may accept -1.5).
 */
const SETTINGS: Partial<Record<runtime.ResourceKind, string[]>> = {
  authConfig: Object.keys(authConfigInputs.shape),
  postgrestConfig: Object.keys(postgrestConfigInputs.shape),
};

/** Values no field accepts: a negative fraction, and an object holding a list under a NUL key. */
const NEVER_VALID: unknown[] = [-1.5, { "\u0000": [] }];

const adversarial: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    UNKNOWN,
    NaN,
    Infinity,
    -Infinity,
    0,
    -1,
    2 ** 53,
    "",
    " ",
    "\u0000",
    "x".repeat(100_000),
    "'; drop table plan; --",
    "../../../../etc/passwd",
    ".",
    "/",
    "/dev/null",
    "$(rm -rf /)",
    "{{constructor.constructor('return process')()}}",
    "SUPABASE_URL",
    "🙂".repeat(300),
    "\u202e\u0301",
    "10.0.0.0/33",
    "::/129",
    "0.0.0.0/0",
    true,
    [],
    {},
    [UNKNOWN],
    { [UNKNOWN]: UNKNOWN },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    Array.from({ length: 2000 }, (_, i) => i),
  ),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 4 }),
  fc.letrec<{ deep: unknown }>((tie) => ({
    deep: fc.oneof({ depthSize: "small" }, fc.constant(1), fc.array(tie("deep"), { maxLength: 2 })),
  })).deep,
);

const randomBag = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });

function mutatedArb(kind: runtime.ResourceKind): fc.Arbitrary<Props> {
  const base = valid(kind);
  const fields = [
    ...Object.keys(base),
    ...(OPTIONAL[kind] ?? []),
    ...(SETTINGS[kind] ?? []),
    "__proto__",
    "constructor",
    "unexpected",
  ];
  return fc.tuple(fc.constantFrom(...fields), adversarial, fc.boolean()).map(([field, value, remove]) => {
    const news: Props = { ...base };
    if (remove) delete news[field];
    else Object.defineProperty(news, field, { value, enumerable: true, configurable: true, writable: true });
    return news;
  });
}

/** The first segment of a failure's property path: `rows[3].price` → `rows`. */
function topField(property: string): string {
  return property.split(/[.[]/)[0]!;
}

async function checkSafely(kind: runtime.ResourceKind, olds: Props, news: Props) {
  counts[kind] = (counts[kind] ?? 0) + 1;
  let result;
  try {
    result = await runtime.provider(kind).check(olds, news);
  } catch (err) {
    throw new Error(`check of ${kind} threw ${String((err as Error)?.message ?? err).slice(0, 300)}`, { cause: err });
  }
  expect(Array.isArray(result.failures ?? [])).toBe(true);
  for (const f of result.failures ?? []) {
    expect(typeof f.property).toBe("string");
    expect(typeof f.reason).toBe("string");
    expect(f.reason.length).toBeGreaterThan(0);
    // Field-level: every failure names a field that was declared or given.
    const known = [
      ...Object.keys(valid(kind)),
      ...(OPTIONAL[kind] ?? []),
      ...(SETTINGS[kind] ?? []),
      ...Object.keys(news),
    ];
    const p = f.property;
    if (!known.some((k) => p === k || p.startsWith(`${k}.`) || p.startsWith(`${k}[`)))
      throw new Error(`${kind}: failure on unknown field ${JSON.stringify(p)}`);
  }
  if ((result.failures ?? []).length === 0) expect(result.inputs).toBeDefined();
  return result;
}

/** A value of a property's type, for an input the valid sample leaves out. */
function sampleOf(p: PropertySpec): unknown {
  if (p.type === "array") return ["a"];
  if (p.type === "boolean") return false;
  if (p.type === "number" || p.type === "integer") return 1;
  return p.enum?.[0] ?? "a";
}

/** A different value of the same type. */
function otherThan(v: unknown): unknown {
  if (Array.isArray(v)) return [...v, "b"];
  if (typeof v === "boolean") return !v;
  if (typeof v === "number") return v + 1;
  return `${String(v)}b`;
}

const KINDS = runtime.kinds();

describe.each(KINDS)("%s check", (kind) => {
  beforeAll(async () => {
    runtime.resetContexts();
    await emu.clearRequests();
  });

  afterAll(async () => {
    const log = await emu.requests();
    if (kind === "tableRows") {
      // Reads only: the project's API keys, a read-only catalog query and introspection of the table.
      const reads = ["graphql", "GET /v1/projects/{ref}/api-keys", "POST /v1/projects/{ref}/database/query"];
      for (const r of new Set(log.map((e) => (e.api === "graphql" ? "graphql" : e.route)))) expect(reads).toContain(r);
      const rows = await emu.api("POST", `/v1/projects/${ref}/database/query`, {
        query: "select count(*)::int n from plan",
      });
      expect(rows.body[0].n).toBe(0);
      console.log(`tableRows check: ${log.length} schema reads for ${counts[kind]} cases, 0 writes`);
    } else if (kind === "databaseSchema") {
      // Only the read-only catalog query that computes the plan (the fake project answers 404).
      for (const r of new Set(log.map((e) => e.route))) expect(r).toBe("POST /v1/projects/{ref}/database/query");
    } else if (kind === "vanitySubdomain") {
      // Only the availability check of a changed name, which never writes.
      for (const r of new Set(log.map((e) => e.route)))
        expect(r).toBe("POST /v1/projects/{ref}/vanity-subdomain/check-availability");
    } else if (kind === "project") {
      // Only the reads of a changed postgresVersion: the shared project list (the generated names match no project,
      // so eligibility is never asked).
      for (const r of new Set(log.map((e) => e.route))) expect(r).toBe("GET /v1/projects");
    } else {
      expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    }
  });

  test("accepts its valid input", async () => {
    const r = await checkSafely(kind, {}, valid(kind));
    expect(r.failures ?? []).toEqual([]);
  });

  test("diff replaces the resource for a change of exactly the inputs the schema marks replaceOnChanges", async () => {
    const inputs = propertyMaps(registry[kind].doc).inputs;
    const marked = Object.entries(inputs).filter(([, p]) => p.replaceOnChanges);
    // Every kind but Organization (whose only field cannot change at all) has inputs that replace it.
    expect(marked.length > 0).toBe(kind !== "organization");
    // And the other way round: a change of any other input is never a replacement.
    for (const [field, spec] of Object.entries(inputs)) {
      const olds = { ...valid(kind), [field]: valid(kind)[field] ?? sampleOf(spec) };
      const news = { ...olds, [field]: otherThan(olds[field]) };
      const d = await runtime.provider(kind).diff("id", olds, news);
      expect({ field, replaced: d.replaces?.includes(field) ?? false }).toEqual({
        field,
        replaced: spec.replaceOnChanges,
      });
    }
  });

  test(`random property bags (${CASES.random} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant({}), randomBag), randomBag, async (olds, news) => {
        await checkSafely(kind, olds as Props, news as Props);
      }),
      { numRuns: CASES.random },
    );
  });

  test(`a valid input with one field adversarial or missing (${CASES.mutated} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Props>({}, valid(kind)), mutatedArb(kind), async (olds, news) => {
        await checkSafely(kind, olds, news);
      }),
      { numRuns: CASES.mutated },
    );
  });

  test(`a declared field no value of which is valid is named in a failure (${CASES.invalid} cases)`, async () => {
    const fields = [...Object.keys(valid(kind)), ...(OPTIONAL[kind] ?? [])];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), fc.constantFrom(...NEVER_VALID), async (field, value) => {
        const r = await checkSafely(kind, {}, { ...valid(kind), [field]: value });
        expect((r.failures ?? []).map((f) => topField(f.property))).toContain(field);
      }),
      { numRuns: CASES.invalid },
    );
  });
});
