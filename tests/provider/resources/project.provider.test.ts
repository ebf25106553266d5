/**
 * Organization and Project provider methods, in-process against a loopback
 * emulator. Each documented API footprint is asserted from the request log.
 */
import * as runtime from "supabase-pulumi/runtime";
import { SupabaseError } from "../../../provider/errors";
import type { TestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";

type Emu = TestEmulator;
let emu: Emu;

const organization = runtime.provider("organization");
const project = runtime.provider("project");
const DB_PASS = "provider-test-password";

async function calls() {
  return (await emu.requests()).filter((r) => r.api === "management").map((r) => r.route ?? `${r.method} ${r.path}`);
}

function count(list: string[], entry: string): number {
  return list.filter((c) => c === entry).length;
}

async function newOrg(name = "Provider Org") {
  const { id } = await organization.create({ name });
  return id;
}

async function newProject(org: string, name: string, extra: Record<string, unknown> = {}) {
  return project.create({
    name,
    organizationId: org,
    region: "eu-west-1",
    dbPass: DB_PASS,
    createTimeoutSeconds: 30,
    __provider: "p",
    ...extra,
  });
}

useEmulator({
  runtime,
  setup: (started) => {
    emu = started;
  },
  beforeEach: (e) => e.reset(),
});

describe("Project", () => {
  test("create is exactly 1 POST and waits for ACTIVE_HEALTHY", async () => {
    const org = await newOrg();
    await emu.clearRequests();
    const { id, outs } = await newProject(org, "app");
    expect(id).toMatch(/^[a-z]{20}$/);
    expect(outs).toMatchObject({
      name: "app",
      organizationId: org,
      region: "eu-west-1",
      ref: id,
      status: "ACTIVE_HEALTHY",
      apiUrl: emu.projectUrlTemplate.replace("{ref}", id),
      graphqlUrl: `${emu.projectUrlTemplate.replace("{ref}", id)}/graphql/v1`,
    });
    expect(outs!.databaseHost).toEqual(expect.any(String));
    expect(outs).not.toHaveProperty("dbPass");
    const c = await calls();
    expect(count(c, "POST /v1/projects")).toBe(1);
    expect(c.filter((x) => x !== "POST /v1/projects").every((x) => x === "GET /v1/projects/{ref}")).toBe(true);
  });

  test("reads of 20 projects coalesce into one list call", async () => {
    const org = await newOrg();
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => newProject(org, `p${i}`)));
    await emu.clearRequests();
    runtime.resetContexts();
    const reads = await Promise.all(created.map((c) => project.read(c.id, c.outs!)));
    expect(reads.map((r) => r.id)).toEqual(created.map((c) => c.id));
    expect(await calls()).toEqual(["GET /v1/projects"]);
  });

  test("read detects an out-of-band rename and a deleted project", async () => {
    const org = await newOrg();
    const { id, outs } = await newProject(org, "app");
    await emu.api("PATCH", `/v1/projects/${id}`, { name: "renamed" });
    runtime.resetContexts();
    const r = await project.read(id, outs!);
    expect(r.props).toMatchObject({ name: "renamed" });
    const d = await project.diff(id, r.props!, {
      name: "app",
      organizationId: org,
      region: "eu-west-1",
      dbPass: DB_PASS,
    });
    expect(d).toMatchObject({ changes: true, replaces: [] });

    await emu.api("DELETE", `/v1/projects/${id}`);
    await emu.advanceTime(60_000);
    runtime.resetContexts();
    expect((await project.read(id, outs!)).id).toBe("");
  });

  test("update of the name is 1 PATCH + 1 GET", async () => {
    const org = await newOrg();
    const { id, outs } = await newProject(org, "app");
    await emu.clearRequests();
    const news = { name: "app-renamed", organizationId: org, region: "eu-west-1", dbPass: DB_PASS };
    const { outs: after } = await project.update(id, outs!, news);
    expect(after).toMatchObject({ name: "app-renamed", ref: id });
    expect(await calls()).toEqual(["PATCH /v1/projects/{ref}", "GET /v1/projects/{ref}"]);
  });

  test("a new dbPass is 1 PATCH of the password, in place, and the database then accepts only the new one", async () => {
    const org = await newOrg();
    const { id, outs } = await newProject(org, "app");
    expect(outs!.dbPassDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(outs)).not.toContain(DB_PASS);
    const base = { name: "app", organizationId: org, region: "eu-west-1" };
    expect(await project.diff(id, outs!, { ...base, dbPass: DB_PASS })).toMatchObject({ changes: false });
    const NEW_PASS = "rotated-password-2";
    expect(await project.diff(id, outs!, { ...base, dbPass: NEW_PASS })).toMatchObject({
      changes: true,
      replaces: [],
    });

    await emu.clearRequests();
    const { outs: after } = await project.update(id, outs!, { ...base, dbPass: NEW_PASS });
    expect(await calls()).toEqual(["PATCH /v1/projects/{ref}/database/password", "GET /v1/projects/{ref}"]);
    expect(after!.dbPassDigest).not.toBe(outs!.dbPassDigest);
    expect(JSON.stringify(after)).not.toContain(NEW_PASS);
    const verify = async (password: string) =>
      (await emu.control("POST", `/projects/${id}/db-password/verify`, { password })).body.valid;
    expect(await verify(NEW_PASS)).toBe(true);
    expect(await verify(DB_PASS)).toBe(false);
    // The password travelled in the body only: no logged path holds it.
    expect(JSON.stringify(await emu.requests())).not.toContain(NEW_PASS);
    expect(await project.diff(id, after!, { ...base, dbPass: NEW_PASS })).toMatchObject({ changes: false });

    // A refresh keeps the digest, so the comparison still holds afterwards.
    runtime.resetContexts();
    const read = await project.read(id, after!);
    expect(read.props!.dbPassDigest).toBe(after!.dbPassDigest);

    // A state from before digests were kept does not change the password.
    const { dbPassDigest: _d, ...legacy } = outs!;
    expect(await project.diff(id, legacy, { ...base, dbPass: "anything-else" })).toMatchObject({ changes: false });
  });

  test("delete waits while the project is still provisioning, then until it is gone", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 1200 });
    const res = await emu.api("POST", "/v1/projects", {
      name: "young",
      organization_id: org,
      region: "eu-west-1",
      db_pass: DB_PASS,
    });
    const ref = res.body.id as string;
    await emu.clearRequests();
    await project.delete(ref, { deleteTimeoutSeconds: 30 });
    const c = await calls();
    expect(count(c, "DELETE /v1/projects/{ref}")).toBeGreaterThanOrEqual(2); // at least one "not ready" answer
    expect((await emu.api("GET", `/v1/projects/${ref}`)).status).toBe(404);
  });

  test("a project that never becomes healthy is still recorded (partial failure with id and provider)", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 600_000 });
    let err: any;
    try {
      await newProject(org, "slow", { createTimeoutSeconds: 1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeDefined();
    expect(err.id).toMatch(/^[a-z]{20}$/);
    expect(err.properties).toMatchObject({ name: "slow", ref: err.id, status: "COMING_UP", __provider: "p" });
    expect(err.properties).not.toHaveProperty("dbPass");
    expect(err.message).toMatch(/Timed out/);
    expect(String(err.message)).not.toContain(emu.accessToken);
  });

  test("create fails fast on a terminal status and still records the project", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 600_000 });
    const creating = newProject(org, "doomed", { createTimeoutSeconds: 120 }).then(
      () => undefined,
      (e: any) => e,
    );
    // The platform fails the project while the provider waits for it.
    let ref: string | undefined;
    while (!ref) {
      ref = ((await emu.api("GET", "/v1/projects")).body as Array<{ id: string; name: string }>).find(
        (p) => p.name === "doomed",
      )?.id;
      if (!ref) await new Promise((r) => setTimeout(r, 50));
    }
    await emu.clearRequests();
    expect((await emu.control("PUT", `/projects/${ref}/status`, { status: "INIT_FAILED" })).status).toBe(200);
    const err = await creating;
    // It stopped at the first read that saw the terminal status (one read may have been under way before it),
    // not at the 120 s timeout.
    const reads = (await calls()).filter((c) => c.startsWith("GET "));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(err.message).toMatch(/reached status INIT_FAILED and will not become healthy/);
    expect(err.id).toBe(ref);
    expect(err.properties).toMatchObject({ ref, __provider: "p" });
  });

  test("a paused project is status drift; update says why it cannot restore it, then succeeds once resumed", async () => {
    const org = await newOrg();
    const { id, outs } = await newProject(org, "pausable");
    await emu.control("PUT", `/projects/${id}/status`, { status: "INACTIVE" });
    runtime.resetContexts();
    const r = await project.read(id, outs!);
    expect(r.props).toMatchObject({ status: "INACTIVE" });
    const news = {
      name: "pausable",
      organizationId: org,
      region: "eu-west-1",
      dbPass: DB_PASS,
      createTimeoutSeconds: 30,
    };
    expect(await project.diff(id, r.props!, news)).toMatchObject({ changes: true, replaces: [] });
    // The state knows it paused: update restores it, but a status imposed by the platform stays, and the wait names it.
    await expect(project.update(id, r.props!, news)).rejects.toThrow(
      new RegExp(`Project ${id} is paused \\(INACTIVE\\)`),
    );
    await emu.control("PUT", `/projects/${id}/status`, { status: null });
    const { outs: after } = await project.update(id, r.props!, news);
    expect(after).toMatchObject({ status: "ACTIVE_HEALTHY" });
  });

  test("adopt: true takes over a project with the same organization and name", async () => {
    const org = await newOrg();
    const first = await newProject(org, "shared");
    await emu.clearRequests();
    const second = await newProject(org, "shared", { adopt: true });
    expect(second.id).toBe(first.id);
    expect(count(await calls(), "POST /v1/projects")).toBe(0);
  });

  test("a POST reset after the server acted is settled by a lookup, not a second POST", async () => {
    const org = await newOrg();
    await emu.addFault({ method: "POST", path: "/v1/projects", reset: "after", times: 1 });
    await emu.clearRequests();
    const { id } = await newProject(org, "reset-once");
    const projects = (await emu.api("GET", "/v1/projects")).body as Array<{ id: string; name: string }>;
    expect(projects.filter((p) => p.name === "reset-once").map((p) => p.id)).toEqual([id]);
    expect(count(await calls(), "POST /v1/projects")).toBe(1);
  });

  test("the wait for ACTIVE_HEALTHY survives failing polls (503, resets, 429) and ends healthy", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 1500 });
    try {
      const poll = { method: "GET", path: "/v1/projects/{ref}" };
      await emu.addFault({ ...poll, status: 503, times: 2 });
      await emu.addFault({ ...poll, reset: "before", times: 1 });
      await emu.addFault({ ...poll, status: 429, headers: { "Retry-After": "1" }, times: 1 });
      await emu.clearRequests();
      const { outs } = await newProject(org, "flaky-polls");
      expect(outs!.status).toBe("ACTIVE_HEALTHY");
      expect(await emu.faults()).toEqual([]);
      expect(count(await calls(), "POST /v1/projects")).toBe(1);
    } finally {
      await emu.clearFaults();
      await emu.setSettings({ provisioningDelayMs: 200 });
    }
  });

  test("a missing token is a configuration error that names the config key, before any request", async () => {
    runtime.configure({ apiUrl: emu.apiUrl, projectUrlTemplate: emu.projectUrlTemplate });
    const saved = process.env.SUPABASE_ACCESS_TOKEN;
    delete process.env.SUPABASE_ACCESS_TOKEN;
    runtime.resetContexts();
    await emu.clearRequests();
    try {
      const err = await organization.create({ name: "x" }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(SupabaseError.is(err, "CONFIG")).toBe(true);
      expect(String((err as Error).message)).toMatch(/supabase:accessToken/);
      expect(await calls()).toEqual([]);
    } finally {
      if (saved !== undefined) process.env.SUPABASE_ACCESS_TOKEN = saved;
      runtime.configure({
        accessToken: emu.accessToken,
        apiUrl: emu.apiUrl,
        projectUrlTemplate: emu.projectUrlTemplate,
      });
    }
  });
});
