/**
 * One `pulumi up` converges, and one `pulumi destroy` empties the stack,
 * through a heavy fault mix on every management, GraphQL and Storage API route, on the
 * real engine: a stack of every resource kind (an organization, a project,
 * 10 `Secret`s, a `Secrets` map, a function, network restrictions, the root
 * key, a migration, 50 rows seeded through GraphQL, a storage bucket, the add-ons, a vanity
 * subdomain, the backup schedule, a restore point, a branch, a preview environment
 * (a branch with its own secrets, migration and seed rows), realtime settings, a
 * third-party issuer, a SAML provider, a signing key, the legacy keys switch,
 * database webhooks, the database disk, temporary database access, a read
 * replica, and the Postgres major declared).
 *
 * The mix (each share is of all requests; the rolls are chained so the shares
 * add up): 25% answered 503, 12.5% answered 429 with `Retry-After: 1`, 12.5%
 * connection resets before the handler ran, and 25% of the POSTs that did
 * reach their handler reset after it acted (the client cannot know whether
 * the write happened). The same stack first runs fault-free, so the request
 * log gives the figures side by side: requests made, faults injected, and
 * the retries they cost.
 *
 * After `up` the emulator holds exactly what was declared, once (no duplicate
 * organization, project, function, migration or row); after `destroy` no
 * project is left (no orphan). Organizations cannot be deleted by the API, so
 * the one organization stays, and there is still only one.
 */
import * as supabase from "supabase-pulumi";
import type { RequestLogEntry } from "../../emulator/types";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorStack, type TestEmulator } from "./helpers";

type Any = any;

const ORG = "Heavy Faults Org";
const PROJECT = "heavy-faults";
const ROOT_KEY = "7c".repeat(32);
const SOURCE = "Deno.serve(() => new Response('still standing'))";
const SECRET_COUNT = 10;
const ROW_COUNT = 50;

const MIGRATION_SQL = "create table plan (code text primary key, price numeric not null, seats int not null)";

let emu: TestEmulator;
const dirs: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
});

afterAll(async () => {
  await emu?.close();
  for (const d of dirs) cleanup(d);
});

function everyKind() {
  return async () => {
    const org = new supabase.Organization("org", { name: ORG });
    const project = new supabase.Project("project", {
      name: PROJECT,
      organizationId: org.organizationId,
      region: "eu-central-1",
      dbPass: "heavy-faults-db-pass-1",
      // The major a new project runs: check reads the eligible targets, through the faults, and nothing is upgraded.
      postgresVersion: "17",
    });
    const ref = project.ref;
    for (let i = 0; i < SECRET_COUNT; i++) {
      new supabase.Secret(`secret-${i}`, { projectRef: ref, name: `SECRET_${i}`, value: `value-${i}` });
    }
    new supabase.Secrets("map", { projectRef: ref, secrets: { MAP_ONE: "one", MAP_TWO: "two" } });
    new supabase.Function("fn", { projectRef: ref, slug: "hello", source: SOURCE, verifyJwt: false });
    new supabase.NetworkRestriction("net", {
      projectRef: ref,
      dbAllowedCidrs: ["10.0.0.0/8", "203.0.113.0/24"],
      dbAllowedCidrsV6: ["2001:db8::/32"],
    });
    new supabase.Pgsodium("key", { projectRef: ref, rootKey: ROOT_KEY, acknowledgeDataLoss: true });
    const migration = new supabase.DatabaseMigration("plans", {
      projectRef: ref,
      name: "001_plans",
      sql: MIGRATION_SQL,
      downSql: "drop table plan",
    });
    new supabase.TableRows(
      "rows",
      {
        projectRef: ref,
        table: "public.plan",
        rows: Array.from({ length: ROW_COUNT }, (_, i) => ({ code: `plan-${i}`, price: `${i}.25`, seats: i })),
        batchSize: 20,
      },
      { dependsOn: [migration] },
    );
    // A branch, and a preview environment: a branch with secrets, a migration and seed rows of its own.
    new supabase.Branch("branch", { projectRef: ref, name: "heavy-branch", gitBranch: "feature/heavy" });
    new supabase.PreviewEnvironment("preview", {
      projectRef: ref,
      branchName: "heavy-preview",
      secrets: { PREVIEW_ONE: "one" },
      migrations: [{ name: "002_tags", sql: "create table tag (name text primary key)" }],
      seed: [{ table: "public.tag", rows: [{ name: "a" }, { name: "b" }] }],
    });
    // Add-ons (the current compute size, so no restart), vanity subdomain, backup schedule, restore point.
    new supabase.ProjectAddons("addons", { projectRef: ref, computeSize: "ci_micro", pitr: "pitr_7", ipv4: true });
    new supabase.VanitySubdomain("vanity", { projectRef: ref, subdomain: "heavy-faults" });
    new supabase.BackupSchedule("backups", { projectRef: ref, scheduleFor: "04:00:00" });
    new supabase.RestorePoint("point", { projectRef: ref, name: "heavy-point" });
    // Storage buckets: written through the project's Storage API, faulted like every other route.
    new supabase.StorageBucket("bucket", { projectRef: ref, name: "faulty", public: true, fileSizeLimit: "1MB" });
    // Auth integrations and keys, realtime, legacy keys, webhooks: each POST here may be reset after it acted.
    new supabase.RealtimeConfig("realtime", { projectRef: ref, privateOnly: true, maxConcurrentUsers: 500 });
    new supabase.ThirdPartyAuth("tpa", { projectRef: ref, oidcIssuerUrl: "https://securetoken.google.com/heavy" });
    const saml = new supabase.AuthConfig("auth", { projectRef: ref, samlEnabled: true });
    new supabase.SsoProvider(
      "sso",
      { projectRef: ref, metadataUrl: "https://idp.heavy.example.com/metadata", domains: ["heavy.example.com"] },
      { dependsOn: [saml] },
    );
    new supabase.SigningKey("signing-key", { projectRef: ref, algorithm: "ES256", status: "standby" });
    new supabase.LegacyApiKeys("legacy-keys", { projectRef: ref, enabled: true });
    new supabase.DatabaseWebhooks("webhooks", { projectRef: ref });
    // The database's life: a grown disk (a modification whose answer may be lost) and temporary access.
    new supabase.DiskConfig("disk", { projectRef: ref, sizeGb: 16, iops: 4000 });
    new supabase.JitAccessConfig("jit", { projectRef: ref, enabled: true });
    // A read replica: its set-up answers no body and is found in the list, so a lost answer must not set up two.
    new supabase.ReadReplica("replica", { projectRef: ref, region: "eu-west-2" });
    return { ref };
  };
}

/** The chained rolls that give the shares above (the first matching fault that wins its roll applies). */
async function injectHeavyMix(): Promise<void> {
  await emu.addFault({ status: 503, ratio: 0.25 });
  await emu.addFault({
    status: 429,
    ratio: 0.125 / 0.75,
    headers: { "Retry-After": "1" },
    body: { message: "ThrottlerException: Too Many Requests" },
  });
  await emu.addFault({ reset: "before", ratio: 0.125 / 0.625 });
  await emu.addFault({ method: "POST", reset: "after", ratio: 0.25 });
}

interface Figures {
  requests: number;
  management: number;
  graphql: number;
  storage: number;
  faulted: number;
  byFault: Record<string, number>;
}

function figures(log: RequestLogEntry[], faultKinds: Map<string, string>): Figures {
  const byFault: Record<string, number> = {};
  for (const r of log.filter((e) => e.fault)) {
    const kind = faultKinds.get(r.fault!) ?? r.fault!;
    byFault[kind] = (byFault[kind] ?? 0) + 1;
  }
  return {
    requests: log.length,
    management: log.filter((r) => r.api === "management").length,
    graphql: log.filter((r) => r.api === "graphql").length,
    storage: log.filter((r) => r.api === "storage").length,
    faulted: log.filter((r) => r.fault).length,
    byFault,
  };
}

/** A project's read replicas, as its organization's project list shows them. */
async function replicas(ref: string): Promise<Array<{ region: string; status: string }>> {
  const slug = ((await emu.api("GET", `/v1/projects/${ref}`)).body as Any).organization_slug;
  const page = (await emu.api("GET", `/v1/organizations/${slug}/projects`)).body as Any;
  const databases = page.projects.find((p: Any) => p.ref === ref).databases as Any[];
  return databases.filter((d) => d.type === "READ_REPLICA").map((d) => ({ region: d.region, status: d.status }));
}

/** What the emulator holds for the stack, read without faults. */
async function live(ref: string) {
  const orgs = (await emu.api("GET", "/v1/organizations")).body as Any[];
  const projects = (await emu.api("GET", "/v1/projects")).body as Any[];
  const secrets = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body as Any[];
  const functions = (await emu.api("GET", `/v1/projects/${ref}/functions`)).body as Any[];
  const restrictions = (await emu.api("GET", `/v1/projects/${ref}/network-restrictions`)).body as Any;
  const pgsodium = (await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body as Any;
  const sql = async (query: string) => (await emu.api("POST", `/v1/projects/${ref}/database/query`, { query })).body;
  const rows = (await sql("select code, price::text as price, seats from plan order by seats")) as Any[];
  const history = (await sql("select name from supabase_migrations.schema_migrations")) as Any[];
  const auth = {
    realtime: (await emu.api("GET", `/v1/projects/${ref}/config/realtime`)).body as Any,
    tpa: (await emu.api("GET", `/v1/projects/${ref}/config/auth/third-party-auth`)).body as Any[],
    sso: ((await emu.api("GET", `/v1/projects/${ref}/config/auth/sso/providers`)).body as Any).items as Any[],
    keys: ((await emu.api("GET", `/v1/projects/${ref}/config/auth/signing-keys`)).body as Any).keys as Any[],
    hooks: (await sql("select to_regclass('supabase_functions.hooks')::text as t")) as Any[],
  };
  const buckets = (await emu.api("GET", `/v1/projects/${ref}/storage/buckets`)).body as Any[];
  const p = `/v1/projects/${ref}`;
  const features = {
    addons: ((await emu.api("GET", `${p}/billing/addons`)).body as Any).selected_addons.map((a: Any) => a.variant.id),
    vanity: (await emu.api("GET", `${p}/vanity-subdomain`)).body,
    schedule: ((await emu.api("GET", `${p}/database/backups/schedule`)).body as Any).schedule_for,
    point: ((await emu.api("GET", `${p}/database/backups/restore-point?name=heavy-point`)).body as Any).status,
    disk: ((await emu.api("GET", `${p}/config/disk`)).body as Any).attributes,
    jit: ((await emu.api("GET", `${p}/jit-access`)).body as Any).state,
    postgres: ((await emu.api("GET", p)).body as Any).database.version.split(".")[0],
    replicas: await replicas(ref),
  };
  const branches = ((await emu.api("GET", `/v1/projects/${ref}/branches`)).body as Any[]).filter((b) => !b.is_default);
  const preview = branches.find((b) => b.name === "heavy-preview")?.project_ref;
  const onPreview = async (query: string) =>
    (await emu.api("POST", `/v1/projects/${preview}/database/query`, { query })).body as Any[];
  const previewRows = preview ? await onPreview("select name from tag order by name") : [];
  const previewSecrets = preview ? (await emu.api("GET", `/v1/projects/${preview}/secrets`)).body : [];
  return {
    orgs,
    projects,
    secrets,
    functions,
    restrictions,
    pgsodium,
    rows,
    history,
    features,
    buckets,
    branches,
    previewRows,
    previewSecrets,
    auth,
  };
}

async function runOnce(label: string, faults: boolean) {
  await emu.reset();
  await emu.clearFaults();
  const s = await emulatorStack(emu, everyKind(), { "supabase:retryBudgetSeconds": { value: "240" } });
  dirs.push(s.dir);
  const faultKinds = new Map<string, string>();
  if (faults) {
    await injectHeavyMix();
    for (const f of await emu.faults()) {
      faultKinds.set(
        f.id,
        f.reset
          ? `reset ${f.reset}${f.method ? ` (${f.method})` : ""}`
          : `${f.status}${f.headers ? " Retry-After: 1" : ""}`,
      );
    }
  }
  await emu.clearRequests();
  const t0 = Date.now();
  const up = await s.stack.up({ parallel: 8 });
  const upSeconds = (Date.now() - t0) / 1000;
  const upLog = await emu.requests();
  expect(up.summary.result).toBe("succeeded");

  await emu.clearFaults();
  const ref = (await s.stack.outputs()).ref!.value as string;
  const after = await live(ref);
  if (faults) await injectHeavyMix();

  await emu.clearRequests();
  const t1 = Date.now();
  const down = await s.stack.destroy({ parallel: 8 });
  const downSeconds = (Date.now() - t1) / 1000;
  const downLog = await emu.requests();
  expect(down.summary.result).toBe("succeeded");
  await emu.clearFaults();
  // Fault ids are new after re-injection; name them by their spec again.
  for (const e of downLog.filter((r) => r.fault && !faultKinds.has(r.fault))) faultKinds.set(e.fault!, e.fault!);

  const upFigures = figures(upLog, faultKinds);
  const downFigures = figures(downLog, faultKinds);
  console.log(
    `${label}: up ${upSeconds.toFixed(1)} s, ${upFigures.requests} requests (${upFigures.management} management, ` +
      `${upFigures.graphql} GraphQL, ${upFigures.storage} Storage API), ${upFigures.faulted} faulted ${JSON.stringify(upFigures.byFault)}; ` +
      `destroy ${downSeconds.toFixed(1)} s, ${downFigures.requests} requests, ${downFigures.faulted} faulted`,
  );
  // The branches destroy deleted (each answered 200 once: a DELETE faulted with a 503 or a reset never acted).
  const branchesDeleted = downLog
    .filter((r) => r.route === "DELETE /v1/branches/{branch_id_or_ref}" && r.status === 200)
    .map((r) => r.path.split("/").pop());
  // The disk changes that reached the handler (answered, or reset after it acted): each counts against the day's four.
  const diskModifications = upLog.filter(
    (r) =>
      r.route === "POST /v1/projects/{ref}/config/disk" &&
      (r.status === 201 || (r.status === 0 && faultKinds.get(r.fault!)?.startsWith("reset after"))),
  ).length;
  return {
    after,
    ref,
    upFigures,
    downFigures,
    branchesDeleted,
    diskModifications,
    stackResources: up.summary.resourceChanges,
  };
}

function expectExactlyDeclared(after: Awaited<ReturnType<typeof live>>, ref: string) {
  expect(after.orgs.filter((o) => o.name === ORG)).toHaveLength(1);
  expect(after.projects.filter((p) => p.name === PROJECT)).toHaveLength(1);
  expect(after.projects.map((p) => p.id)).toEqual([ref]);
  const names = after.secrets.map((s) => s.name as string).filter((n) => !n.startsWith("SUPABASE_"));
  expect(names.sort()).toEqual(
    [...Array.from({ length: SECRET_COUNT }, (_, i) => `SECRET_${i}`), "MAP_ONE", "MAP_TWO"].sort(),
  );
  expect(after.functions.map((f) => f.slug)).toEqual(["hello"]);
  expect(after.restrictions.status).toBe("applied");
  expect([...after.restrictions.config.dbAllowedCidrs].sort()).toEqual(["10.0.0.0/8", "203.0.113.0/24"]);
  expect(after.pgsodium.root_key.toLowerCase()).toBe(ROOT_KEY);
  expect(after.rows).toHaveLength(ROW_COUNT);
  expect(after.rows[ROW_COUNT - 1]).toEqual({ code: `plan-${ROW_COUNT - 1}`, price: `${ROW_COUNT - 1}.25`, seats: 49 });
  expect(after.history).toEqual([{ name: "001_plans" }]);
  // Each branch once (no duplicate from a create settled by name), with the preview's own rows and secrets.
  expect(after.branches.map((b) => b.name).sort()).toEqual(["heavy-branch", "heavy-preview"]);
  expect(after.previewRows).toEqual([{ name: "a" }, { name: "b" }]);
  expect(after.previewSecrets.map((s: Any) => s.name)).toContain("PREVIEW_ONE");
  expect(after.features).toEqual({
    addons: ["ci_micro", "pitr_7", "ipv4_default"],
    vanity: { status: "active", custom_domain: "heavy-faults.supabase.co" },
    schedule: "04:00:00",
    point: "AVAILABLE",
    disk: { type: "gp3", size_gb: 16, iops: 4000, throughput_mibps: 125 },
    jit: "enabled",
    postgres: "17",
    replicas: [{ region: "eu-west-2", status: "ACTIVE_HEALTHY" }],
  });
  expect(after.buckets.map((b) => [b.id, b.public])).toEqual([["faulty", true]]);
  expect(after.auth.realtime).toMatchObject({ private_only: true, max_concurrent_users: 500 });
  expect(after.auth.tpa.map((t) => t.oidc_issuer_url)).toEqual(["https://securetoken.google.com/heavy"]);
  expect(after.auth.sso.map((p) => p.saml.metadata_url)).toEqual(["https://idp.heavy.example.com/metadata"]);
  expect(after.auth.keys.map((k) => [k.algorithm, k.status])).toEqual([["ES256", "standby"]]);
  expect(after.auth.hooks).toEqual([{ t: "supabase_functions.hooks" }]);
}

test("one up converges and one destroy empties a stack of every kind under a 45% fault mix", async () => {
  const clean = await runOnce("fault-free", false);
  expectExactlyDeclared(clean.after, clean.ref);
  expect(clean.upFigures.faulted).toBe(0);

  const heavy = await runOnce("heavy mix", true);
  expectExactlyDeclared(heavy.after, heavy.ref);
  expect(heavy.upFigures.faulted).toBeGreaterThan(0);
  // No orphan branch: destroy deleted each branch itself, before its parent.
  for (const run of [clean, heavy])
    expect(run.branchesDeleted.sort()).toEqual(run.after.branches.map((b) => b.project_ref).sort());
  // The disk change reached the service once: a lost answer was settled by reading the disk, never sent again.
  expect([clean.diskModifications, heavy.diskModifications]).toEqual([1, 1]);

  // After destroy: no project left (everything project-scoped went with it), and still one organization.
  const projects = (await emu.api("GET", "/v1/projects")).body as Any[];
  expect(projects).toEqual([]);
  const orgs = (await emu.api("GET", "/v1/organizations")).body as Any[];
  expect(orgs.filter((o) => o.name === ORG)).toHaveLength(1);

  const share = heavy.upFigures.faulted / heavy.upFigures.requests;
  console.log(
    `heavy mix: ${(share * 100).toFixed(1)}% of up's requests faulted; requests made ${heavy.upFigures.requests} vs ` +
      `${clean.upFigures.requests} fault-free (up), ${heavy.downFigures.requests} vs ${clean.downFigures.requests} (destroy)`,
  );
  expect(share).toBeGreaterThan(0.3);
}, 900_000);
