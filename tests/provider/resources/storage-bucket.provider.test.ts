/** StorageBucket provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import type { TestEmulator } from "../../../harness/emulator";
import { expectRefused, useConfigProject } from "./config-helpers";
import { serviceRoleKey, storage, upload } from "../emulator/storage/storage-api";

const ctx = useConfigProject("buckets");
const P = () => runtime.provider("storageBucket");
const LIST = "GET /v1/projects/{ref}/storage/buckets";
const KEYS = "GET /v1/projects/{ref}/api-keys";
const S = "/project/{ref}/storage/v1";
const CREATE = `POST ${S}/bucket`;
const GET = `GET ${S}/bucket/{id}`;
const SLIST = `GET ${S}/bucket`;
const PUT = `PUT ${S}/bucket/{id}`;
const EMPTY = `POST ${S}/bucket/{id}/empty`;
const DELETE = `DELETE ${S}/bucket/{id}`;

/** Management and Storage API routes called since the log was cleared, in order. */
async function calls(emu: TestEmulator): Promise<string[]> {
  return (await emu.requests())
    .filter((r) => r.api === "management" || r.api === "storage")
    .map((r) => r.route ?? `${r.method} ${r.path}`);
}

const bucket = async (id: string) => (await storage(ctx.emu, ctx.ref, "GET", `/bucket/${id}`)).body;

beforeEach(async () => {
  // The tests' own Storage API calls read the key first, so it is not logged in the middle of a test.
  await serviceRoleKey(ctx.emu, ctx.ref);
  await ctx.emu.clearRequests();
});

test("create is 1 POST (after reading the key once); a refresh is one list per API; no perpetual diff", async () => {
  const { emu, ref } = ctx;
  const inputs = {
    projectRef: ref,
    name: "avatars",
    public: true,
    fileSizeLimit: "5MB",
    allowedMimeTypes: ["image/PNG", "image/jpeg", "image/png"],
  };
  const { id, outs } = await P().create(inputs);
  expect(await calls(emu)).toEqual([KEYS, CREATE]);
  expect(id).toBe(`${ref}/avatars`);
  expect(outs).toEqual(inputs);
  expect(await bucket("avatars")).toMatchObject({
    id: "avatars",
    name: "avatars",
    public: true,
    file_size_limit: 5_000_000,
    allowed_mime_types: ["image/PNG", "image/jpeg", "image/png"],
  });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([LIST, SLIST]);
  expect(read).toEqual({ id, props: outs });
  // Other forms of the same settings: no change.
  const same = { ...inputs, fileSizeLimit: 5_000_000, allowedMimeTypes: ["image/jpeg", "IMAGE/png"] };
  expect(await P().diff(id, read.props!, same)).toMatchObject({ changes: false, replaces: [] });
  expect(await P().diff(id, read.props!, { ...inputs, fileSizeLimit: "5000KB" })).toMatchObject({ changes: false });
  // Undeclared settings are not managed.
  expect(await P().diff(id, read.props!, { projectRef: ref, name: "avatars" })).toMatchObject({ changes: false });
  expect(await P().diff(id, read.props!, { ...inputs, name: "photos" })).toMatchObject({ replaces: ["name"] });
  expect(await calls(emu)).toEqual([LIST, SLIST]);
});

test("update sends only what differs; emptyOnDestroy alone makes no call; a bucket with objects is not deleted unless emptied", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, name: "docs", public: false, fileSizeLimit: 1000 };
  const { id, outs } = await P().create(inputs);
  expect((await upload(emu, ref, "docs", "a/readme.txt", "hello")).status).toBe(200);

  await emu.clearRequests();
  const next = { ...inputs, fileSizeLimit: "2KB", allowedMimeTypes: ["text/plain"] };
  expect(await P().diff(id, outs!, next)).toMatchObject({ changes: true, replaces: [] });
  const { outs: updated } = await P().update(id, outs!, next);
  expect(await calls(emu)).toEqual([PUT]);
  expect(await bucket("docs")).toMatchObject({
    public: false,
    file_size_limit: 2000,
    allowed_mime_types: ["text/plain"],
  });

  await emu.clearRequests();
  const emptying = { ...next, emptyOnDestroy: true };
  expect(await P().diff(id, updated!, emptying)).toMatchObject({ changes: true, replaces: [] });
  const { outs: flagged } = await P().update(id, updated!, emptying);
  expect(await calls(emu)).toEqual([]);

  // Without the flag the service refuses, and destroy fails with its answer.
  await expect(P().delete(id, updated!)).rejects.toThrow(
    /failed with 409: The bucket you tried to delete is not empty.*emptyOnDestroy/,
  );
  expect((await bucket("docs")).id).toBe("docs");

  await emu.clearRequests();
  await P().delete(id, flagged!);
  expect(await calls(emu)).toEqual([EMPTY, DELETE]);
  expect((await storage(emu, ref, "GET", "/bucket/docs")).body).toMatchObject({ statusCode: "404" });
  // Already gone: refresh shows it deleted, and destroy is still fine.
  runtime.resetContexts();
  expect((await P().read(id, flagged!)).id).toBe("");
  await P().delete(id, flagged!);
});

test("drift: a declared setting changed out of band is named, and up writes it back", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, name: "media", public: false, allowedMimeTypes: ["video/*"] };
  const { id, outs } = await P().create(inputs);
  await storage(emu, ref, "PUT", "/bucket/media", { public: true, allowed_mime_types: ["video/*"] });
  // The limit was never declared: a change of it is not drift.
  await storage(emu, ref, "PUT", "/bucket/media", { file_size_limit: 10 });

  runtime.resetContexts();
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toEqual({ ...outs, public: true, drift: { changed: ["public"] } });
  expect(await P().diff(id, drifted.props!, inputs)).toMatchObject({ changes: true, replaces: [] });
  await emu.clearRequests();
  const { outs: restored } = await P().update(id, drifted.props!, inputs);
  expect(await calls(emu)).toEqual([PUT]);
  expect(restored!.drift).toBeUndefined();
  expect(await bucket("media")).toMatchObject({ public: false, file_size_limit: 10 });
});

test("refreshes of many buckets of one project share one list call per API", async () => {
  const { emu, ref } = ctx;
  const created = [];
  for (let i = 0; i < 4; i++)
    created.push(await P().create({ projectRef: ref, name: `b${i}`, fileSizeLimit: 100 + i, public: i % 2 === 0 }));
  runtime.resetContexts();
  await emu.clearRequests();
  const reads = await Promise.all(created.map((c) => P().read(c.id, c.outs!)));
  expect(reads.map((r) => r.props)).toEqual(created.map((c) => c.outs));
  expect(await calls(emu)).toEqual([LIST, KEYS, SLIST]);
});

test("adoption takes over the bucket by name and applies what it lacks; without adopt the create says so", async () => {
  const { emu, ref } = ctx;
  await storage(emu, ref, "POST", "/bucket", { name: "legacy", public: true });
  await emu.clearRequests();
  await expect(P().create({ projectRef: ref, name: "legacy", public: false })).rejects.toThrow(
    /409: The resource already exists.*adopt: true/,
  );
  await emu.clearRequests();
  const { id } = await P().create({ projectRef: ref, name: "legacy", public: false, adopt: true });
  expect(id).toBe(`${ref}/legacy`);
  expect(await calls(emu)).toEqual([GET, PUT]);
  expect(await bucket("legacy")).toMatchObject({ public: false });
  // Nothing to adopt: created.
  await emu.clearRequests();
  await P().create({ projectRef: ref, name: "fresh", adopt: true });
  expect(await calls(emu)).toEqual([GET, CREATE]);
});

test("a create reset after the service acted is settled by a lookup, not a second POST", async () => {
  const { emu, ref } = ctx;
  await emu.addFault({ method: "POST", path: `${S}/bucket`, reset: "after", times: 1 });
  const { id } = await P().create({ projectRef: ref, name: "flaky", public: true });
  expect(id).toBe(`${ref}/flaky`);
  expect(await calls(emu)).toEqual([KEYS, CREATE, GET]);
  expect(await bucket("flaky")).toMatchObject({ public: true });
});

test("an imported bucket reads back its settings", async () => {
  const { emu, ref } = ctx;
  await storage(emu, ref, "POST", "/bucket", { name: "imported", file_size_limit: "1MB" });
  const read = await P().read(`${ref}/imported`, {});
  expect(read).toEqual({
    id: `${ref}/imported`,
    props: { projectRef: ref, name: "imported", public: false, fileSizeLimit: 1_000_000 },
  });
});

test("bad inputs are refused at check, naming the field", async () => {
  const ref = ctx.ref;
  await expectRefused(ctx.emu, "storageBucket", [
    [{ projectRef: "X", name: "ok" }, "projectRef"],
    [{ projectRef: ref, name: "a/b" }, "name"],
    [{ projectRef: ref, name: "" }, "name"],
    [{ projectRef: ref, name: "ok", public: "yes" }, "public"],
    [{ projectRef: ref, name: "ok", fileSizeLimit: "5 parsecs" }, "fileSizeLimit"],
    [{ projectRef: ref, name: "ok", fileSizeLimit: -1 }, "fileSizeLimit"],
    [{ projectRef: ref, name: "ok", allowedMimeTypes: ["png"] }, "allowedMimeTypes[0]"],
    [{ projectRef: ref, name: "ok", emptyOnDestroy: 1 }, "emptyOnDestroy"],
    [{ projectRef: ref, name: "ok", publik: true }, "publik"],
  ]);
});
