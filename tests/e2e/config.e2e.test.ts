/**
 * The configuration resources on the real engine, in one stack: AuthConfig
 * (with the SMTP password and an OAuth provider's secret), PostgrestConfig,
 * PostgresConfig, PoolerConfig, StorageConfig, SslEnforcement and an ApiKey.
 * up → a clean refresh preview → a change out of band is drift → up restores
 * it → destroy; and no secret value it used is anywhere in the state, the
 * engine's output or the emulator's request log.
 */
import * as supabase from "supabase-pulumi";
import { useEmulator } from "../../harness/suite";
import { cleanup, emulatorStack, type TestEmulator } from "./helpers";

const DB_PASS = "config-e2e-db-pass-4c1d";
const SMTP_PASS = "smtp-pass-9e3b71aa";
const GITHUB_SECRET = "github-oauth-secret-51f0c2d7";
const SITE_URL = "https://app.config-e2e.example.com";

let emu: TestEmulator;
const dirs: string[] = [];
const captured: string[] = [];
const onOutput = (o: string) => void captured.push(o);

useEmulator({
  setup: (started) => {
    emu = started;
  },
  teardown: () => {
    for (const d of dirs) cleanup(d);
  },
});

async function program() {
  const org = new supabase.Organization("org", { name: "Config Org" });
  const project = new supabase.Project("project", {
    name: "config",
    organizationId: org.organizationId,
    region: "eu-west-1",
    dbPass: DB_PASS,
  });
  const ref = project.ref;
  new supabase.AuthConfig("auth", {
    projectRef: ref,
    siteUrl: SITE_URL,
    uriAllowList: "https://app.config-e2e.example.com/**,http://localhost:3000",
    disableSignup: false,
    jwtExp: 7200,
    mailerAutoconfirm: false,
    passwordMinLength: 12,
    smtpAdminEmail: "noreply@config-e2e.example.com",
    smtpHost: "smtp.config-e2e.example.com",
    smtpPort: "587",
    smtpUser: "mailer",
    smtpPass: SMTP_PASS,
    smtpSenderName: "Config E2E",
    externalGithubEnabled: true,
    externalGithubClientId: "gh-client-id-e2e",
    externalGithubSecret: GITHUB_SECRET,
  });
  new supabase.PostgrestConfig("rest", { projectRef: ref, dbSchema: "public,storage", maxRows: 500 });
  new supabase.PostgresConfig("postgres", { projectRef: ref, statementTimeout: "30s" });
  new supabase.PoolerConfig("pooler", { projectRef: ref, defaultPoolSize: 25 });
  new supabase.StorageConfig("storage", { projectRef: ref, fileSizeLimit: 10_485_760 });
  new supabase.SslEnforcement("ssl", { projectRef: ref, database: true });
  const key = new supabase.ApiKey("backend-key", {
    projectRef: ref,
    type: "secret",
    name: "backend_service",
    description: "used by the backend",
  });
  return { ref, keyId: key.keyId, apiKey: key.apiKey };
}

test("config stack: up, clean refresh preview, out-of-band change is drift, up restores it, destroy; no plaintext secret", async () => {
  const s = await emulatorStack(emu, program);
  dirs.push(s.dir);
  const up = await s.stack.up({ parallel: 8, onOutput });
  expect(up.summary.result).toBe("succeeded");
  const ref = up.outputs.ref.value as string;
  expect(up.outputs.apiKey.secret).toBe(true);
  const auth = async () => (await emu.api("GET", `/v1/projects/${ref}/config/auth`)).body;
  expect(await auth()).toMatchObject({ site_url: SITE_URL, jwt_exp: 7200, external_github_enabled: true });
  expect((await emu.api("GET", `/v1/projects/${ref}/ssl-enforcement`)).body.currentConfig).toEqual({ database: true });
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<{
    id: string;
    name: string;
    api_key: string;
  }>;
  const created = keys.find((k) => k.name === "backend_service")!;
  expect(created.id).toBe(up.outputs.keyId.value);
  const secrets = [DB_PASS, SMTP_PASS, GITHUB_SECRET, created.api_key, emu.accessToken];

  // `pulumi preview --refresh --expect-no-changes`, through the Automation API (the program is inline).
  await s.stack.preview({ refresh: true, expectNoChanges: true, parallel: 8, onOutput });

  // Out of band: the site URL and the key's name change behind the stack's back.
  expect((await emu.api("PATCH", `/v1/projects/${ref}/config/auth`, { site_url: "https://evil.example" })).status).toBe(
    200,
  );
  expect(
    (await emu.api("PATCH", `/v1/projects/${ref}/api-keys/${created.id}`, { name: "renamed_elsewhere" })).status,
  ).toBe(200);
  const drift = await s.stack.preview({ refresh: true, diff: true, parallel: 8, onOutput });
  expect(drift.changeSummary.update).toBe(2);
  expect(drift.stdout).toMatch(/supabase:AuthConfig[\s\S]*siteUrl/);
  expect(drift.stdout).toContain("supabase:ApiKey");
  await expect(s.stack.preview({ refresh: true, expectNoChanges: true, parallel: 8, onOutput })).rejects.toThrow();

  const restore = await s.stack.up({ refresh: true, parallel: 8, onOutput });
  expect(restore.summary.result).toBe("succeeded");
  expect((await auth()).site_url).toBe(SITE_URL);
  const after = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ id: string; name: string }>;
  expect(after.find((k) => k.id === created.id)?.name).toBe("backend_service");
  await s.stack.preview({ refresh: true, expectNoChanges: true, parallel: 8, onOutput });

  // The state as stored (the CLI's export; the Automation API's would decrypt the secrets).
  const exported = await s.cli(["stack", "export"]);
  expect(exported.code).toBe(0);
  expect(exported.stdout).toContain("supabase:ApiKey");
  const state = exported.stdout;
  const requestLog = JSON.stringify(await emu.requests());

  await s.stack.destroy({ parallel: 8, onOutput });
  const remaining = await emu.api("GET", `/v1/projects/${ref}/api-keys`);
  expect(remaining.status === 404 || !JSON.stringify(remaining.body).includes(created.id)).toBe(true);

  const sources: Record<string, string> = { output: captured.join("\n"), state, requestLog };
  for (const secret of secrets) {
    const found = Object.entries(sources)
      .filter(([, text]) => text.includes(secret))
      .map(
        ([name, text]) => `${name}: …${text.slice(Math.max(0, text.indexOf(secret) - 300), text.indexOf(secret) + 50)}`,
      );
    expect({ secret, found }).toEqual({ secret, found: [] });
  }
});
