/**
 * Management API of the emulator over real sockets: auth, errors, organizations,
 * the project lifecycle and API keys.
 */
import { verifyJwt } from "../../../emulator";
import { startTestEmulator, type TestEmulator } from "../../../harness/emulator";

let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator();
});

afterAll(async () => {
  await emu?.close();
});

beforeEach(async () => {
  await emu.reset();
});

async function newOrg(name = "Acme"): Promise<string> {
  const res = await emu.api("POST", "/v1/organizations", { name });
  expect(res.status).toBe(201);
  return res.body.slug;
}

async function newProject(org: string, extra: Record<string, unknown> = {}) {
  const res = await emu.api("POST", "/v1/projects", {
    name: "app",
    organization_slug: org,
    region: "eu-west-1",
    db_pass: "s3cret-pass",
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as Record<string, any>;
}

describe("auth and errors", () => {
  test("missing, malformed and wrong tokens are 401 Unauthorized", async () => {
    for (const authorization of [undefined, "Basic abc", `Bearer ${emu.accessToken}x`, "Bearer"]) {
      const res = await fetch(`${emu.apiUrl}/v1/projects`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
  });

  test("the generated token has the personal access token shape", () => {
    expect(emu.accessToken).toMatch(/^sbp_[0-9a-f]{40}$/);
  });

  test("unknown routes answer Cannot METHOD path", async () => {
    expect(await emu.api("GET", "/v1/whatever")).toMatchObject({
      status: 404,
      body: { message: "Cannot GET /v1/whatever" },
    });
    expect(await emu.api("PUT", "/v1/projects")).toMatchObject({
      status: 404,
      body: { message: "Cannot PUT /v1/projects" },
    });
    const ref = "abcdefghijklmnopqrst";
    expect(await emu.api("GET", `/project/${ref}/graphql/v1`)).toMatchObject({
      status: 404,
      body: { message: `Cannot GET /project/${ref}/graphql/v1` },
    });
  });

  test("an unknown project's GraphQL endpoint is 404 Project not found", async () => {
    const graphql = await emu.api("POST", "/project/abcdefghijklmnopqrst/graphql/v1", { query: "{ __typename }" });
    expect(graphql).toMatchObject({ status: 404, body: { message: "Project not found" } });
  });

  test("unknown and malformed project refs are 404 Project not found", async () => {
    for (const path of [
      "/v1/projects/abcdefghijklmnopqrst",
      "/v1/projects/NOT-A-REF",
      "/v1/projects/abcdefghijklmnopqrst/api-keys",
    ]) {
      expect(await emu.api("GET", path)).toMatchObject({ status: 404, body: { message: "Project not found" } });
    }
    expect(await emu.api("PATCH", "/v1/projects/abcdefghijklmnopqrst", { name: "x" })).toMatchObject({ status: 404 });
    expect(await emu.api("DELETE", "/v1/projects/abcdefghijklmnopqrst")).toMatchObject({ status: 404 });
  });

  test("invalid JSON and invalid bodies are 400 with a message", async () => {
    const bad = await fetch(`${emu.apiUrl}/v1/organizations`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.accessToken}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(typeof ((await bad.json()) as { message: unknown }).message).toBe("string");
    expect(await emu.api("POST", "/v1/organizations", {})).toMatchObject({
      status: 400,
      body: { message: "name should not be empty" },
    });
    expect(await emu.api("POST", "/v1/organizations", { name: "x".repeat(257) })).toMatchObject({
      status: 400,
      body: { message: "name must be shorter than or equal to 256 characters" },
    });
    expect(await emu.api("POST", "/v1/organizations", { name: "a", extra: 1 })).toMatchObject({
      status: 400,
      body: { message: "property extra should not exist" },
    });
  });
});

describe("organizations", () => {
  test("create answers 201 {id, slug, name}; list returns them in order", async () => {
    expect((await emu.api("GET", "/v1/organizations")).body).toEqual([]);
    const a = await emu.api("POST", "/v1/organizations", { name: "Acme" });
    expect(a.status).toBe(201);
    expect(a.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(a.body).toEqual({ id: expect.stringMatching(/^[a-z]{20}$/), slug: a.body.id, name: "Acme" });
    const b = await emu.api("POST", "/v1/organizations", { name: "Beta" });
    const list = await emu.api("GET", "/v1/organizations");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([a.body, b.body]);
  });
});

describe("projects", () => {
  test("create: 201 with the seed shape, COMING_UP, and the database the spec requires in every status", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 60_000 });
    const p = await newProject(org);
    expect(p).toEqual({
      id: expect.stringMatching(/^[a-z]{20}$/),
      ref: p.id,
      organization_id: org,
      organization_slug: org,
      name: "app",
      region: "eu-west-1",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      status: "COMING_UP",
      database: {
        host: `db.${p.id}.supabase.co`,
        version: expect.stringMatching(/^\d+\.\d+/),
        postgres_engine: expect.stringMatching(/^\d+$/),
        release_channel: "ga",
      },
    });
    expect(JSON.stringify(p)).not.toContain("s3cret-pass");
    const got = await emu.api("GET", `/v1/projects/${p.id}`);
    expect(got).toMatchObject({ status: 200, body: p });
    expect((await emu.api("GET", "/v1/projects")).body).toEqual([p]);
  });

  test("COMING_UP becomes ACTIVE_HEALTHY when the clock advances", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 60_000 });
    const p = await newProject(org);
    await emu.advanceTime(59_000);
    expect((await emu.api("GET", `/v1/projects/${p.id}`)).body.status).toBe("COMING_UP");
    await emu.advanceTime(1_000);
    const got = (await emu.api("GET", `/v1/projects/${p.id}`)).body;
    expect(got.status).toBe("ACTIVE_HEALTHY");
    expect(got.database).toEqual({
      host: `db.${p.id}.supabase.co`,
      version: expect.stringMatching(/^\d+\.\d+/),
      postgres_engine: expect.stringMatching(/^\d+$/),
      release_channel: "ga",
    });
    expect(Date.parse(got.created_at)).toBe(Date.parse(p.created_at));
  });

  test("COMING_UP becomes ACTIVE_HEALTHY after the real provisioning delay", async () => {
    const p = await newProject(await newOrg());
    expect(p.status).toBe("COMING_UP");
    await new Promise((r) => setTimeout(r, 250));
    expect((await emu.api("GET", `/v1/projects/${p.id}`)).body.status).toBe("ACTIVE_HEALTHY");
  });

  test("a provisioning delay of 0 creates projects ready at once", async () => {
    await emu.setSettings({ provisioningDelayMs: 0 });
    const p = await newProject(await newOrg());
    expect(p.status).toBe("ACTIVE_HEALTHY");
    expect(p.database.host).toBe(`db.${p.id}.supabase.co`);
  });

  test("create validation: organization, region, unknown properties", async () => {
    const org = await newOrg();
    const post = (body: Record<string, unknown>) =>
      emu.api("POST", "/v1/projects", { name: "x", db_pass: "pw12", ...body });
    expect(await post({ organization_slug: "nosuchorganization", region: "eu-west-1" })).toMatchObject({
      status: 404,
      body: { message: "Organization not found" },
    });
    expect(await post({ organization_slug: org, region: "mars-1" })).toMatchObject({
      status: 400,
      body: { message: "Need to use one of available regions" },
    });
    expect(await post({ organization_slug: org, region: "americas" })).toMatchObject({
      status: 400,
      body: { message: "Need to use one of available regions" },
    });
    expect(await post({ organization_slug: org, region: "eu-west-1", nope: true })).toMatchObject({
      status: 400,
      body: { message: "property nope should not exist" },
    });
    expect(await post({ region: "eu-west-1" })).toMatchObject({
      status: 400,
      body: { message: "organization_slug should not be empty" },
    });
    expect(
      await emu.api("POST", "/v1/projects", { name: "x", organization_slug: org, region: "eu-west-1" }),
    ).toMatchObject({
      status: 400,
      body: { message: "db_pass should not be empty" },
    });
    expect(
      await post({
        organization_slug: org,
        region: "eu-west-1",
        region_selection: { type: "specific", code: "eu-west-1" },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Only one of region or region_selection can be specified." },
    });
    expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
  });

  test("organization_id (the seed's name) and region_selection are accepted", async () => {
    const org = await newOrg();
    const a = await emu.api("POST", "/v1/projects", {
      name: "a",
      organization_id: org,
      region: "us-east-1",
      db_pass: "pw12",
    });
    expect(a).toMatchObject({ status: 201, body: { organization_id: org, region: "us-east-1" } });
    const b = await emu.api("POST", "/v1/projects", {
      name: "b",
      organization_slug: org,
      region_selection: { type: "smartGroup", code: "emea" },
      db_pass: "pw12",
      desired_instance_size: "micro",
    });
    expect(b).toMatchObject({ status: 201, body: { region: "eu-central-1" } });
  });

  test("PATCH renames and answers {id: integer, ref, name}", async () => {
    const p = await newProject(await newOrg());
    const res = await emu.api("PATCH", `/v1/projects/${p.id}`, { name: "renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), ref: p.id, name: "renamed" });
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect((await emu.api("GET", `/v1/projects/${p.id}`)).body.name).toBe("renamed");
    expect(await emu.api("PATCH", `/v1/projects/${p.id}`, { name: "" })).toMatchObject({ status: 400 });
    expect(await emu.api("PATCH", `/v1/projects/${p.id}`, { name: "x", region: "eu-west-2" })).toMatchObject({
      status: 400,
      body: { message: "property region should not exist" },
    });
  });

  test("DELETE while COMING_UP is 400 Project not ready for deletion.", async () => {
    await emu.setSettings({ provisioningDelayMs: 60_000 });
    const p = await newProject(await newOrg());
    expect(await emu.api("DELETE", `/v1/projects/${p.id}`)).toMatchObject({
      status: 400,
      body: { message: "Project not ready for deletion." },
    });
    expect((await emu.api("GET", `/v1/projects/${p.id}`)).body.status).toBe("COMING_UP");
  });

  test("DELETE: GOING_DOWN and still listed, then gone (clock and real time)", async () => {
    const org = await newOrg();
    await emu.setSettings({ provisioningDelayMs: 0, deletionDelayMs: 30_000 });
    const p = await newProject(org, { name: "doomed" });
    const keep = await newProject(org, { name: "kept" });
    const del = await emu.api("DELETE", `/v1/projects/${p.id}`);
    expect(del).toMatchObject({ status: 200, body: { id: expect.any(Number), ref: p.id, name: "doomed" } });
    expect((await emu.api("GET", `/v1/projects/${p.id}`)).body.status).toBe("GOING_DOWN");
    expect((await emu.api("GET", "/v1/projects")).body.map((x: { id: string }) => x.id)).toEqual([p.id, keep.id]);
    expect((await emu.api("DELETE", `/v1/projects/${p.id}`)).status).toBe(200);
    await emu.advanceTime(30_000);
    expect(await emu.api("GET", `/v1/projects/${p.id}`)).toMatchObject({
      status: 404,
      body: { message: "Project not found" },
    });
    expect((await emu.api("GET", "/v1/projects")).body.map((x: { id: string }) => x.id)).toEqual([keep.id]);

    await emu.setSettings({ deletionDelayMs: 100 });
    await emu.api("DELETE", `/v1/projects/${keep.id}`);
    expect((await emu.api("GET", `/v1/projects/${keep.id}`)).body.status).toBe("GOING_DOWN");
    await new Promise((r) => setTimeout(r, 150));
    expect((await emu.api("GET", `/v1/projects/${keep.id}`)).status).toBe(404);
  });

  test("health follows the project's status", async () => {
    await emu.setSettings({ provisioningDelayMs: 10_000 });
    const p = await newProject(await newOrg());
    const health = () => emu.api("GET", `/v1/projects/${p.id}/health?services=db&services=auth`);
    expect((await health()).body).toEqual([
      { name: "db", healthy: false, status: "COMING_UP" },
      { name: "auth", healthy: false, status: "COMING_UP" },
    ]);
    await emu.advanceTime(10_000);
    expect(await health()).toMatchObject({
      status: 200,
      body: [{ name: "db", healthy: true, status: "ACTIVE_HEALTHY" }, { status: "ACTIVE_HEALTHY" }],
    });
    expect(await emu.api("GET", `/v1/projects/${p.id}/health`)).toMatchObject({
      status: 400,
      body: { message: "services should not be empty" },
    });
    expect((await emu.api("GET", `/v1/projects/${p.id}/health?services=nope`)).status).toBe(400);
  });

  test("projects get increasing integer ids", async () => {
    await emu.setSettings({ provisioningDelayMs: 0 });
    const org = await newOrg();
    const a = await newProject(org);
    const b = await newProject(org);
    const ida = (await emu.api("PATCH", `/v1/projects/${a.id}`, { name: "a" })).body.id;
    const idb = (await emu.api("PATCH", `/v1/projects/${b.id}`, { name: "b" })).body.id;
    expect(idb).toBeGreaterThan(ida);
  });
});

describe("api keys", () => {
  test("anon and service_role are HS256 JWTs of the project, with their role", async () => {
    const p = await newProject(await newOrg());
    const res = await emu.api("GET", `/v1/projects/${p.id}/api-keys`);
    expect(res.status).toBe(200);
    const keys = res.body as Array<Record<string, any>>;
    const anon = keys.find((k) => k.name === "anon")!;
    const service = keys.find((k) => k.name === "service_role")!;
    expect(anon).toMatchObject({
      id: "anon",
      type: "legacy",
      api_key: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(service).toMatchObject({ id: "service_role", type: "legacy" });

    const header = JSON.parse(Buffer.from(anon.api_key.split(".")[0], "base64url").toString());
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = JSON.parse(Buffer.from(anon.api_key.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ iss: "supabase", ref: p.id, role: "anon" });
    expect(claims.exp - claims.iat).toBeGreaterThan(5 * 365 * 24 * 3600);
    const secret0 = await emu.jwtSecret(p.id);
    expect(verifyJwt(anon.api_key, secret0)).toMatchObject({ ok: true, claims: { role: "anon", ref: p.id } });
    expect(verifyJwt(service.api_key, secret0)).toMatchObject({
      ok: true,
      claims: { role: "service_role", ref: p.id },
    });
    expect(verifyJwt(anon.api_key, "not-the-secret")).toEqual({ ok: false, reason: "invalid signature" });

    // The same keys on every read.
    expect((await emu.api("GET", `/v1/projects/${p.id}/api-keys`)).body).toEqual(keys);
    const secret = keys.find((k) => k.type === "secret")!;
    expect(secret.api_key).not.toMatch(/^sb_secret_[\w-]{20,}$/);
    const revealed = (await emu.api("GET", `/v1/projects/${p.id}/api-keys?reveal=true`)).body as Array<
      Record<string, any>
    >;
    expect(revealed.find((k) => k.type === "secret")!.api_key).toMatch(/^sb_secret_[\w-]{20,}$/);
    expect(revealed.find((k) => k.type === "publishable")!.api_key).toMatch(/^sb_publishable_/);
  });
});
