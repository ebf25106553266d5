/**
 * Branching in the emulator: enabling it with the first branch, a branch as a
 * project of its own (ref, keys, database with the parent's migrations,
 * settings, secrets), its statuses on the emulator clock, lookups by name,
 * ref and id, updates, and the refusals.
 */
import { readyProject, startTestEmulator, type TestEmulator } from "../../../harness/emulator";

let emu: TestEmulator;
let n = 0;

beforeAll(async () => {
  emu = await startTestEmulator({ provisioningDelayMs: 0, deletionDelayMs: 60_000 });
});

afterAll(async () => {
  await emu?.close();
});

/** A healthy parent project with `count` migrations recorded in its history. */
async function parentWith(count: number): Promise<string> {
  const { ref } = await readyProject(emu, `parent${n++}`);
  for (let i = 0; i < count; i++) {
    const res = await emu.api("POST", `/v1/projects/${ref}/database/migrations`, {
      query: `create table public.t${i} (id bigint primary key, note text)`,
      name: `t${i}`,
    });
    expect(res.status).toBe(200);
  }
  return ref;
}

const sql = async (ref: string, query: string) => {
  const res = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  expect(res.status).toBe(201);
  return res.body as Array<Record<string, unknown>>;
};

test("the first branch enables branching: a default branch for the parent, then the new one", async () => {
  const ref = await parentWith(2);
  const before = await emu.api("GET", `/v1/projects/${ref}/branches`);
  expect(before).toMatchObject({
    status: 422,
    body: { message: "Preview branching is not enabled for this project." },
  });

  // The parent's service configuration goes to its branches.
  expect((await emu.api("PATCH", `/v1/projects/${ref}/postgrest`, { max_rows: 321 })).status).toBe(200);
  // Branches come up at the provisioning pace of the moment.
  await emu.setSettings({ provisioningDelayMs: 60_000 });
  const created = await emu.api("POST", `/v1/projects/${ref}/branches`, {
    branch_name: "feature-a",
    git_branch: "feature/a",
    secrets: { API_URL: "https://example.test" },
  });
  await emu.setSettings({ provisioningDelayMs: 0 });
  expect(created.status).toBe(201);
  const branch = created.body;
  expect(branch).toMatchObject({
    name: "feature-a",
    parent_project_ref: ref,
    is_default: false,
    git_branch: "feature/a",
    persistent: false,
    with_data: false,
    status: "CREATING_PROJECT",
    preview_project_status: "COMING_UP",
  });
  expect(branch.project_ref).toMatch(/^[a-z]{20}$/);
  expect(branch.project_ref).not.toBe(ref);
  expect(branch.id).toMatch(/^[0-9a-f-]{36}$/);

  const list = await emu.api("GET", `/v1/projects/${ref}/branches`);
  expect(list.status).toBe(200);
  expect(
    list.body.map((b: { name: string; is_default: boolean; project_ref: string }) => [b.name, b.is_default]),
  ).toEqual([
    ["main", true],
    ["feature-a", false],
  ]);
  expect(list.body[0]).toMatchObject({ project_ref: ref, status: "MIGRATIONS_PASSED", persistent: true });

  // The statuses follow the emulator clock: the project comes up, then the migrations run.
  await emu.advanceTime(60_000);
  expect((await emu.api("GET", `/v1/projects/${ref}/branches/feature-a`)).body).toMatchObject({
    status: "RUNNING_MIGRATIONS",
    preview_project_status: "ACTIVE_HEALTHY",
  });
  await emu.advanceTime(60_000);
  expect((await emu.api("GET", `/v1/projects/${ref}/branches/feature-a`)).body.status).toBe("MIGRATIONS_PASSED");

  // A project of its own: its database has the parent's schema and history, its secrets and keys are its own.
  const b = branch.project_ref as string;
  expect((await emu.api("GET", `/v1/projects/${b}`)).body).toMatchObject({ ref: b, status: "ACTIVE_HEALTHY" });
  const history = (await emu.api("GET", `/v1/projects/${b}/database/migrations`)).body;
  const parentHistory = (await emu.api("GET", `/v1/projects/${ref}/database/migrations`)).body;
  expect(history).toEqual(parentHistory);
  expect(await sql(b, "select count(*)::int as n from pg_tables where schemaname = 'public'")).toEqual([{ n: 2 }]);
  expect((await emu.api("GET", `/v1/projects/${b}/postgrest`)).body.max_rows).toBe(321);
  const secrets = (await emu.api("GET", `/v1/projects/${b}/secrets`)).body;
  expect(secrets.map((s: { name: string }) => s.name)).toEqual(["API_URL"]);
  const keys = (await emu.api("GET", `/v1/projects/${b}/api-keys`)).body;
  const parentKeys = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body;
  expect(keys[0].api_key).not.toBe(parentKeys[0].api_key);
  // Only the parent is listed among the projects.
  const projects = (await emu.api("GET", "/v1/projects")).body.map((p: { ref: string }) => p.ref);
  expect(projects).toContain(ref);
  expect(projects).not.toContain(b);

  // The branch's database answers by ref and by the deprecated id.
  const detail = await emu.api("GET", `/v1/branches/${b}`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({
    ref: b,
    status: "ACTIVE_HEALTHY",
    db_host: `db.${b}.supabase.co`,
    db_port: 5432,
    db_user: "postgres",
    release_channel: "ga",
  });
  expect(typeof detail.body.db_pass).toBe("string");
  expect(detail.body.jwt_secret).toBe(await emu.jwtSecret(b));
  const verified = await emu.control("POST", `/projects/${b}/db-password/verify`, { password: detail.body.db_pass });
  expect(verified.body).toEqual({ valid: true });
  expect((await emu.api("GET", `/v1/branches/${branch.id}`)).body.ref).toBe(b);
  expect((await emu.api("GET", `/v1/branches/${ref}`)).body).toMatchObject({ ref, status: "ACTIVE_HEALTHY" });
});

test("names are unique per parent; the default branch cannot be deleted; unknown branches are 404", async () => {
  const ref = await parentWith(0);
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "dev" })).status).toBe(201);
  const dup = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "dev" });
  expect(dup).toMatchObject({ status: 409, body: { message: "A branch named dev already exists for this project." } });
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "main" })).status).toBe(409);
  const again = await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "x", is_default: true });
  expect(again).toMatchObject({ status: 400, body: { message: "This project already has a default branch." } });

  const main = await emu.api("DELETE", `/v1/branches/${ref}`);
  expect(main).toMatchObject({ status: 422, body: { message: "Cannot delete the default branch." } });
  expect((await emu.api("GET", `/v1/projects/${ref}/branches/nope`)).status).toBe(404);
  expect((await emu.api("GET", "/v1/branches/zzzzzzzzzzzzzzzzzzzz")).body).toEqual({ message: "Branch not found" });
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "r", region: "mars-1" })).body).toEqual({
    message: "Need to use one of available regions",
  });
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "" })).status).toBe(400);
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "u", colour: "red" })).status).toBe(400);
});

test("is_default only enables branching; a parent that is not up cannot branch; a branch cannot branch", async () => {
  const ref = await parentWith(0);
  const enabled = await emu.api("POST", `/v1/projects/${ref}/branches`, {
    branch_name: "production",
    is_default: true,
  });
  expect(enabled.status).toBe(201);
  expect(enabled.body).toMatchObject({
    name: "production",
    is_default: true,
    project_ref: ref,
    parent_project_ref: ref,
  });
  const list = (await emu.api("GET", `/v1/projects/${ref}/branches`)).body;
  expect(list.map((b: { name: string }) => b.name)).toEqual(["production"]);

  const child = (await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "child" })).body;
  const nested = await emu.api("POST", `/v1/projects/${child.project_ref}/branches`, { branch_name: "grandchild" });
  expect(nested).toMatchObject({ status: 400, body: { message: "Cannot create a branch of a preview branch." } });
  expect((await emu.api("GET", `/v1/projects/${child.project_ref}/branches`)).status).toBe(422);

  await emu.setSettings({ provisioningDelayMs: 60_000 });
  const org = (await emu.api("POST", "/v1/organizations", { name: `young${n++}` })).body;
  const young = (
    await emu.api("POST", "/v1/projects", {
      name: "young",
      organization_slug: org.slug,
      region: "us-east-1",
      db_pass: "pw1234",
    })
  ).body;
  const refused = await emu.api("POST", `/v1/projects/${young.id}/branches`, { branch_name: "early" });
  expect(refused).toMatchObject({
    status: 400,
    body: { message: "Parent project is not ready to branch: its status is COMING_UP." },
  });
  await emu.setSettings({ provisioningDelayMs: 0 });
});

test("PATCH updates name, git branch, persistence, review and status; DELETE removes the branch and its project", async () => {
  const ref = await parentWith(1);
  const branch = (await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "old" })).body;
  await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "other" });
  const patched = await emu.api("PATCH", `/v1/branches/${branch.project_ref}`, {
    branch_name: "new",
    git_branch: "feature/new",
    persistent: true,
    request_review: true,
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ name: "new", git_branch: "feature/new", persistent: true });
  expect(typeof patched.body.review_requested_at).toBe("string");
  expect((await emu.api("PATCH", `/v1/branches/${branch.id}`, { branch_name: "other" })).status).toBe(409);
  const failed = await emu.api("PATCH", `/v1/branches/${branch.id}`, { status: "MIGRATIONS_FAILED" });
  expect(failed.body.status).toBe("MIGRATIONS_FAILED");
  expect((await emu.api("PATCH", `/v1/branches/${branch.id}`, { status: "DONE" })).status).toBe(400);

  const deleted = await emu.api("DELETE", `/v1/branches/${branch.project_ref}`);
  expect(deleted).toMatchObject({ status: 200, body: { message: "ok" } });
  expect((await emu.api("GET", `/v1/projects/${ref}/branches/new`)).status).toBe(404);
  expect((await emu.api("GET", `/v1/branches/${branch.id}`)).status).toBe(404);
  expect((await emu.api("GET", `/v1/projects/${branch.project_ref}`)).body.status).toBe("GOING_DOWN");
  await emu.advanceTime(60_000);
  expect((await emu.api("GET", `/v1/projects/${branch.project_ref}`)).status).toBe(404);
});

test("DELETE /v1/projects/{ref}/branches disables branching and deletes every branch", async () => {
  const ref = await parentWith(0);
  const a = (await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "a" })).body;
  const b = (await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "b" })).body;
  expect((await emu.api("DELETE", `/v1/projects/${ref}/branches`)).status).toBe(200);
  expect((await emu.api("GET", `/v1/projects/${ref}/branches`)).status).toBe(422);
  expect((await emu.api("DELETE", `/v1/projects/${ref}/branches`)).status).toBe(422);
  await emu.advanceTime(60_000);
  expect((await emu.api("GET", `/v1/projects/${a.project_ref}`)).status).toBe(404);
  expect((await emu.api("GET", `/v1/projects/${b.project_ref}`)).status).toBe(404);
  // The parent itself is untouched, and branching can be enabled again.
  expect((await emu.api("GET", `/v1/projects/${ref}`)).body.status).toBe("ACTIVE_HEALTHY");
  expect((await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "a" })).status).toBe(201);
});

test("deleting the parent project removes its branches' projects", async () => {
  const ref = await parentWith(0);
  const branch = (await emu.api("POST", `/v1/projects/${ref}/branches`, { branch_name: "orphan" })).body;
  expect((await emu.api("DELETE", `/v1/projects/${ref}`)).status).toBe(200);
  expect((await emu.api("GET", `/v1/projects/${branch.project_ref}`)).status).toBe(200);
  await emu.advanceTime(60_000);
  expect((await emu.api("GET", `/v1/projects/${ref}`)).status).toBe(404);
  expect((await emu.api("GET", `/v1/projects/${branch.project_ref}`)).status).toBe(404);
  expect((await emu.api("GET", `/v1/branches/${branch.id}`)).status).toBe(404);
});
