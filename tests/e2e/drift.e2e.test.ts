/**
 * The drift command on the real engine: every resource type changed out of
 * band through the emulator (the configuration resources too, AuthConfig with
 * its write-only SMTP password); `supabase-pulumi drift` names each resource and
 * what changed (row key and column, secret names, settings, entries, status,
 * that the root key changed) in text, markdown and JSON, and exits 2; after
 * `pulumi up --refresh` it exits 0. No secret value, root key or token appears in any
 * report or in the state.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";
import { engineRoot, REPO_ROOT } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorStack, tempDir, type TestEmulator } from "./helpers";
import { storage } from "../provider/emulator/storage/storage-api";

const DB_PASS = "drift-e2e-db-pass-41c9";
const SECRET_VALUE = "drift-secret-value-8e2d";
const MAP_VALUE = "drift-map-value-1f3a";
const OUT_OF_BAND_SECRET = "out-of-band-secret-77d0";
const OUT_OF_BAND_MAP = "out-of-band-map-5a6b";
const OUT_OF_BAND_ROW = "out-of-band-row-value";
const SMTP_PASS = "drift-smtp-pass-2b7e";
const OAUTH_SECRET = "drift-oauth-secret-c41a";
const OUT_OF_BAND_SMTP = "out-of-band-smtp-9f03";
const ROOT_KEY = "3c".repeat(32);
const OTHER_ROOT_KEY = "9d".repeat(32);

let emu: TestEmulator;
const dirs: string[] = [];
/** The folder the Functions resource deploys: one subfolder per function. */
let functionsDir: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  functionsDir = tempDir("drift-functions");
  dirs.push(functionsDir);
  for (const slug of ["alpha", "beta"]) {
    fs.mkdirSync(path.join(functionsDir, slug));
    fs.writeFileSync(path.join(functionsDir, slug, "index.ts"), `Deno.serve(() => new Response("${slug}"));\n`);
  }
  await emu.setSettings({ hostnameAutoVerifyMs: 300, restrictionsApplyDelayMs: 300, restartDelayMs: 300 } as any);
});

afterAll(async () => {
  await emu?.close();
  for (const d of dirs) cleanup(d);
});

function program() {
  return async () => {
    const org = new supabase.Organization("org", { name: "Drift Org" });
    const project = new supabase.Project("project", {
      name: "drift",
      organizationId: org.organizationId,
      region: "eu-west-2",
      dbPass: DB_PASS,
    });
    const ref = project.ref;
    new supabase.Secret("token", { projectRef: ref, name: "API_TOKEN", value: SECRET_VALUE });
    new supabase.Secrets("map", { projectRef: ref, secrets: { MAP_ONE: MAP_VALUE, MAP_TWO: `${MAP_VALUE}-2` } });
    new supabase.Function("fn", {
      projectRef: ref,
      slug: "hello",
      source: "Deno.serve(() => new Response('hi'))",
      verifyJwt: false,
    });
    new supabase.CustomHostname("host", {
      projectRef: ref,
      hostname: "api.drift.example.com",
      activate: true,
      activationTimeoutSeconds: 120,
    });
    new supabase.Pgsodium("key", { projectRef: ref, rootKey: ROOT_KEY, acknowledgeDataLoss: true });
    new supabase.NetworkRestriction("net", { projectRef: ref, dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [] });
    const table = new supabase.DatabaseMigration("plans-table", {
      projectRef: ref,
      name: "001_plans",
      sql: "create table plans (code text primary key, name text not null, price numeric(10,2) not null)",
    });
    new supabase.TableRows(
      "plans",
      {
        projectRef: ref,
        table: "public.plans",
        rows: [
          { code: "free", name: "Free", price: "0" },
          { code: "pro", name: "Pro", price: "25.00" },
          { code: "team", name: "Team", price: "599.00" },
        ],
      },
      { dependsOn: [table] },
    );
    const auth = new supabase.AuthConfig("auth", {
      projectRef: ref,
      samlEnabled: true,
      siteUrl: "https://app.drift.example.com",
      jwtExp: 3600,
      smtpPass: SMTP_PASS,
      externalGithubEnabled: true,
      externalGithubSecret: OAUTH_SECRET,
    });
    new supabase.PostgrestConfig("rest", { projectRef: ref, dbSchema: "public, api", maxRows: 500 });
    new supabase.PostgresConfig("pg", { projectRef: ref, statementTimeout: "60s" });
    new supabase.PoolerConfig("pool", { projectRef: ref, defaultPoolSize: 30 });
    new supabase.StorageConfig("storage", { projectRef: ref, fileSizeLimit: 10485760 });
    new supabase.SslEnforcement("ssl", { projectRef: ref, database: true });
    new supabase.Functions("fns", { projectRef: ref, sourceDir: functionsDir, verifyJwt: false });
    const kept = new supabase.ApiKey("kept-key", { projectRef: ref, type: "secret", name: "drift_backend" });
    const gone = new supabase.ApiKey("gone-key", { projectRef: ref, type: "publishable", name: "drift_web" });
    // A second project (a vanity subdomain excludes the first one's custom hostname): add-ons, vanity subdomain,
    // backup schedule, restore point.
    const second = new supabase.Project("project2", {
      name: "drift-2",
      organizationId: org.organizationId,
      region: "eu-west-2",
      dbPass: DB_PASS,
    }).ref;
    new supabase.ProjectAddons("addons", { projectRef: second, pitr: "pitr_7" });
    new supabase.VanitySubdomain("vanity", { projectRef: second, subdomain: "drift-demo" });
    new supabase.BackupSchedule("backups", { projectRef: second, scheduleFor: "04:00:00" });
    new supabase.RestorePoint("restore-point", { projectRef: second, name: "drift-point" });
    new supabase.StorageBucket("bucket", { projectRef: ref, name: "drifty", public: false, fileSizeLimit: "1MB" });
    // Auth integrations and keys, realtime, legacy keys, webhooks.
    new supabase.RealtimeConfig("realtime", { projectRef: ref, maxConcurrentUsers: 500 });
    new supabase.ThirdPartyAuth("tpa", { projectRef: ref, oidcIssuerUrl: "https://securetoken.google.com/drift" });
    const sso = new supabase.SsoProvider(
      "sso",
      { projectRef: ref, metadataUrl: "https://idp.drift.example.com/metadata", domains: ["drift.example.com"] },
      { dependsOn: [auth] },
    );
    new supabase.SigningKey("signing-key", { projectRef: ref, algorithm: "ES256", status: "in_use" });
    new supabase.LegacyApiKeys("legacy-keys", { projectRef: ref, enabled: true });
    new supabase.DatabaseWebhooks("webhooks", { projectRef: ref });
    return {
      ref,
      second,
      config: new pulumi.Config("e2e").get("unused"),
      keptKeyId: kept.keyId,
      keptKey: kept.apiKey,
      goneKeyId: gone.keyId,
      goneKey: gone.apiKey,
      ssoId: sso.providerId,
    };
  };
}

/** Runs the packaged command as CI would (the compiled bin), in the stack's workspace. */
function drift(
  workDir: string,
  stack: string,
  env: Record<string, string>,
  format: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "dist", "cli", "main.js"), "drift", "--stack", stack, "--cwd", workDir, "--format", format],
      { env: { ...process.env, ...env, SUPABASE_PULUMI_ENGINE_ROOT: engineRoot() }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        const exit = (err as { code?: unknown } | null)?.code;
        resolve({ code: err ? (typeof exit === "number" ? exit : 1) : 0, stdout, stderr });
      },
    );
  });
}

test("every resource changed out of band: drift names it in text, markdown and JSON (exit 2); after up, exit 0", async () => {
  const s = await emulatorStack(emu, program());
  dirs.push(s.dir);
  const stackName = s.stack.name;
  const captured: string[] = [];
  const up = await s.stack.up({ parallel: 8, onOutput: (o) => void captured.push(o) });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.ref.value as string;
  // The API key values this run handles (the deleted key comes back with a new value after up).
  const apiKeyValues = [up.outputs.keptKey.value as string, up.outputs.goneKey.value as string];
  for (const v of apiKeyValues) expect(v).toMatch(/^sb_(secret|publishable)_/);

  const clean = await drift(s.workDir, stackName, s.env, "text");
  captured.push(clean.stdout, clean.stderr);
  expect(clean.stderr).toBe("");
  expect(clean.code).toBe(0);
  expect(clean.stdout).toMatch(/^No drift in stack .*: 31 resources checked\./);

  const sql = (query: string) => emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  const changes: Array<Promise<any>> = [
    emu.api("PATCH", `/v1/projects/${ref}`, { name: "renamed elsewhere" }),
    emu.api("POST", `/v1/projects/${ref}/secrets`, [
      { name: "API_TOKEN", value: OUT_OF_BAND_SECRET },
      { name: "MAP_ONE", value: OUT_OF_BAND_MAP },
    ]),
    // The function's code and a setting, in one PATCH.
    emu.api("PATCH", `/v1/projects/${ref}/functions/hello`, {
      verify_jwt: true,
      body: "Deno.serve(() => new Response('tampered'))",
    }),
    emu.api("PUT", `/v1/projects/${ref}/pgsodium`, { root_key: OTHER_ROOT_KEY }),
    emu.api("POST", `/v1/projects/${ref}/network-restrictions/apply`, {
      dbAllowedCidrs: ["10.0.0.0/8", "203.0.113.0/24"],
      dbAllowedCidrsV6: [],
    }),
    // Configuration: one declared setting each; AuthConfig also its write-only SMTP password.
    emu.api("PATCH", `/v1/projects/${ref}/config/auth`, {
      site_url: "https://elsewhere.example.com",
      smtp_pass: OUT_OF_BAND_SMTP,
    }),
    emu.api("PATCH", `/v1/projects/${ref}/postgrest`, { max_rows: 9 }),
    emu.api("PUT", `/v1/projects/${ref}/config/database/postgres`, {
      statement_timeout: "5s",
      restart_database: false,
    }),
    emu.api("PATCH", `/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 5 }),
    emu.api("PATCH", `/v1/projects/${ref}/config/storage`, { fileSizeLimit: 1024 }),
    emu.api("PUT", `/v1/projects/${ref}/ssl-enforcement`, { requestedConfig: { database: false } }),
    // The migration's history entry removed (the table stays).
    sql("delete from supabase_migrations.schema_migrations where name = '001_plans'"),
    // One function of the folder changed, another deleted.
    emu.api("PATCH", `/v1/projects/${ref}/functions/alpha`, { body: "Deno.serve(() => new Response('tampered'))" }),
    emu.api("DELETE", `/v1/projects/${ref}/functions/beta`),
    // One API key renamed, one deleted.
    emu.api("PATCH", `/v1/projects/${ref}/api-keys/${up.outputs.keptKeyId.value}`, { name: "renamed_elsewhere" }),
    emu.api("DELETE", `/v1/projects/${ref}/api-keys/${up.outputs.goneKeyId.value}`),
    sql(
      `update plans set price = 30 where code = 'pro'; update plans set name = '${OUT_OF_BAND_ROW}' where code = 'free'`,
    ),
    // A storage bucket made public through the project's Storage API.
    storage(emu, ref, "PUT", "/bucket/drifty", { public: true }),
    // Realtime, SSO domains, a signing key retired by another one, legacy keys off, webhooks dropped, TPA deleted.
    emu.api("PATCH", `/v1/projects/${ref}/config/realtime`, { max_concurrent_users: 10 }),
    emu.api("PUT", `/v1/projects/${ref}/config/auth/sso/providers/${up.outputs.ssoId.value}`, {
      domains: ["elsewhere.example.com"],
    }),
    emu.api("POST", `/v1/projects/${ref}/config/auth/signing-keys`, { algorithm: "EdDSA", status: "in_use" }),
    emu.api("PUT", `/v1/projects/${ref}/api-keys/legacy?enabled=false`),
    sql("drop schema supabase_functions cascade"),
    emu
      .api("GET", `/v1/projects/${ref}/config/auth/third-party-auth`)
      .then((r) => emu.api("DELETE", `/v1/projects/${ref}/config/auth/third-party-auth/${(r.body as any[])[0].id}`)),
  ];
  const second = `/v1/projects/${up.outputs.second.value}`;
  changes.push(
    emu.api("DELETE", `${second}/billing/addons/pitr_7`),
    emu.api("POST", `${second}/vanity-subdomain/activate`, { vanity_subdomain: "drift-elsewhere" }),
    emu.api("PATCH", `${second}/database/backups/schedule`, { schedule_for: "12:00:00" }),
    emu.control("POST", `/projects/${up.outputs.second.value}/restore-points/expire`, { name: "drift-point" }),
  );
  for (const r of await Promise.all(changes)) expect(r.status).toBeLessThan(300);
  expect((await emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["MAP_TWO"])).status).toBeLessThan(300);
  expect((await sql("delete from plans where code = 'team'")).status).toBeLessThan(300);
  // The hostname set up again out of band: same name, back to an earlier status.
  expect((await emu.api("DELETE", `/v1/projects/${ref}/custom-hostname`)).status).toBeLessThan(300);
  expect(
    (
      await emu.api("POST", `/v1/projects/${ref}/custom-hostname/initialize`, {
        custom_hostname: "api.drift.example.com",
      })
    ).status,
  ).toBeLessThan(300);
  await emu.advanceTime(5_000); // the stored restrictions apply

  const text = await drift(s.workDir, stackName, s.env, "text");
  const markdown = await drift(s.workDir, stackName, s.env, "markdown");
  const json = await drift(s.workDir, stackName, s.env, "json");
  captured.push(text.stdout, text.stderr, markdown.stdout, markdown.stderr, json.stdout, json.stderr);
  for (const r of [text, markdown, json]) {
    if (r.code !== 2) throw new Error(`drift exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
  }

  // One line per drifted resource, saying what drifted.
  const expected: Array<[string, string, RegExp]> = [
    ["Project", "project", /changed name/],
    ["Secret", "token", /changed API_TOKEN/],
    ["Secrets", "map", /changed MAP_ONE; deleted MAP_TWO/],
    ["Function", "fn", /changed body, verifyJwt/],
    ["Pgsodium", "key", /changed rootKey/],
    ["NetworkRestriction", "net", /added 203\.0\.113\.0\/24/],
    ["CustomHostname", "host", /changed status [1-4]_[a-z_]+/],
    ["TableRows", "plans", /changed code=free \(name\), code=pro \(price\); deleted code=team/],
    ["AuthConfig", "auth", /^ {2}auth: changed (siteUrl, smtpPass|smtpPass, siteUrl)$/],
    ["PostgrestConfig", "rest", /^ {2}rest: changed maxRows$/],
    ["PostgresConfig", "pg", /^ {2}pg: changed statementTimeout$/],
    ["PoolerConfig", "pool", /^ {2}pool: changed defaultPoolSize$/],
    ["StorageConfig", "storage", /^ {2}storage: changed fileSizeLimit$/],
    ["SslEnforcement", "ssl", /^ {2}ssl: changed database$/],
    ["ApiKey", "kept-key", /^ {2}kept-key: changed name$/],
    ["Functions", "fns", /^ {2}fns: changed alpha; deleted beta$/],
    ["DatabaseMigration", "plans-table", /^ {2}plans-table: deleted missing from history: \d+ 001_plans$/],
    ["ProjectAddons", "addons", /^ {2}addons: changed pitr$/],
    ["VanitySubdomain", "vanity", /^ {2}vanity: changed subdomain$/],
    ["BackupSchedule", "backups", /^ {2}backups: changed scheduleFor$/],
    ["RestorePoint", "restore-point", /^ {2}restore-point: changed status REMOVED$/],
    ["StorageBucket", "bucket", /^ {2}bucket: changed public$/],
    ["RealtimeConfig", "realtime", /^ {2}realtime: changed maxConcurrentUsers$/],
    ["SsoProvider", "sso", /^ {2}sso: changed domains$/],
    ["SigningKey", "signing-key", /^ {2}signing-key: changed status$/],
    ["LegacyApiKeys", "legacy-keys", /^ {2}legacy-keys: changed enabled$/],
    ["DatabaseWebhooks", "webhooks", /^ {2}webhooks: changed enabled$/],
  ];
  for (const [type, name, what] of expected) {
    const line = text.stdout.split("\n").find((l) => l.startsWith(`  ${name}: `));
    expect(line).toMatch(what);
    const n = type === "ApiKey" ? 2 : 1;
    expect(text.stdout).toContain(`\n${type} (${n})\n`);
    expect(markdown.stdout).toContain(`#### ${type} (${n})`);
    const md = markdown.stdout.split("\n").find((l) => l.startsWith(`- \`${name}\`: `));
    expect(md?.replace(/`/g, "").replace(/^- /, "  ")).toMatch(what);
  }
  expect(text.stdout).toMatch(/^ {2}gone-key: deleted out of band/m);
  expect(text.stdout).toMatch(/^ {2}tpa: deleted out of band/m);
  expect(markdown.stdout).toMatch(/^- `gone-key`: `deleted out of band/m);
  expect(text.stdout).toMatch(/^Drift in stack .*: 29 of 31 resources drifted/);
  // The advice refreshes before it applies: a plain `pulumi up` would find nothing to do.
  const advice = `pulumi up --refresh --yes --stack ${stackName} --cwd ${s.workDir}`;
  expect(text.stdout).toContain(`\n  ${advice}\n`);
  expect(markdown.stdout).toContain(`\n\`\`\`sh\n${advice}\n\`\`\`\n`);

  const report = JSON.parse(json.stdout);
  expect(report.restore.command).toBe(advice);
  expect(report.drifted).toBe(true);
  expect(report.checked).toBe(31);
  const byName = Object.fromEntries(report.resources.map((r: any) => [r.name, r]));
  expect(Object.keys(byName).sort()).toEqual(
    [
      "auth",
      "bucket",
      "fn",
      "fns",
      "gone-key",
      "host",
      "key",
      "kept-key",
      "map",
      "net",
      "pg",
      "plans",
      "plans-table",
      "pool",
      "project",
      "rest",
      "ssl",
      "storage",
      "token",
      ...["addons", "vanity", "backups", "restore-point"],
      "realtime",
      "tpa",
      "sso",
      "signing-key",
      "legacy-keys",
      "webhooks",
    ].sort(),
  );
  expect(byName.plans).toMatchObject({
    type: "TableRows",
    status: "changed",
    drift: { changed: { "code=free": ["name"], "code=pro": ["price"] }, deleted: ["code=team"] },
  });
  expect(byName.map.drift).toEqual({ changed: ["MAP_ONE"], deleted: ["MAP_TWO"] });
  expect(byName.token.drift).toEqual({ changed: ["API_TOKEN"] });
  expect(byName.fn.drift).toEqual({ changed: ["body", "verifyJwt"] });
  expect(byName.key.drift).toEqual({ changed: ["rootKey"] });
  expect(byName.net.drift).toEqual({ added: ["203.0.113.0/24"] });
  expect(byName.project.drift).toEqual({ changed: ["name"] });
  expect(byName.host.drift.changed[0]).toMatch(/^status /);
  // Settings by the names the program used; the SMTP password only as "changed".
  expect(byName.auth).toMatchObject({ type: "AuthConfig", status: "changed" });
  expect([...byName.auth.drift.changed].sort()).toEqual(["siteUrl", "smtpPass"]);
  expect(byName.rest.drift).toEqual({ changed: ["maxRows"] });
  expect(byName.pg.drift).toEqual({ changed: ["statementTimeout"] });
  expect(byName.pool.drift).toEqual({ changed: ["defaultPoolSize"] });
  expect(byName.storage.drift).toEqual({ changed: ["fileSizeLimit"] });
  expect(byName.ssl.drift).toEqual({ changed: ["database"] });
  expect(byName["kept-key"]).toMatchObject({ type: "ApiKey", status: "changed", drift: { changed: ["name"] } });
  expect(byName["gone-key"]).toMatchObject({ type: "ApiKey", status: "deleted" });
  expect(byName["plans-table"]).toMatchObject({ type: "DatabaseMigration", status: "changed" });
  expect(byName["plans-table"].drift.deleted).toEqual([expect.stringMatching(/^missing from history: \d+ 001_plans$/)]);
  expect(byName.fns).toMatchObject({ type: "Functions", drift: { changed: ["alpha"], deleted: ["beta"] } });
  expect(byName.bucket).toMatchObject({ type: "StorageBucket", status: "changed", drift: { changed: ["public"] } });
  for (const [type, name] of expected) expect(byName[name].type).toBe(type);

  // `pulumi up --refresh` restores everything; the command then finds nothing.
  const restore = await s.stack.up({ refresh: true, parallel: 8, onOutput: (o) => void captured.push(o) });
  expect(restore.summary.result).toBe("succeeded");
  const after = await drift(s.workDir, stackName, s.env, "json");
  captured.push(after.stdout, after.stderr);
  if (after.code !== 0) throw new Error(`after up, drift exited ${after.code}:\n${after.stdout}\n${after.stderr}`);
  expect(JSON.parse(after.stdout)).toMatchObject({ drifted: false, resources: [] });
  // Every key value the project holds now: the recreated API key's and the service_role key TableRows used.
  const keys = await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`);
  expect(keys.status).toBe(200);
  for (const k of keys.body as Array<{ api_key?: string }>) if (k.api_key) apiKeyValues.push(k.api_key);
  expect(apiKeyValues.length).toBeGreaterThanOrEqual(5);

  // No secret value, root key or token in any report, engine output or the state.
  const exported = await s.cli(["stack", "export"]);
  expect(exported.code).toBe(0);
  const everything = [...captured, exported.stdout].join("\n");
  const reports = [text.stdout, markdown.stdout, json.stdout].join("\n");
  for (const secret of [
    DB_PASS,
    SECRET_VALUE,
    SMTP_PASS,
    OAUTH_SECRET,
    OUT_OF_BAND_SMTP,
    MAP_VALUE,
    OUT_OF_BAND_SECRET,
    OUT_OF_BAND_MAP,
    ROOT_KEY,
    OTHER_ROOT_KEY,
    emu.accessToken,
    ...apiKeyValues,
  ])
    expect(everything).not.toContain(secret);
  // Row contents stay out of the reports: keys and column names only.
  expect(reports).not.toContain(OUT_OF_BAND_ROW);
  expect(reports).not.toContain("599");

  await s.stack.destroy({ parallel: 8 });
});

test("a branch changed out of band: drift names it like any other kind (exit 2)", async () => {
  const s = await emulatorStack(emu, async () => {
    const org = new supabase.Organization("org", { name: "Drift Branch Org" });
    const project = new supabase.Project("project", {
      name: "drift-branch",
      organizationId: org.organizationId,
      region: "eu-west-2",
      dbPass: DB_PASS,
    });
    const branch = new supabase.Branch("preview", {
      projectRef: project.ref,
      name: "pr-9",
      gitBranch: "feature/drift",
      persistent: false,
    });
    return { branchRef: branch.ref };
  });
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8 });
  const branchRef = up.outputs.branchRef.value as string;
  const patched = await emu.api("PATCH", `/v1/branches/${branchRef}`, { git_branch: "elsewhere", persistent: true });
  expect(patched.status).toBe(200);
  const text = await drift(s.workDir, s.stack.name, s.env, "text");
  if (text.code !== 2) throw new Error(`drift exited ${text.code}:\n${text.stdout}\n${text.stderr}`);
  expect(text.stdout).toMatch(/^Drift in stack .*: 1 of 3 resources drifted \(1 Branch\)\./);
  expect(text.stdout).toContain("\nBranch (1)\n  preview: changed gitBranch, persistent\n");
  await s.stack.destroy({ parallel: 8 });
  // The branch's project went with it.
  const left = await emu.api("GET", `/v1/projects/${branchRef}`);
  expect(left.status === 404 || /^(GOING_DOWN|REMOVED)$/.test(left.body.status)).toBe(true);
});
