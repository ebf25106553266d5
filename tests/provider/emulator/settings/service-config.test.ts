/**
 * The service-configuration, API-key and password routes, driven through
 * supabase-management-js: a third-party client generated from the same spec,
 * so the shapes are checked by a client this project did not write.
 */
import { createHmac } from "node:crypto";
import { SupabaseManagementAPI, SupabaseManagementAPIError } from "supabase-management-js";
import type { TestEmulator } from "../../../../harness/emulator";
import { newProject, useSettingsProject } from "./helpers";

let emu: TestEmulator;
let api: SupabaseManagementAPI;
let ref: string;

useSettingsProject((e, r) => {
  emu = e;
  ref = r;
  api = new SupabaseManagementAPI({ accessToken: emu.accessToken, baseUrl: emu.apiUrl });
});

const hmac = (value: string) => createHmac("sha256", ref).update(value).digest("hex");

async function refusal(call: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call();
  } catch (err) {
    if (err instanceof SupabaseManagementAPIError)
      return { status: err.status, message: String((err.data as { message?: string }).message) };
    throw err;
  }
  throw new Error("the call was not refused");
}

async function graphqlStatus(key: string): Promise<number> {
  const res = await fetch(`${emu.projectUrlTemplate.replace("{ref}", ref)}/graphql/v1`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
  return res.status;
}

test("auth config: every spec field with a new project's defaults; PATCH merges and answers secrets hashed", async () => {
  const initial = await api.getAuthServiceConfig(ref);
  expect(initial.status).toBe(200);
  expect(Object.keys(initial.data).length).toBeGreaterThan(230);
  expect(initial.data).toMatchObject({ site_url: "http://localhost:3000", jwt_exp: 3600, smtp_pass: null });

  const updated = await api.updateAuthServiceConfig(ref, {
    site_url: "https://app.example.com",
    smtp_pass: "smtp-password-1",
    external_github_enabled: true,
    external_github_client_id: "gh-client",
    external_github_secret: "gh-secret-1",
  });
  expect(updated.data).toMatchObject({
    site_url: "https://app.example.com",
    jwt_exp: 3600,
    smtp_pass: hmac("smtp-password-1"),
    external_github_secret: hmac("gh-secret-1"),
    external_github_client_id: "gh-client",
  });
  expect(JSON.stringify((await api.getAuthServiceConfig(ref)).data)).not.toContain("gh-secret-1");

  expect(await refusal(() => api.updateAuthServiceConfig(ref, { jwt_exp: 10_000_000 }))).toEqual({
    status: 400,
    message: "jwt_exp must not be greater than 604800",
  });
  const unknown = await refusal(() => api.updateAuthServiceConfig(ref, { not_a_field: 1 } as never));
  expect(unknown).toEqual({ status: 400, message: "property not_a_field should not exist" });
});

test("postgrest: defaults, PATCH, and the JWT secret only on GET", async () => {
  const initial = await api.getPostgrestServiceConfig(ref);
  expect(initial.data).toMatchObject({ db_schema: "public, graphql_public", max_rows: 1000, db_pool: null });
  expect(typeof initial.data.jwt_secret).toBe("string");
  const updated = await api.updatePostgrestServiceConfig(ref, { db_schema: "public,api", max_rows: 500 });
  expect(updated.data).toEqual({
    db_schema: "public,api",
    max_rows: 500,
    db_extra_search_path: "public, extensions",
    db_pool: null,
  });
  expect((await refusal(() => api.updatePostgrestServiceConfig(ref, { max_rows: -1 }))).status).toBe(400);
});

test("postgres: PUT replaces the overrides and restarts the project until restartDelayMs later", async () => {
  expect((await api.getPostgresConfig(ref)).data).toEqual({});
  const put = await api.updatePostgresConfig(ref, { max_connections: 120, statement_timeout: "60s" });
  expect(put.data).toEqual({ max_connections: 120, statement_timeout: "60s" });
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("RESTARTING");
  expect((await refusal(() => api.updatePostgresConfig(ref, { max_connections: 100, work_mem: "4MB" }))).status).toBe(
    400,
  );
  await emu.advanceTime(1_000);
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  // Replacing with the same settings changes nothing and does not restart.
  await api.updatePostgresConfig(ref, { max_connections: 120, statement_timeout: "60s" });
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  await api.updatePostgresConfig(ref, { work_mem: "8MB", restart_database: false });
  expect((await api.getPostgresConfig(ref)).data).toEqual({ work_mem: "8MB" });
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  const bad = await refusal(() => api.updatePostgresConfig(ref, { session_replication_role: "primary" as never }));
  expect(bad.message).toBe("session_replication_role must be one of the following values: origin, replica, local");
});

test("pooler: the primary's connection facts; PATCH answers pool size and mode", async () => {
  const [pooler] = (await api.getPoolerConfig(ref)).data;
  expect(pooler).toMatchObject({
    identifier: ref,
    database_type: "PRIMARY",
    db_user: `postgres.${ref}`,
    db_port: 6543,
    pool_mode: "transaction",
    default_pool_size: 15,
  });
  const updated = await api.updatePoolerConfig(ref, { default_pool_size: 30, pool_mode: "session" });
  expect(updated.data).toEqual({ default_pool_size: 30, pool_mode: "session" });
  expect((await api.getPoolerConfig(ref)).data[0]).toMatchObject({ default_pool_size: 30, pool_mode: "session" });
  expect((await refusal(() => api.updatePoolerConfig(ref, { default_pool_size: 5000 }))).status).toBe(400);
});

test("pooler writes answer 500 'error adding pooler tenant' until the project is up", async () => {
  await emu.setSettings({ provisioningDelayMs: 5_000 });
  const fresh = await newProject(emu, "fresh");
  const refused = await refusal(() => api.updatePoolerConfig(fresh, { pool_mode: "session" }));
  expect(refused.status).toBe(500);
  expect(refused.message).toMatch(/^error adding pooler tenant/);
});

test("storage: defaults; PATCH merges features and answers an empty 200", async () => {
  const initial = await api.getStorageConfig(ref);
  expect(initial.data).toMatchObject({
    fileSizeLimit: 52428800,
    features: { imageTransformation: { enabled: false } },
  });
  const patched = await api.updateStorageConfig(ref, {
    fileSizeLimit: 10485760,
    features: { imageTransformation: { enabled: true } },
  });
  expect(patched.status).toBe(200);
  expect((await api.getStorageConfig(ref)).data).toMatchObject({
    fileSizeLimit: 10485760,
    features: { imageTransformation: { enabled: true }, s3Protocol: { enabled: true } },
  });
  expect((await refusal(() => api.updateStorageConfig(ref, { fileSizeLimit: -1 }))).status).toBe(400);
});

test("ssl enforcement: off by default, PUT applies", async () => {
  expect((await api.getSslEnforcementConfig(ref)).data).toEqual({
    currentConfig: { database: false },
    appliedSuccessfully: true,
  });
  const put = await api.updateSslEnforcementConfig(ref, { requestedConfig: { database: true } });
  expect(put.data).toEqual({ currentConfig: { database: true }, appliedSuccessfully: true });
  expect((await refusal(() => api.updateSslEnforcementConfig(ref, {} as never))).status).toBe(400);
});

test("api keys: create, read, update, delete; created keys work on the GraphQL API until deleted", async () => {
  const listed = (await api.getProjectApiKeys(ref)).data;
  expect(listed.map((k) => k.type)).toEqual(["legacy", "legacy", "publishable", "secret"]);

  const created = await api.createProjectApiKey(
    ref,
    { type: "secret", name: "ci_secret_key", description: "CI deploy key" },
    { reveal: true },
  );
  expect(created.status).toBe(201);
  const key = created.data;
  expect(key).toMatchObject({ type: "secret", name: "ci_secret_key", description: "CI deploy key" });
  expect(key.api_key).toMatch(/^sb_secret_/);
  expect(await graphqlStatus(key.api_key!)).toBe(200);

  const masked = await api.getProjectApiKey(ref, key.id!);
  expect(masked.data.api_key).not.toBe(key.api_key);
  expect((await api.getProjectApiKey(ref, key.id!, { reveal: true })).data.api_key).toBe(key.api_key);
  expect((await api.getProjectApiKeys(ref, { reveal: true })).data.map((k) => k.api_key)).toContain(key.api_key);

  const renamed = await api.updateProjectApiKey(ref, key.id!, { name: "ci_secret_key_rotated" });
  expect(renamed.data).toMatchObject({ id: key.id, name: "ci_secret_key_rotated" });
  expect((await refusal(() => api.updateProjectApiKey(ref, key.id!, { name: "Bad Name" }))).status).toBe(400);

  const publishable = await api.createProjectApiKey(ref, { type: "publishable", name: "web_app" });
  expect(publishable.data.api_key).toMatch(/^sb_publishable_/);
  expect(await graphqlStatus(publishable.data.api_key!)).toBe(200);

  const deleted = await api.deleteProjectApiKey(ref, key.id!, { was_compromised: false });
  expect(deleted.data.id).toBe(key.id);
  expect(await graphqlStatus(key.api_key!)).toBe(401);
  expect((await refusal(() => api.getProjectApiKey(ref, key.id!))).status).toBe(404);
  expect((await refusal(() => api.createProjectApiKey(ref, { type: "secret", name: "x" }))).status).toBe(400);
});

test("database password: PATCH answers a message; the password must have 4 characters or more", async () => {
  const changed = await api.updateDatabasePassword(ref, { password: "correct-horse-battery-staple" });
  expect(changed).toMatchObject({ status: 200, data: { message: expect.any(String) } });
  expect(await refusal(() => api.updateDatabasePassword(ref, { password: "abc" }))).toEqual({
    status: 400,
    message: "password must be longer than or equal to 4 characters",
  });
});
