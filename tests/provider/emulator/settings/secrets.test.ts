/** Function secrets: digests instead of values, upserts, deletes, reserved names and limits. */
import { createHash } from "node:crypto";
import type { TestEmulator } from "../../../../harness/emulator";
import { rawCall, useSettingsProject } from "./helpers";

let emu: TestEmulator;
let ref: string;

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

useSettingsProject((e, r) => {
  emu = e;
  ref = r;
});

test("a new project has no secrets", async () => {
  expect(await emu.api("GET", `/v1/projects/${ref}/secrets`)).toMatchObject({ status: 200, body: [] });
});

test("POST upserts and answers 201 with an empty body and no content-type; GET lists SHA-256 digests", async () => {
  const created = await rawCall(
    emu,
    "POST",
    `/v1/projects/${ref}/secrets`,
    JSON.stringify([
      { name: "FOO", value: "bar" },
      { name: "ÜNI", value: "välue ✓" },
    ]),
    {
      "content-type": "application/json",
    },
  );
  expect(created.status).toBe(201);
  expect(created.bytes.length).toBe(0);
  expect(created.headers.get("content-type")).toBeNull();

  const listed = await emu.api("GET", `/v1/projects/${ref}/secrets`);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual([
    { name: "FOO", value: sha256("bar"), updated_at: expect.any(String) },
    { name: "ÜNI", value: sha256("välue ✓"), updated_at: expect.any(String) },
  ]);
  expect(listed.body[0].value).toBe("fcde2b2edba56bf408601fb721fe9b5c338d10ee429ea04fae5511b68fbf8fb9");
  expect(JSON.stringify(listed.body)).not.toContain("bar");

  // Upsert: a second POST replaces FOO's value and moves its updated_at.
  const before = listed.body[0].updated_at as string;
  await emu.advanceTime(5_000);
  expect((await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "FOO", value: "baz" }])).status).toBe(201);
  const after = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body;
  expect(after).toHaveLength(2);
  expect(after[0]).toMatchObject({ name: "FOO", value: sha256("baz") });
  expect(Date.parse(after[0].updated_at)).toBeGreaterThanOrEqual(Date.parse(before) + 5_000);
  expect(after[1].updated_at).toBe(listed.body[1].updated_at);
});

test("DELETE removes the named secrets, ignores unknown names and answers 200 {}", async () => {
  await emu.api("POST", `/v1/projects/${ref}/secrets`, [
    { name: "A", value: "1" },
    { name: "B", value: "2" },
    { name: "C", value: "3" },
  ]);
  const deleted = await emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["A", "C", "NOPE"]);
  expect(deleted).toMatchObject({ status: 200, body: {} });
  expect((await emu.api("GET", `/v1/projects/${ref}/secrets`)).body.map((s: { name: string }) => s.name)).toEqual([
    "B",
  ]);
});

test("SUPABASE_ names are reserved for create and delete; a lower-case prefix is fine", async () => {
  const create = await emu.api("POST", `/v1/projects/${ref}/secrets`, [
    { name: "OK", value: "1" },
    { name: "SUPABASE_FOO", value: "x" },
  ]);
  expect(create).toMatchObject({
    status: 400,
    body: { message: "Invalid secret name: SUPABASE_FOO. Secret names must not start with SUPABASE_" },
  });
  // The batch is validated as a whole: nothing was stored.
  expect((await emu.api("GET", `/v1/projects/${ref}/secrets`)).body).toEqual([]);
  const del = await emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["SUPABASE_URL"]);
  expect(del).toMatchObject({
    status: 400,
    body: { message: "Invalid secret name: SUPABASE_URL. Secret names must not start with SUPABASE_" },
  });
  expect((await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "supabase_lower", value: "1" }])).status).toBe(
    201,
  );
});

test("name length 1..256 and value length up to 24576 are enforced with 400", async () => {
  const post = (body: unknown) => emu.api("POST", `/v1/projects/${ref}/secrets`, body);
  expect(await post([{ name: "", value: "x" }])).toMatchObject({
    status: 400,
    body: { message: "0.name must be longer than or equal to 1 characters" },
  });
  expect(await post([{ name: "N".repeat(257), value: "x" }])).toMatchObject({
    status: 400,
    body: { message: "0.name must be shorter than or equal to 256 characters" },
  });
  const tooLong = await post([{ name: "BIG", value: "v".repeat(24577) }]);
  expect(tooLong).toMatchObject({
    status: 400,
    body: { message: "0.value must be shorter than or equal to 24576 characters" },
  });
  expect(tooLong.body.message).not.toContain("vvvv");
  expect((await post([{ name: "N".repeat(256), value: "v".repeat(24576) }])).status).toBe(201);
  expect(await post([{ name: "X" }])).toMatchObject({ status: 400, body: { message: "0.value should not be empty" } });
  expect(await post({ name: "X", value: "y" })).toMatchObject({ status: 400 });
});

test("unknown projects are 404 Project not found", async () => {
  for (const method of ["GET", "POST", "DELETE"]) {
    const res = await emu.api(method, "/v1/projects/abcdefghijklmnopqrst/secrets", method === "GET" ? undefined : []);
    expect(res).toMatchObject({ status: 404, body: { message: "Project not found" } });
  }
});
