/**
 * ManagementClient against a scripted loopback server: typed calls, tolerant
 * parsing, error mapping, retry rules per operation, and no leaked secrets.
 */
import type { Dispatcher } from "undici";
import { createDispatcher } from "../../../provider/http/dispatcher";
import { ManagementClient, type ResponseInfo } from "../../../provider/client";
import { ApiError, SupabaseError } from "../../../provider/errors";
import { json, reset, startServer, text, type Handler, type TestServer } from "../http/test-server";

const TOKEN = "sbp_0123456789abcdef0123456789abcdef01234567";

let server: TestServer;
let dispatcher: Dispatcher.ComposedDispatcher;

async function setup(
  handler: Handler,
  extra: { token?: () => string | undefined; onResponse?: (i: ResponseInfo) => void; maxRetries?: number } = {},
) {
  server = await startServer(handler);
  dispatcher = createDispatcher({ retry: { minDelayMs: 5, maxDelayMs: 2000, maxRetries: extra.maxRetries } });
  return new ManagementClient({
    apiUrl: server.url,
    accessToken: extra.token ?? (() => TOKEN),
    dispatcher,
    onResponse: extra.onResponse,
  });
}

afterEach(async () => {
  // Each test builds its own pair; drop them so a test without setup cannot reuse closed ones.
  const [d, s] = [dispatcher, server];
  dispatcher = undefined as unknown as typeof dispatcher;
  server = undefined as unknown as typeof server;
  await d?.close();
  await s?.close();
});

const project = {
  id: "abcdefghijklmnopqrst",
  organization_id: "acme",
  name: "p1",
  region: "us-east-1",
  created_at: "2000-01-01T00:00:00Z",
};

function errorOf(p: Promise<unknown>): Promise<SupabaseError> {
  return p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e as SupabaseError,
  );
}

describe("typed calls", () => {
  it("lists organizations, keeping unknown fields and filling id from slug", async () => {
    const client = await setup((_req, res) =>
      json(res, 200, [
        { id: "acme", name: "Acme" },
        { slug: "beta", name: "Beta", billing: { plan: "free" } },
      ]),
    );
    const orgs = await client.listOrganizations();
    expect(orgs).toEqual([
      { id: "acme", name: "Acme", slug: undefined },
      { id: "beta", slug: "beta", name: "Beta", billing: { plan: "free" } },
    ]);
    expect(server.seen[0]).toMatchObject({ method: "GET", path: "/v1/organizations" });
  });

  it("reads a project in the documented shape and in the real service's shape", async () => {
    const client = await setup((req, res) =>
      req.path.endsWith("/seed")
        ? json(res, 200, project)
        : json(res, 200, {
            ref: "zzzzzzzzzzzzzzzzzzzz",
            organization_slug: "acme",
            name: "p2",
            region: "eu-west-1",
            created_at: "2000-01-01T00:00:00Z",
            status: "ACTIVE_HEALTHY",
            database: { host: "db.x.supabase.co", version: "17.6.1.111", release_channel: "ga" },
          }),
    );
    expect(await client.getProject("seed")).toEqual(project);
    const real = await client.getProject("real");
    expect(real).toMatchObject({ id: "zzzzzzzzzzzzzzzzzzzz", organization_id: "acme", status: "ACTIVE_HEALTHY" });
    expect(real.database).toEqual({ host: "db.x.supabase.co", version: "17.6.1.111", release_channel: "ga" });
  });

  it("creates a project with the document's body (no deprecated keys), once, and reads the 201", async () => {
    const client = await setup((req, res) =>
      json(res, 201, { ...project, ...JSON.parse(req.body), db_pass: undefined, status: "UNKNOWN" }),
    );
    const p = await client.createProject({
      name: "p1",
      db_pass: "s3cret-pass",
      organization_slug: "acme",
      region_selection: { type: "specific", code: "us-east-1" },
    });
    expect(p).toMatchObject({ id: project.id, name: "p1", status: "UNKNOWN" });
    expect(JSON.parse(server.seen[0]!.body)).toEqual({
      name: "p1",
      db_pass: "s3cret-pass",
      organization_slug: "acme",
      region_selection: { type: "specific", code: "us-east-1" },
    });
    expect(server.seen[0]!.headers["content-type"]).toBe("application/json");
  });

  it("renames, deletes, lists keys and runs SQL on the documented routes", async () => {
    const client = await setup((req, res) => {
      if (req.method === "PATCH" || req.method === "DELETE")
        return json(res, 200, { id: 711274, ref: project.id, name: "renamed" });
      if (req.path.includes("/api-keys"))
        return json(res, 200, [
          { name: "anon", api_key: "eyJ.x.y", type: "legacy", id: "anon" },
          { name: "secret", api_key: null },
        ]);
      return json(res, 201, [{ "?column?": 1 }]);
    });
    expect(await client.updateProject(project.id, { name: "renamed" })).toEqual({
      id: 711274,
      ref: project.id,
      name: "renamed",
    });
    expect((await client.deleteProject(project.id)).ref).toBe(project.id);
    const keys = await client.getApiKeys(project.id, { reveal: true });
    expect(keys.map((k) => [k.name, k.api_key])).toEqual([
      ["anon", "eyJ.x.y"],
      ["secret", undefined],
    ]);
    expect(await client.runQuery(project.id, "select $1", [1])).toEqual([{ "?column?": 1 }]);
    expect(server.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PATCH /v1/projects/${project.id}`,
      `DELETE /v1/projects/${project.id}`,
      `GET /v1/projects/${project.id}/api-keys?reveal=true`,
      `POST /v1/projects/${project.id}/database/query`,
    ]);
    expect(JSON.parse(server.seen[3]!.body)).toEqual({ query: "select $1", parameters: [1] });
  });

  it("accepts empty success bodies and offers text and raw reads", async () => {
    const client = await setup((req, res) =>
      req.path === "/empty" ? text(res, 200, "") : text(res, 200, "plain", { "x-a": "1" }),
    );
    expect(await client.request("DELETE", "/empty")).toBeUndefined();
    expect(await client.request("GET", "/t", { expect: "text" })).toBe("plain");
    const raw = await client.request<{ status: number; headers: Record<string, string>; body: Buffer }>("GET", "/t", {
      expect: "raw",
    });
    expect([raw.status, raw.headers["x-a"], raw.body.toString()]).toEqual([200, "1", "plain"]);
  });

  it("rejects a success body of the wrong shape with an error naming the field", async () => {
    const client = await setup((_req, res) => json(res, 200, { id: "x", name: "p" }));
    const err = await errorOf(client.getProject("x"));
    expect(ApiError.isApi(err) && err.status).toBe(200);
    expect(err.message).toMatch(/unexpected response shape at (organization_id|region)/);
  });
});

describe("errors", () => {
  it("maps 404 to NOT_FOUND with method, path and the API's message", async () => {
    const client = await setup((_req, res) => json(res, 404, { message: "Project not found" }));
    const err = await errorOf(client.getProject("nope"));
    expect(SupabaseError.is(err, "NOT_FOUND")).toBe(true);
    expect(err).toMatchObject({
      status: 404,
      method: "GET",
      path: "/v1/projects/nope",
      apiMessage: "Project not found",
    });
    expect(server.seen).toHaveLength(1);
  });

  it("reads non-JSON, empty, nested-JSON and HTML error bodies", async () => {
    const client = await setup(
      (req, res) => {
        switch (req.path) {
          case "/text":
            return text(res, 400, "upstream says no", { "content-type": "text/plain" });
          case "/empty":
            return text(res, 400, "");
          case "/nested":
            return json(res, 400, { message: JSON.stringify({ error: "not found" }) });
          case "/extra":
            return json(res, 400, {
              message: "Failed to run sql query: ERROR:  42601: syntax error",
              errorEventId: "e1",
            });
          default:
            return text(res, 429, "<!DOCTYPE html><html><head><title>Rate limited | Cloudflare</title></head></html>", {
              "content-type": "text/html",
            });
        }
      },
      { maxRetries: 0 },
    );
    const msg = async (path: string) => ((await errorOf(client.request("GET", path))) as ApiError).apiMessage;
    expect(await msg("/text")).toBe("upstream says no");
    expect(await msg("/empty")).toBe("Bad Request");
    expect(await msg("/nested")).toBe("not found");
    expect(await msg("/extra")).toBe("Failed to run sql query: ERROR: 42601: syntax error");
    const html = await errorOf(client.request("GET", "/html"));
    expect(SupabaseError.is(html, "RATE_LIMITED")).toBe(true);
    expect((html as ApiError).apiMessage).toMatch(/throttled.*Rate limited \| Cloudflare/);
  });

  it("keeps Retry-After on a final 429", async () => {
    const client = await setup(
      (_req, res) => json(res, 429, { message: "ThrottlerException: Too Many Requests" }, { "retry-after": "0" }),
      {
        maxRetries: 1,
      },
    );
    const err = (await errorOf(client.listProjects())) as ApiError;
    expect(err).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterSeconds: 0 });
    expect(server.seen).toHaveLength(2);
  });

  it("maps a reset to NetworkError", async () => {
    const client = await setup((_req, res) => reset(res), { maxRetries: 1 });
    const err = await errorOf(client.listOrganizations());
    expect(err).toMatchObject({ code: "NETWORK", method: "GET", path: "/v1/organizations" });
    expect(server.seen).toHaveLength(2);
  });

  it("says how long a request kept trying when it gives up on a transient failure", async () => {
    process.env.SUPABASE_RETRY_BUDGET_SECONDS = "0.3";
    try {
      const client = await setup((_req, res) => json(res, 503, { message: "Service Unavailable" }));
      const err = await errorOf(client.listOrganizations());
      expect(err).toMatchObject({ code: "API", status: 503 });
      expect((err as Error).message).toMatch(
        /failed with 503: Service Unavailable \(gave up after \d+ attempts in 0 s; retry budget 0 s, set supabase:retryBudgetSeconds or SUPABASE_RETRY_BUDGET_SECONDS/,
      );
      expect(server.seen.length).toBeGreaterThan(2);
    } finally {
      delete process.env.SUPABASE_RETRY_BUDGET_SECONDS;
    }
  });

  it("fails with CONFIG before any traffic when the token is missing", async () => {
    const client = await setup((_req, res) => json(res, 200, []), { token: () => undefined });
    const err = await errorOf(client.listProjects());
    expect(SupabaseError.is(err, "CONFIG")).toBe(true);
    expect(err.message).toMatch(/supabase:accessToken or SUPABASE_ACCESS_TOKEN/);
    expect(server.seen).toHaveLength(0);
  });

  it("never puts the token, a query secret or the db password in an error", async () => {
    const client = await setup(
      (req, res) =>
        req.path.startsWith("/reset")
          ? reset(res)
          : json(res, 401, { message: `Unauthorized: ${req.headers.authorization} ${req.body}` }),
      { maxRetries: 0 },
    );
    const errors = [
      await errorOf(
        client.createProject({
          name: "p",
          db_pass: "hunter2-db-pass",
          organization_slug: "o",
          region_selection: { type: "specific", code: "us-east-1" },
        }),
      ),
      await errorOf(client.request("GET", "/v1/x", { query: { apikey: TOKEN } })),
      await errorOf(client.request("GET", "/reset", { query: { apikey: TOKEN } })),
    ];
    expect((errors[1] as ApiError).path).toBe("/v1/x");
    expect(errors[2]).toMatchObject({ code: "NETWORK", path: "/reset" });
    for (const e of errors) {
      const everything = `${e.message} ${e.stack} ${JSON.stringify(e)} ${String((e as ApiError).apiMessage)}`;
      expect(everything).not.toContain(TOKEN);
    }
    // The server echoed the token back; redact() removed it from the message.
    expect(errors[0]!.message).toContain("Bearer [redacted]");
  });
});

describe("retry rules per operation", () => {
  it("never retries createProject or createOrganization", async () => {
    const client = await setup((_req, res) => json(res, 503, { message: "busy" }));
    expect(await errorOf(client.createOrganization({ name: "o" }))).toMatchObject({ status: 503 });
    expect(
      await errorOf(
        client.createProject({
          name: "p",
          db_pass: "x1234",
          organization_slug: "o",
          region_selection: { type: "specific", code: "us-east-1" },
        }),
      ),
    ).toMatchObject({
      status: 503,
    });
    expect(server.seen).toHaveLength(2);
  });

  it("retries reads, renames and read-only SQL, reporting every attempt", async () => {
    const infos: ResponseInfo[] = [];
    const client = await setup(
      (req, res) => {
        if (req.n % 2 === 1) return json(res, 503, {});
        if (req.method === "PATCH") return json(res, 200, { id: 1, ref: "r", name: "n" });
        if (req.method === "POST") return json(res, 201, [{ a: 1 }]);
        return json(res, 200, project);
      },
      { onResponse: (i) => infos.push(i) },
    );
    await client.getProject("r");
    await client.updateProject("r", { name: "n" });
    await client.runQuery("r", "select 1 as a", undefined, { readOnly: true });
    expect(server.seen).toHaveLength(6);
    expect(JSON.parse(server.seen[5]!.body)).toEqual({ query: "select 1 as a", read_only: true });
    expect(infos.map((i) => `${i.method} ${i.path} ${i.status} #${i.attempt}`)).toEqual([
      "GET /v1/projects/r 503 #1",
      "GET /v1/projects/r 200 #2",
      "PATCH /v1/projects/r 503 #1",
      "PATCH /v1/projects/r 200 #2",
      "POST /v1/projects/r/database/query 503 #1",
      "POST /v1/projects/r/database/query 201 #2",
    ]);
    expect(infos.every((i) => i.durationMs >= 0)).toBe(true);
  });

  it("does not retry SQL that may write", async () => {
    const client = await setup((_req, res) => json(res, 503, {}));
    expect(await errorOf(client.runQuery("r", "insert into t values (1)"))).toMatchObject({ status: 503 });
    expect(server.seen).toHaveLength(1);
  });
});
