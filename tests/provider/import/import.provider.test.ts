/**
 * `supabase-pulumi import` against the emulator, in-process: what it reads
 * (the request log: one read per kind, one body download per function, one
 * read per migration, no write), that the program it writes takes the
 * project over without a single write (each declaration through its kind's
 * check and create, then read and diff: no drift, no change), and that the
 * new-project defaults it compares with are still the emulator's.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as runtime from "supabase-pulumi/runtime";
import { buildDefaultProject, buildImportFixture } from "../../../harness/import-fixture";
import { useEmulator } from "../../../harness/suite";
import { collect, type ImportedProgram } from "../../../cli/import/collect";
import { programFiles, writeProgram } from "../../../cli/import/write";
import { UsageOutput, UsageSecret, type UsageValue } from "../../../provider/resource-doc";
import { GraphqlClient } from "../../../provider/graphql/client";
import { DEFAULTS_FILE, readNewProjectDefaults } from "../../../scripts/gen-import-defaults";

const suite = useEmulator({ runtime, beforeEach: (emu) => emu.reset() });

async function routes(): Promise<string[]> {
  return (await suite.emu.requests({ api: "management" })).map((r) => r.route ?? `${r.method} ${r.path}`);
}

/** POSTs that only read: TableRows' catalog query, and VanitySubdomain's availability check. */
const READS = new Set([
  "POST /v1/projects/{ref}/database/query",
  "POST /v1/projects/{ref}/vanity-subdomain/check-availability",
]);

/** The calls that change something: all but GET and the read-only POSTs, on the management and Storage APIs. */
async function writes(): Promise<string[]> {
  const log = await suite.emu.requests();
  return log
    .filter((r) => r.api === "management" || r.api === "storage")
    .filter((r) => r.method !== "GET" && !(READS.has(r.route ?? "") && r.status < 300))
    .map((r) => r.route ?? `${r.method} ${r.path}`);
}

/** Whether each GraphQL request sent through the provider's client is a mutation. */
function graphqlKinds(): { mutations: () => number; reads: () => number; restore: () => void } {
  const spy = jest.spyOn(GraphqlClient.prototype, "request");
  const kinds = () => spy.mock.calls.map((c) => (c[2] as { mutation?: boolean } | undefined)?.mutation === true);
  return {
    mutations: () => kinds().filter(Boolean).length,
    reads: () => kinds().filter((m) => !m).length,
    // After the counts are taken: restoring also forgets the calls.
    restore: () => spy.mockRestore(),
  };
}

test("import reads each kind once, each function's body once, the migration history and the public catalog in one query each, and writes nothing", async () => {
  const emu = suite.emu;
  const size = { functions: 50, secrets: 200, migrations: 20 };
  const fixture = await buildImportFixture(emu, size);
  runtime.resetContexts();
  await emu.clearRequests();
  const gql = graphqlKinds();
  const program = await collect({ project: fixture.ref, allFields: false, rows: ["public.plans"] });
  expect(gql.mutations()).toBe(0);
  expect(gql.reads()).toBeGreaterThan(0);
  gql.restore();
  // Two read-only queries: the migration history with its statements, and the catalog of public for the DatabaseSchema.
  const all = await routes();
  expect(all.filter((r) => r === "POST /v1/projects/{ref}/database/query")).toHaveLength(2);
  const seen = all.filter((r) => r !== "POST /v1/projects/{ref}/database/query");
  const count = (route: string) => seen.filter((r) => r === route).length;
  // Inside the rate limits: no call was answered 429.
  expect((await emu.requests()).filter((r) => r.status === 429)).toEqual([]);
  expect(seen.filter((r) => !r.startsWith("GET "))).toEqual([]);
  expect(count("GET /v1/projects/{ref}/functions/{function_slug}/body")).toBe(size.functions);
  expect(count("GET /v1/projects/{ref}/database/migrations/{version}")).toBe(0);
  // The key list twice: its names for the ApiKeys, and revealed (in memory only) for the GraphQL reads of the rows.
  expect(count("GET /v1/projects/{ref}/api-keys")).toBe(2);
  const perKind = seen.filter((r) => !/\{function_slug\}|\{version\}|\/api-keys$/.test(r));
  // Every other route once: the organizations, the projects, and one read per kind's endpoint.
  expect(new Set(perKind).size).toBe(perKind.length);
  expect(perKind.length).toBe(25);
  expect(seen.length).toBe(27 + size.functions);
  for (const route of [
    "GET /v1/projects/{ref}/config/realtime",
    "GET /v1/projects/{ref}/api-keys/legacy",
    "GET /v1/projects/{ref}/database/backups/schedule",
    "GET /v1/projects/{ref}/billing/addons",
    "GET /v1/projects/{ref}/vanity-subdomain",
    "GET /v1/projects/{ref}/storage/buckets",
    "GET /v1/projects/{ref}/config/auth/third-party-auth",
    "GET /v1/projects/{ref}/config/auth/sso/providers",
    "GET /v1/projects/{ref}/config/auth/signing-keys",
    "GET /v1/projects/{ref}/jit-access",
    "GET /v1/projects/{ref}/config/disk",
    // The replicas: the organization's project list, where the service lists each project's databases.
    "GET /v1/organizations/{slug}/projects",
  ])
    expect(perKind).toContain(route);

  const types = program.declarations.map((d) => d.type);
  for (const kind of [
    "Organization",
    "Project",
    "Secrets",
    "Function",
    "CustomHostname",
    "Pgsodium",
    "NetworkRestriction",
    "AuthConfig",
    "PostgrestConfig",
    "PostgresConfig",
    "PoolerConfig",
    "StorageConfig",
    "SslEnforcement",
    "ApiKey",
    "DatabaseMigration",
    "TableRows",
    "RealtimeConfig",
    "BackupSchedule",
    "ProjectAddons",
    "VanitySubdomain",
    "StorageBucket",
    "ThirdPartyAuth",
    "SsoProvider",
    "SigningKey",
    "JitAccessConfig",
    "DiskConfig",
    "ReadReplica",
  ])
    expect(types).toContain(kind);
  // The newer kinds: what differs from a new project's, by stable names; a signing key by id, never its secret.
  const of = (type: string) => program.declarations.filter((d) => d.type === type).map((d) => d.inputs);
  expect(of("ProjectAddons")).toEqual([{ projectRef: expect.any(UsageOutput), pitr: "pitr_7" }]);
  expect(of("BackupSchedule")).toEqual([{ projectRef: expect.any(UsageOutput), scheduleFor: "04:00:00" }]);
  expect(of("VanitySubdomain")).toEqual([{ projectRef: expect.any(UsageOutput), subdomain: "shop-app" }]);
  expect(of("StorageBucket")).toEqual([
    { projectRef: expect.any(UsageOutput), name: "avatars", public: true, fileSizeLimit: 5_000_000, adopt: true },
  ]);
  expect(of("ThirdPartyAuth")).toEqual([
    { projectRef: expect.any(UsageOutput), oidcIssuerUrl: "https://securetoken.google.com/shop-app" },
  ]);
  expect(of("SsoProvider")).toEqual([
    expect.objectContaining({
      metadataXml: expect.stringContaining('entityID="https://idp.shop.example.com/entity"'),
      domains: ["shop.example.com"],
      attributeMapping: { keys: { email: { name: "mail" } } },
    }),
  ]);
  expect(of("JitAccessConfig")).toEqual([{ projectRef: expect.any(UsageOutput), enabled: true }]);
  expect(of("DiskConfig")).toEqual([
    { projectRef: expect.any(UsageOutput), sizeGb: 16, type: "gp3", iops: 4000, throughputMibps: 125 },
  ]);
  expect(of("Project")).toEqual([expect.objectContaining({ adopt: true, postgresVersion: "17" })]);
  const keys = of("SigningKey");
  expect(keys).toContainEqual(
    expect.objectContaining({ algorithm: "ES256", status: "standby", keyId: expect.any(String) }),
  );
  expect(JSON.stringify(keys)).not.toMatch(/"d"|private/i);
  // A read replica by its identifier, so the first `up` takes it over instead of setting up another.
  expect(of("ReadReplica")).toEqual([
    {
      projectRef: expect.any(UsageOutput),
      region: "eu-west-2",
      identifier: expect.stringMatching(/^rr-eu-west-2-[a-z]{5}$/),
    },
  ]);
  expect(program.declarations.find((d) => d.type === "StorageBucket")!.name).toBe("shop-bucket-avatars");
  // A project with migrations: its public schema as declared files, what `schema pull` writes.
  expect(of("DatabaseSchema")).toEqual([{ projectRef: expect.any(UsageOutput), sourceDir: "schemas" }]);
  expect(program.declarations.find((d) => d.type === "DatabaseSchema")!.dependsOn).toEqual([
    program.declarations.filter((d) => d.type === "DatabaseMigration").pop()!.name,
  ]);
  expect(Object.keys(program.files)).toContain("schemas/30_tables/public.plans.sql");
  const rows = program.declarations.find((d) => d.type === "TableRows")!;
  expect(rows.inputs.rows).toEqual([
    { id: 1, name: "free" },
    { id: 2, name: "pro" },
  ]);
  expect(rows.dependsOn).toEqual([program.declarations.filter((d) => d.type === "DatabaseMigration").pop()!.name]);
  // Secret names only: every value is a config secret, none is in the program.
  expect(program.secrets.map((s) => s.key).sort()).toEqual(Object.keys(fixture.secretValues).sort());
  const text = JSON.stringify(program.declarations);
  for (const value of Object.values(fixture.secretValues)) expect(text).not.toContain(value);
});

/** A declaration's inputs with secrets and other resources' outputs filled in. */
function resolve(v: UsageValue, secrets: Record<string, string>, outs: Map<string, Record<string, unknown>>): unknown {
  if (v instanceof UsageSecret) return secrets[v.key];
  if (v instanceof UsageOutput) return outs.get(v.resource)![v.output];
  if (Array.isArray(v)) return v.map((e) => resolve(e, secrets, outs));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, resolve(e as UsageValue, secrets, outs)]));
  return v;
}

/** What the first `up` does, in-process: check and create of each declaration in order; then refresh and diff. */
async function firstUp(program: ImportedProgram, secrets: Record<string, string>, dir: string) {
  const outs = new Map<string, Record<string, unknown>>();
  const created: Array<{ kind: runtime.ResourceKind; id: string; inputs: Record<string, unknown> }> = [];
  for (const d of program.declarations) {
    const raw = resolve(d.inputs, secrets, outs) as Record<string, unknown>;
    if (typeof raw.sourceDir === "string") raw.sourceDir = path.join(dir, raw.sourceDir);
    const p = runtime.provider(d.kind);
    const checked = await p.check({}, raw);
    expect({ name: d.name, failures: checked.failures ?? [] }).toEqual({ name: d.name, failures: [] });
    const r = await p.create(checked.inputs!);
    outs.set(d.name, r.outs!);
    created.push({ kind: d.kind, id: r.id, inputs: checked.inputs! });
  }
  return { outs, created, names: program.declarations.map((d) => d.name) };
}

test("the imported program's first up creates and writes nothing; refresh finds no drift and diff no change", async () => {
  const emu = suite.emu;
  const fixture = await buildImportFixture(emu);
  runtime.resetContexts();
  const program = await collect({ project: fixture.ref, allFields: false, rows: ["public.plans"] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-provider-"));
  try {
    // Formatting is prettier's (run from the package in the e2e tier); here the source as rendered.
    writeProgram(dir, await programFiles(program, "typescript", async (s) => s), false);
    expect(() => writeProgram(dir, {}, false)).toThrow(/not empty; pass --force/);
    await emu.clearRequests();
    runtime.resetContexts();
    const gql = graphqlKinds();
    const up = await firstUp(program, fixture.secretValues, dir);
    expect(await writes()).toEqual([]);
    expect(gql.mutations()).toBe(0);

    runtime.resetContexts();
    for (const [i, c] of up.created.entries()) {
      const p = runtime.provider(c.kind);
      const read = await p.read(c.id, up.outs.get(up.names[i])!);
      expect({ name: up.names[i], drift: read.props!.drift ?? null }).toEqual({ name: up.names[i], drift: null });
      const d = await p.diff(c.id, read.props!, c.inputs);
      expect({ name: up.names[i], changes: d.changes }).toEqual({ name: up.names[i], changes: false });
    }
    expect(await writes()).toEqual([]);
    expect(gql.mutations()).toBe(0);
    gql.restore();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("with --all-fields every setting is declared, and the first up still writes nothing", async () => {
  const emu = suite.emu;
  const fixture = await buildImportFixture(emu, { functions: 1, secrets: 1, migrations: 1 });
  runtime.resetContexts();
  const program = await collect({ project: fixture.ref, allFields: true, rows: [] });
  const auth = program.declarations.find((d) => d.type === "AuthConfig")!;
  expect(Object.keys(auth.inputs).length).toBeGreaterThan(100);
  expect(program.declarations.find((d) => d.type === "SslEnforcement")).toBeDefined();
  // Every live value passes its kind's check as it is: nothing had to be left out.
  expect(program.declarations.flatMap((d) => d.comment ?? []).filter((c) => /refused by check/.test(c))).toEqual([]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-provider-"));
  try {
    writeProgram(dir, await programFiles(program, "typescript", async (s) => s), false);
    await emu.clearRequests();
    runtime.resetContexts();
    await firstUp(program, fixture.secretValues, dir);
    expect(await writes()).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("an organization imports every project: names, function folders and secret keys stay apart", async () => {
  const emu = suite.emu;
  const shop = await buildImportFixture(emu, { functions: 1, secrets: 1, migrations: 1 }, "Shop");
  await buildImportFixture(emu, { functions: 1, secrets: 1, migrations: 1 }, "Blog", shop.orgSlug);
  runtime.resetContexts();
  const program = await collect({ organization: shop.orgSlug, allFields: false, rows: [] });
  expect(program.name).toBe("shop-org");
  const projects = program.declarations.filter((d) => d.type === "Project").map((d) => d.name);
  expect(projects).toEqual(["blog", "shop"]);
  expect(program.declarations.filter((d) => d.type === "Organization")).toHaveLength(1);
  const names = program.declarations.map((d) => d.name);
  expect(new Set(names).size).toBe(names.length);
  expect(Object.keys(program.files).sort()).toEqual([
    "blog/functions/fn-0/index.ts",
    "blog/functions/fn-0/lib/greet.ts",
    "blog/schemas/30_tables/public.plans.sql",
    "shop/functions/fn-0/index.ts",
    "shop/functions/fn-0/lib/greet.ts",
    "shop/schemas/30_tables/public.plans.sql",
  ]);
  expect(program.secrets.map((s) => s.key).sort()).toEqual([
    "blog_SECRET_0",
    "blog_dbPass",
    "blog_smtpPass",
    "shop_SECRET_0",
    "shop_dbPass",
    "shop_smtpPass",
  ]);
  // Every project-scoped declaration refers to its own project's output, never a literal ref.
  for (const d of program.declarations.filter((x) => "projectRef" in x.inputs))
    expect(d.inputs.projectRef).toEqual(new UsageOutput(d.name.startsWith("blog") ? "blog" : "shop", "ref"));
});

test("TableRows with adopt keeps equal rows, updates differing ones and inserts only the missing", async () => {
  const emu = suite.emu;
  const fixture = await buildImportFixture(emu, { functions: 0, secrets: 0, migrations: 1 });
  runtime.resetContexts();
  const P = runtime.provider("tableRows");
  const rows = [
    { id: 1, name: "free" },
    { id: 2, name: "team" },
    { id: 3, name: "max" },
  ];
  const checked = await P.check({}, { projectRef: fixture.ref, table: "public.plans", rows, adopt: true });
  expect(checked.failures).toEqual([]);
  const gql = graphqlKinds();
  const { outs } = await P.create(checked.inputs!);
  expect(gql.mutations()).toBe(2);
  gql.restore();
  expect(outs!.rowCount).toBe(3);
  const live = await emu.api("POST", `/v1/projects/${fixture.ref}/database/query`, {
    query: "select id, name from public.plans order by id",
  });
  expect(live.body).toEqual(rows);
});

test("legacy keys turned off are declared; branches, restore points and database webhooks are not imported", async () => {
  const emu = suite.emu;
  const fixture = await buildImportFixture(emu, { functions: 0, secrets: 0, migrations: 0 });
  const p = `/v1/projects/${fixture.ref}`;
  expect((await emu.api("PUT", `${p}/api-keys/legacy?enabled=false`)).status).toBe(200);
  expect((await emu.api("POST", `${p}/database/backups/restore-point`, { name: "before-import" })).status).toBe(201);
  expect((await emu.api("POST", `${p}/database/webhooks/enable`)).status).toBe(201);
  expect((await emu.api("POST", `${p}/branches`, { branch_name: "preview" })).status).toBe(201);
  runtime.resetContexts();
  const program = await collect({ project: fixture.ref, allFields: false, rows: [] });
  const types = program.declarations.map((d) => d.type);
  expect(program.declarations.filter((d) => d.type === "LegacyApiKeys").map((d) => d.inputs)).toEqual([
    { projectRef: new UsageOutput("shop", "ref"), enabled: false },
  ]);
  for (const left of ["Branch", "RestorePoint", "DatabaseWebhooks"]) expect(types).not.toContain(left);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-provider-"));
  try {
    await emu.clearRequests();
    runtime.resetContexts();
    await firstUp(program, fixture.secretValues, dir);
    expect(await writes()).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a project with nothing turned on imports without an error, and its first up writes nothing", async () => {
  const emu = suite.emu;
  const plain = await buildDefaultProject(emu);
  // The free plan's answer for scheduled backups (the emulator keeps no plans): the service's text, injected.
  await emu.addFault({
    method: "GET",
    path: `/v1/projects/${plain.ref}/database/backups/schedule`,
    status: 402,
    body: { message: "Feature requires a higher plan" },
  });
  // Temporary access the service cannot offer until the project's Postgres is upgraded.
  const jit = await emu.control("PUT", `/projects/${plain.ref}/jit-access/unavailable`, {
    reason: "postgres_upgrade_required",
  });
  expect(jit.status).toBe(200);
  runtime.resetContexts();
  const program = await collect({ project: plain.ref, allFields: false, rows: [] });
  // SAML off: the SSO list answered 404; the free plan: 402; JIT: unavailable. Each is "none", and the program says why.
  expect(program.unavailable).toEqual([
    "BackupSchedule: none in project Plain (the service answered 402: Feature requires a higher plan)",
    "JitAccessConfig: none in project Plain (the service answered unavailable: postgres_upgrade_required (the project's Postgres version must be upgraded first))",
    "SsoProvider: none in project Plain (the service answered 404: SAML 2.0 support is not enabled for this project)",
  ]);
  const types = program.declarations.map((d) => d.type);
  for (const kind of ["Project", "AuthConfig", "Secrets", "ApiKey", "DatabaseMigration", "Function"])
    expect(types).toContain(kind);
  for (const off of [
    "SsoProvider",
    "BackupSchedule",
    "CustomHostname",
    "VanitySubdomain",
    "ProjectAddons",
    "JitAccessConfig",
    "DiskConfig",
    "ReadReplica",
  ])
    expect(types).not.toContain(off);
  expect((await programFiles(program, "yaml"))["README.md"].toString()).toContain(
    "- SsoProvider: none in project Plain (the service answered 404: SAML 2.0 support is not enabled for this project)",
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-provider-"));
  try {
    writeProgram(dir, await programFiles(program, "typescript", async (s) => s), false);
    await emu.clearRequests();
    runtime.resetContexts();
    const up = await firstUp(program, plain.secretValues, dir);
    expect(await writes()).toEqual([]);
    runtime.resetContexts();
    for (const [i, c] of up.created.entries()) {
      const read = await runtime.provider(c.kind).read(c.id, up.outs.get(up.names[i])!);
      expect({ name: up.names[i], drift: read.props!.drift ?? null }).toEqual({ name: up.names[i], drift: null });
    }
    expect(await writes()).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a declared BackupSchedule on a plan without scheduled backups: refresh names the plan, not a raw 402", async () => {
  const emu = suite.emu;
  const plain = await buildDefaultProject(emu);
  runtime.resetContexts();
  const P = runtime.provider("backupSchedule");
  const { id, outs } = await P.create({ projectRef: plain.ref, scheduleFor: "00:00:00" });
  await emu.addFault({
    path: `/v1/projects/${plain.ref}/database/backups/schedule`,
    status: 402,
    body: { message: "Feature requires a higher plan" },
  });
  const read = P.read(id, outs!);
  await expect(read).rejects.toMatchObject({ code: "FEATURE_UNAVAILABLE", status: 402 });
  await expect(read).rejects.toThrow(
    `This feature is not available to project ${plain.ref}: upgrade the organization's plan, or remove the BackupSchedule from the program`,
  );
});

test("the recorded new-project defaults are what the emulator gives a new project", async () => {
  expect(await readNewProjectDefaults()).toEqual(JSON.parse(fs.readFileSync(DEFAULTS_FILE, "utf8")));
});
