/**
 * The contract checker itself: it accepts conforming exchanges and reports
 * each kind of violation, so a green provider or e2e run means something.
 */
import type { Exchange } from "../../../emulator/types";
import { ContractChecker, type Violation } from "../../../harness/contract";

const REF = "abcdefghijklmnopqrst";
const UA = { "user-agent": "supabase-pulumi/0.1.0" };

function exchange(partial: Partial<Exchange> & { method: string; path: string }): Exchange {
  return {
    query: "",
    requestHeaders: { ...UA },
    requestBody: Buffer.alloc(0),
    status: 200,
    responseHeaders: {},
    ...partial,
  };
}

function json(value: unknown): { body: Buffer; type: Record<string, string> } {
  return { body: Buffer.from(JSON.stringify(value)), type: { "content-type": "application/json" } };
}

async function check(...xs: Exchange[]): Promise<Violation[]> {
  const c = new ContractChecker([]);
  for (const x of xs) c.observe(x);
  await c.settle();
  return c.unexplained();
}

const project = {
  id: REF,
  ref: REF,
  organization_id: "acme",
  organization_slug: "acme",
  name: "app",
  region: "us-east-1",
  created_at: "2026-01-01T00:00:00Z",
  status: "COMING_UP",
  database: { host: `db.${REF}.supabase.co`, version: "17.4", postgres_engine: "17", release_channel: "ga" },
};

test("a conforming create and its answer pass", async () => {
  const req = json({
    name: "app",
    db_pass: "pw-123456",
    organization_slug: "acme",
    region_selection: { type: "specific", code: "us-east-1" },
  });
  const res = json(project);
  const v = await check(
    exchange({
      method: "POST",
      path: "/v1/projects",
      requestHeaders: { ...UA, ...req.type },
      requestBody: req.body,
      status: 201,
      responseHeaders: { "Content-Type": "application/json; charset=utf-8" },
      responseBody: res.body,
    }),
  );
  expect(v).toEqual([]);
});

test("deprecated properties, bad bodies, parameters and answers are each reported", async () => {
  const old = json({ name: "app", db_pass: "pw", organization_slug: "acme", organization_id: "acme" });
  const noDb = json({ ...project, database: undefined });
  const v = await check(
    exchange({
      method: "POST",
      path: "/v1/projects",
      requestHeaders: { ...UA, ...old.type },
      requestBody: old.body,
      status: 201,
    }),
    exchange({
      method: "GET",
      path: `/v1/projects/${REF}`,
      responseHeaders: { "content-type": "application/json" },
      responseBody: noDb.body,
    }),
    exchange({ method: "GET", path: "/v1/projects/NOT-A-REF" }),
    exchange({ method: "GET", path: `/v1/projects/${REF}/api-keys`, query: "reveal=maybe&extra=1" }),
    exchange({ method: "PUT", path: "/v1/organizations" }),
    exchange({ method: "GET", path: `/v1/projects/${REF}/secrets`, status: 404, responseBody: Buffer.from("nope") }),
  );
  const kinds = v.map((x) => x.kind).sort();
  expect(kinds).toEqual(
    [
      "deprecated",
      "error-body",
      "path-param",
      "query-param",
      "query-param",
      "response-body",
      "undeclared-error-status",
      "unknown-operation",
    ].sort(),
  );
});

test("multipart deploys: the metadata part is required and checked, files must be files", async () => {
  const good = new FormData();
  good.append(
    "metadata",
    new Blob([JSON.stringify({ entrypoint_path: "index.ts", name: "hello" })], { type: "application/json" }),
  );
  good.append("file", new Blob(["export {}"], { type: "application/typescript" }), "index.ts");
  const bad = new FormData();
  bad.append("metadata", JSON.stringify({ name: "no entrypoint" }));
  bad.append("other", "x");
  const toExchange = async (form: FormData) => {
    const r = new Request("http://x/", { method: "POST", body: form });
    return exchange({
      method: "POST",
      path: `/v1/projects/${REF}/functions/deploy`,
      query: "slug=hello",
      requestHeaders: { ...UA, "content-type": r.headers.get("content-type")! },
      requestBody: Buffer.from(await r.arrayBuffer()),
      status: 201,
      responseHeaders: { "content-type": "application/json" },
      responseBody: Buffer.from(
        JSON.stringify({ id: "1", slug: "hello", name: "hello", status: "ACTIVE", version: 1 }),
      ),
    });
  };
  expect(await check(await toExchange(good))).toEqual([]);
  const v = await check(await toExchange(bad));
  expect(v.map((x) => x.message)).toEqual([
    expect.stringContaining("part metadata"),
    expect.stringContaining("undeclared part other"),
  ]);
});

test("probes of paths outside the spec are counted, not checked; the provider's are violations", async () => {
  const c = new ContractChecker([]);
  c.observe(exchange({ method: "GET", path: "/v1/nowhere", requestHeaders: {} }));
  c.observe(exchange({ method: "GET", path: "/v1/nowhere" }));
  await c.settle();
  expect(c.summary()).toMatchObject({ exchanges: 2, outsideSpec: 1, requestsChecked: 1 });
  expect(c.unexplained().map((x) => x.kind)).toEqual(["unknown-operation"]);
});
