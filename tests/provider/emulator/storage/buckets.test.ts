/**
 * The bucket part of a project's Storage API on the emulator: the service's
 * auth answers, bodies and error shapes (status in the body, HTTP 400), the
 * bucket rules enforced on upload, the management API's list from the same
 * state, the request log, and durable state across a restart.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readyProject, startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { useEmulator } from "../../../../harness/suite";
import { storage, upload } from "./storage-api";

let ref: string;
const suite = useEmulator({
  beforeEach: async (emu) => {
    await emu.reset();
    ({ ref } = await readyProject(emu, "storage"));
  },
});
const emu = () => suite.emu;
const call = (method: string, p: string, body?: unknown, options?: Parameters<typeof storage>[5]) =>
  storage(emu(), ref, method, p, body, options);

const anonKey = async () =>
  ((await emu().api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ name: string; api_key: string }>).find(
    (k) => k.name === "anon",
  )!.api_key;

test("the gateway's 401s without a key of the project; other roles meet row-level security", async () => {
  expect(await call("GET", "/bucket", undefined, { apiKey: null })).toMatchObject({
    status: 401,
    body: { message: "No API key found in request" },
  });
  expect(await call("GET", "/bucket", undefined, { apiKey: "sb_secret_not-a-key-of-this-project" })).toMatchObject({
    status: 401,
    body: { message: "Invalid API key" },
  });
  const anon = await anonKey();
  expect(await call("POST", "/bucket", { name: "nope" }, { apiKey: anon })).toEqual({
    status: 400,
    headers: expect.any(Object),
    body: { statusCode: "403", error: "Unauthorized", message: "new row violates row-level security policy" },
  });
  // The secret key works as apikey and bearer, like the legacy service_role JWT.
  const keys = (await emu().api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<{
    type: string;
    api_key: string;
  }>;
  const secret = keys.find((k) => k.type === "secret")!.api_key;
  expect(await call("POST", "/bucket", { name: "by-secret" }, { apiKey: secret, bearer: secret })).toMatchObject({
    status: 200,
    body: { name: "by-secret" },
  });
});

test("create, get and list answer the service's shapes; the management list reads the same state", async () => {
  expect(
    await call("POST", "/bucket", {
      name: "avatars",
      public: true,
      file_size_limit: "5MB",
      allowed_mime_types: ["image/png", ""],
    }),
  ).toMatchObject({ status: 200, body: { name: "avatars" } });
  await call("POST", "/bucket", { id: "docs-id", name: "docs", file_size_limit: 2048 });
  const avatars = {
    id: "avatars",
    name: "avatars",
    owner: "",
    public: true,
    type: "STANDARD",
    file_size_limit: 5_000_000,
    allowed_mime_types: ["image/png"],
    created_at: expect.stringMatching(/Z$/),
    updated_at: expect.stringMatching(/Z$/),
  };
  expect((await call("GET", "/bucket/avatars")).body).toEqual(avatars);
  const list = (await call("GET", "/bucket")).body as Array<{ id: string; public: boolean }>;
  expect(list.map((b) => [b.id, b.public])).toEqual([
    ["avatars", true],
    ["docs-id", false],
  ]);
  const managed = await emu().api("GET", `/v1/projects/${ref}/storage/buckets`);
  expect(managed.status).toBe(200);
  expect(managed.body).toEqual([
    {
      id: "avatars",
      name: "avatars",
      owner: "",
      created_at: avatars.created_at,
      updated_at: avatars.updated_at,
      public: true,
    },
    expect.objectContaining({ id: "docs-id", name: "docs", public: false }),
  ]);
  const logged = await emu().requests({ api: "storage" });
  expect(logged.map((r) => r.route)).toContain("POST /project/{ref}/storage/v1/bucket");
});

test("the service's errors: duplicate, not found, invalid name, size and type, missing name", async () => {
  await call("POST", "/bucket", { name: "avatars" });
  const err = (statusCode: string, error: string, message: string) => ({
    status: 400,
    body: { statusCode, error, message },
  });
  expect(await call("POST", "/bucket", { name: "avatars" })).toMatchObject(
    err("409", "Duplicate", "The resource already exists"),
  );
  expect(await call("GET", "/bucket/missing")).toMatchObject(err("404", "Bucket not found", "Bucket not found"));
  expect(await call("PUT", "/bucket/missing", { public: true })).toMatchObject(
    err("404", "Bucket not found", "Bucket not found"),
  );
  expect(await call("DELETE", "/bucket/missing")).toMatchObject(err("404", "Bucket not found", "Bucket not found"));
  expect(await call("POST", "/bucket", { name: " lead" })).toMatchObject(
    err("400", "Invalid Input", "Bucket name invalid"),
  );
  expect(await call("POST", "/bucket", { name: "big", file_size_limit: "5 parsecs" })).toMatchObject(
    err("400", "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B"),
  );
  expect(await call("POST", "/bucket", { name: "typed", allowed_mime_types: ["png"] })).toMatchObject(
    err("415", "invalid_mime_type", "mime type png is not supported"),
  );
  expect(await call("POST", "/bucket", { public: true })).toMatchObject(
    err("400", "Bad Request", "body must have required property 'name'"),
  );
  expect((await call("GET", "/bucket")).body).toHaveLength(1);
});

test("update changes only what it names; uploads obey the bucket's limit and types; delete needs it empty", async () => {
  await call("POST", "/bucket", { name: "media", file_size_limit: 10 });
  expect(await call("PUT", "/bucket/media", { allowed_mime_types: ["image/*", "text/plain"] })).toMatchObject({
    status: 200,
    body: { message: "Successfully updated" },
  });
  expect((await call("GET", "/bucket/media")).body).toMatchObject({
    public: false,
    file_size_limit: 10,
    allowed_mime_types: ["image/*", "text/plain"],
  });

  expect(await upload(emu(), ref, "media", "a/b/c.txt", "0123456789")).toMatchObject({
    status: 200,
    body: { Key: "media/a/b/c.txt", Id: expect.any(String) },
  });
  expect(await upload(emu(), ref, "media", "big.txt", "0123456789A")).toMatchObject({
    status: 400,
    body: { statusCode: "413", error: "Payload too large" },
  });
  expect(await upload(emu(), ref, "media", "x.png", "png", "IMAGE/PNG")).toMatchObject({ status: 200 });
  expect(await upload(emu(), ref, "media", "x.json", "{}", "application/json")).toMatchObject({
    status: 400,
    body: { statusCode: "415", error: "invalid_mime_type", message: "mime type application/json is not supported" },
  });
  expect(await upload(emu(), ref, "media", "x.png", "again", "image/png")).toMatchObject({
    status: 400,
    body: { statusCode: "409", error: "Duplicate" },
  });
  const upsert = await storage(emu(), ref, "POST", "/object/media/x.png", undefined, {
    raw: { data: "again", contentType: "image/png" },
    headers: { "x-upsert": "true" },
  });
  expect(upsert.status).toBe(200);
  expect(await upload(emu(), ref, "missing", "x.txt", "x")).toMatchObject({ body: { statusCode: "404" } });

  const listed = await call("POST", "/object/list/media", { prefix: "" });
  expect((listed.body as Array<{ name: string; id: string | null }>).map((o) => [o.name, o.id === null])).toEqual([
    ["a", true],
    ["x.png", false],
  ]);
  const inner = await call("POST", "/object/list/media", { prefix: "a/b" });
  expect(inner.body).toEqual([
    expect.objectContaining({ name: "c.txt", metadata: expect.objectContaining({ size: 10 }) }),
  ]);

  expect(await call("DELETE", "/bucket/media")).toMatchObject({
    status: 400,
    body: { statusCode: "409", error: "ResourceNotEmpty", message: "The bucket you tried to delete is not empty" },
  });
  expect(await call("POST", "/bucket/media/empty")).toMatchObject({
    status: 200,
    body: { message: "Successfully emptied" },
  });
  expect((await call("POST", "/object/list/media", { prefix: "" })).body).toEqual([]);
  expect(await call("DELETE", "/bucket/media")).toMatchObject({
    status: 200,
    body: { message: "Successfully deleted" },
  });
  expect((await emu().api("GET", `/v1/projects/${ref}/storage/buckets`)).body).toEqual([]);
});

test("buckets and their objects survive a restart with a data directory", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "supabase-emulator-buckets-"));
  const accessToken = "sbp_0123456789abcdef0123456789abcdef01234567";
  let running: TestEmulator | undefined;
  try {
    running = await startTestEmulator({ dataDir, provisioningDelayMs: 0, accessToken });
    const { ref: durable } = await readyProject(running, "durable");
    await storage(running, durable, "POST", "/bucket", { name: "kept", public: true, file_size_limit: "1KB" });
    await upload(running, durable, "kept", "one.txt", "1");
    await running.close();
    running = await startTestEmulator({ dataDir, provisioningDelayMs: 0, accessToken });
    expect((await storage(running, durable, "GET", "/bucket/kept")).body).toMatchObject({
      public: true,
      file_size_limit: 1000,
    });
    expect((await storage(running, durable, "DELETE", "/bucket/kept")).body).toMatchObject({ statusCode: "409" });
    expect((await running.api("GET", `/v1/projects/${durable}/storage/buckets`)).body).toEqual([
      expect.objectContaining({ id: "kept", public: true }),
    ]);
  } finally {
    await running?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
