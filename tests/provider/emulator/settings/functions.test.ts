/** Edge functions: JSON and raw uploads, version and hash, timestamps, duplicate slugs, 404s and the body download. */
import { createHash } from "node:crypto";
import type { TestEmulator } from "../../../../harness/emulator";
import { json, rawCall, useSettingsProject } from "./helpers";

let emu: TestEmulator;
let ref: string;

const sha256 = (b: string | Buffer) => createHash("sha256").update(b).digest("hex");
const SOURCE = "Deno.serve(() => new Response('Hello, world!'))\n";

useSettingsProject((e, r) => {
  emu = e;
  ref = r;
});

const fnPath = (suffix = "") => `/v1/projects/${ref}/functions${suffix}`;

test("JSON create answers 201 with the Function shape; list and get by slug return it", async () => {
  const created = await emu.api("POST", fnPath(), { slug: "hello-world", name: "Hello World", body: SOURCE });
  expect(created.status).toBe(201);
  const f = created.body;
  expect(f).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    slug: "hello-world",
    name: "Hello World",
    status: "ACTIVE",
    version: 1,
    created_at: expect.any(Number),
    updated_at: expect.any(Number),
    verify_jwt: true,
    import_map: false,
    entrypoint_path: "file:///src/index.ts",
    ezbr_sha256: sha256(SOURCE),
  });
  expect(Number.isInteger(f.created_at)).toBe(true);
  expect(f.updated_at).toBe(f.created_at);
  expect(Math.abs(f.created_at - Date.now())).toBeLessThan(60_000);

  expect(await emu.api("GET", fnPath())).toMatchObject({ status: 200, body: [f] });
  expect(await emu.api("GET", fnPath("/hello-world"))).toMatchObject({ status: 200, body: f });
});

test("query parameters fill in settings; a raw eszip upload keeps its bytes and content type", async () => {
  const bundle = Buffer.from([0x45, 0x53, 0x5a, 0x49, 0x50, 0x32, 0x00, 0xff, 0x10]);
  const q =
    "slug=bundled&name=Bundled&verify_jwt=false&import_map=true&entrypoint_path=file:///src/main.ts&import_map_path=file:///src/import_map.json";
  const res = await rawCall(emu, "POST", fnPath(`?${q}`), bundle, { "content-type": "application/vnd.denoland.eszip" });
  expect(res.status).toBe(201);
  expect(json(res)).toMatchObject({
    slug: "bundled",
    name: "Bundled",
    verify_jwt: false,
    import_map: true,
    entrypoint_path: "file:///src/main.ts",
    import_map_path: "file:///src/import_map.json",
    ezbr_sha256: sha256(bundle),
    version: 1,
  });
  const body = await rawCall(emu, "GET", fnPath("/bundled/body"));
  expect(body.status).toBe(200);
  expect(body.headers.get("content-type")).toBe("application/vnd.denoland.eszip");
  expect(body.bytes.equals(bundle)).toBe(true);

  // JSON bodies take the slug and name from the query when the body leaves them out.
  const mixed = await emu.api("POST", fnPath("?slug=from-query&name=From%20Query&verify_jwt=false"), { body: SOURCE });
  expect(mixed).toMatchObject({ status: 201, body: { slug: "from-query", name: "From Query", verify_jwt: false } });
  // A raw upload without a name is named after its slug; without a content type it is served as octet-stream.
  const plain = await rawCall(emu, "POST", fnPath("?slug=plain"), SOURCE);
  expect(plain.status).toBe(201);
  expect(json(plain)).toMatchObject({ slug: "plain", name: "plain" });
  const plainBody = await rawCall(emu, "GET", fnPath("/plain/body"));
  expect(plainBody.headers.get("content-type")).toBe("application/octet-stream");
  expect(plainBody.bytes.toString()).toBe(SOURCE);
  // TypeScript source sent as text is stored as text, even though it is not JSON.
  const text = await rawCall(emu, "POST", fnPath("?slug=text&name=Text"), SOURCE, {
    "content-type": "text/plain; charset=utf-8",
  });
  expect(json(text)).toMatchObject({ slug: "text", ezbr_sha256: sha256(SOURCE) });
  expect((await rawCall(emu, "GET", fnPath("/text/body"))).headers.get("content-type")).toBe(
    "text/plain; charset=utf-8",
  );
});

test("create validation: required fields, the slug rule, booleans and duplicates", async () => {
  expect(await emu.api("POST", fnPath(), { name: "x", body: SOURCE })).toMatchObject({
    status: 400,
    body: { message: "slug should not be empty" },
  });
  expect(await emu.api("POST", fnPath(), { slug: "x" })).toMatchObject({
    status: 400,
    body: { message: "name should not be empty, body should not be empty" },
  });
  expect(await emu.api("POST", fnPath(), { slug: "1abc", name: "x", body: SOURCE })).toMatchObject({
    status: 400,
    body: { message: "slug must match /^[A-Za-z][A-Za-z0-9_-]*$/ regular expression" },
  });
  expect(await emu.api("POST", fnPath(), { slug: "ok", name: "x", body: SOURCE, extra: 1 })).toMatchObject({
    status: 400,
    body: { message: "property extra should not exist" },
  });
  expect(await emu.api("POST", fnPath("?verify_jwt=yes"), { slug: "ok", name: "x", body: SOURCE })).toMatchObject({
    status: 400,
    body: { message: "verify_jwt must be one of the following values: true, false" },
  });
  expect((await rawCall(emu, "POST", fnPath("?slug=empty"), "")).status).toBe(400);

  expect((await emu.api("POST", fnPath(), { slug: "dup", name: "One", body: SOURCE })).status).toBe(201);
  const again = await emu.api("POST", fnPath(), { slug: "dup", name: "Two", body: "other" });
  expect(again.status).toBe(400);
  expect(again.body.message).toContain("Duplicated function slug");
  expect((await emu.api("GET", fnPath())).body).toHaveLength(1);
});

test("PATCH: a body change bumps version and hash, settings-only changes do not; updated_at moves every time", async () => {
  const created = (await emu.api("POST", fnPath(), { slug: "fn", name: "Fn", body: SOURCE })).body;

  await emu.advanceTime(1_000);
  const renamed = await emu.api("PATCH", fnPath("/fn?verify_jwt=false"), { name: "Renamed" });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({
    name: "Renamed",
    verify_jwt: false,
    version: 1,
    ezbr_sha256: created.ezbr_sha256,
    created_at: created.created_at,
  });
  expect(renamed.body.updated_at).toBeGreaterThanOrEqual(created.updated_at + 1_000);

  const same = await emu.api("PATCH", fnPath("/fn"), { body: SOURCE });
  expect(same.body.version).toBe(1);
  expect(same.body.updated_at).toBeGreaterThan(renamed.body.updated_at);

  const v2Source = "Deno.serve(() => new Response('v2'))\n";
  const v2 = await emu.api("PATCH", fnPath("/fn"), { body: v2Source });
  expect(v2.body).toMatchObject({ version: 2, ezbr_sha256: sha256(v2Source), name: "Renamed" });

  const bundle = Buffer.from("eszip-bytes-v3");
  const v3 = await rawCall(emu, "PATCH", fnPath("/fn?entrypoint_path=file:///src/v3.ts"), bundle, {
    "content-type": "application/vnd.denoland.eszip",
  });
  expect(v3.status).toBe(200);
  expect(json(v3)).toMatchObject({ version: 3, ezbr_sha256: sha256(bundle), entrypoint_path: "file:///src/v3.ts" });
  expect((await emu.api("GET", fnPath("/fn"))).body).toEqual(json(v3));

  // A query-only PATCH (no body at all) is a settings change too.
  const queryOnly = await rawCall(emu, "PATCH", fnPath("/fn?import_map=true"));
  expect(json(queryOnly)).toMatchObject({ version: 3, import_map: true });

  expect(await emu.api("PATCH", fnPath("/fn"), { name: "" })).toMatchObject({
    status: 400,
    body: { message: "name must be longer than or equal to 1 characters" },
  });
  expect(await emu.api("PATCH", fnPath("/fn"), { slug: "other" })).toMatchObject({
    status: 400,
    body: { message: "property slug should not exist" },
  });
});

test("unknown or malformed slugs are 404 Function not found; DELETE answers {message: ok}", async () => {
  await emu.api("POST", fnPath(), { slug: "gone", name: "Gone", body: SOURCE });
  for (const [method, path] of [
    ["GET", "/missing"],
    ["PATCH", "/missing"],
    ["DELETE", "/missing"],
    ["GET", "/missing/body"],
    ["GET", "/bad.slug"],
  ]) {
    const res = await emu.api(method, fnPath(path), method === "PATCH" ? { name: "x" } : undefined);
    expect(res).toMatchObject({ status: 404, body: { message: "Function not found" } });
  }
  expect(await emu.api("DELETE", fnPath("/gone"))).toMatchObject({ status: 200, body: { message: "ok" } });
  expect(await emu.api("GET", fnPath("/gone"))).toMatchObject({ status: 404, body: { message: "Function not found" } });
  expect((await emu.api("GET", fnPath())).body).toEqual([]);
  // The slug is free again.
  expect((await emu.api("POST", fnPath(), { slug: "gone", name: "Back", body: SOURCE })).body.version).toBe(1);
});

test("the body download: as stored, or multipart with metadata and the entrypoint file", async () => {
  await emu.api("POST", fnPath("?entrypoint_path=file:///src/functions/hello/main.ts"), {
    slug: "hello",
    name: "Hello",
    body: SOURCE,
  });
  const plain = await rawCall(emu, "GET", fnPath("/hello/body"));
  expect(plain.status).toBe(200);
  expect(plain.headers.get("content-type")).toBe("application/typescript; charset=utf-8");
  expect(plain.bytes.toString()).toBe(SOURCE);

  const res = await fetch(`${emu.apiUrl}${fnPath("/hello/body")}`, {
    headers: { authorization: `Bearer ${emu.accessToken}`, accept: "multipart/form-data" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
  const form = await res.formData();
  expect(JSON.parse(String(form.get("metadata")))).toEqual({ deno2_entrypoint_path: "/src/functions/hello/main.ts" });
  const file = form.get("main.ts");
  expect(file).toBeInstanceOf(Blob);
  expect(await (file as Blob).text()).toBe(SOURCE);
  expect([...form.keys()]).toEqual(["metadata", "main.ts"]);
});
