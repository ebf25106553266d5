/**
 * DiskConfig provider methods against the emulator, with the API footprint
 * from the request log: growth, type changes, drift, adoption, the service's
 * refusals (a shrink, a fifth change inside a day), a modification whose answer
 * was lost, and getDiskUtilization.
 */
import * as runtime from "supabase-pulumi/runtime";
import * as supabase from "supabase-pulumi";
import { dataFunctions } from "../../../provider/plugin/functions";
import { diskConfigImporter } from "../../../provider/resources/disk-config/import";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("disk");
const P = () => runtime.provider("diskConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/disk";
const POST = "POST /v1/projects/{ref}/config/disk";
const disk = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/disk`)).body.attributes;
const status = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}`)).body.status;
const modify = (attributes: Record<string, unknown>) =>
  ctx.emu.api("POST", `/v1/projects/${ctx.ref}/config/disk`, { attributes });
/** The routes called, polls of the project folded into one. */
const footprint = async () =>
  (await calls(ctx.emu)).filter((r, i, all) => !(r === GET_PROJECT && all[i - 1] === GET_PROJECT));

test("create grows the disk and waits out RESIZING; refresh, drift and update; destroy only forgets", async () => {
  const { emu, ref } = ctx;
  expect(await disk()).toEqual({ type: "gp3", size_gb: 8, iops: 3000, throughput_mibps: 125 });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, sizeGb: 16 });
  expect(await footprint()).toEqual([GET_PROJECT, GET, POST, GET_PROJECT, GET]);
  expect(outs).toMatchObject({ projectRef: ref, sizeGb: 16, liveSizeGb: 16, liveType: "gp3", liveIops: 3000 });
  expect(await status()).toBe("ACTIVE_HEALTHY");
  // The modification was a real one: the project read RESIZING until the emulator clock passed it.
  const log = await emu.requests();
  expect(log.filter((r) => r.route === GET_PROJECT).length).toBeGreaterThan(1);

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, { projectRef: ref, sizeGb: 16 })).changes).toBe(false);

  // Out of band: more IOPS. Undeclared attributes are not drift; a grown size is.
  await emu.advanceTime(5_000);
  expect((await modify({ type: "gp3", size_gb: 20, iops: 4000, throughput_mibps: 125 })).status).toBe(201);
  await emu.advanceTime(5_000);
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ sizeGb: 20, liveSizeGb: 20, liveIops: 4000, drift: { changed: ["sizeGb"] } });
  // The state now knows 20 GB: declaring 16 again is refused in check, before any call.
  await emu.clearRequests();
  const shrink = await P().check(drifted.props!, { projectRef: ref, sizeGb: 16 });
  expect(shrink.failures).toEqual([{ property: "sizeGb", reason: expect.stringMatching(/disks only grow/) }]);
  expect(await calls(emu)).toEqual([]);

  // io2 in place: a change of type is a modification, not a replace.
  const io2 = { projectRef: ref, sizeGb: 32, type: "io2", iops: 10_000 };
  expect(await P().diff(id, drifted.props!, io2)).toMatchObject({ changes: true, replaces: [] });
  const { outs: updated } = await P().update(id, drifted.props!, io2);
  expect(updated).toMatchObject({ liveType: "io2", liveSizeGb: 32, liveIops: 10_000 });
  expect(await disk()).toEqual({ type: "io2", size_gb: 32, iops: 10_000 });

  await emu.clearRequests();
  await P().delete(id, updated!);
  expect(await calls(emu)).toEqual([]);
  expect((await disk()).size_gb).toBe(32);
});

test("adoption modifies nothing when the declared attributes are the live ones", async () => {
  const { emu, ref } = ctx;
  const { outs } = await P().create({ projectRef: ref, sizeGb: 8, type: "gp3", iops: 3000, throughputMibps: 125 });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  expect(outs).toMatchObject({ liveSizeGb: 8, lastModifiedAt: expect.any(String) });
});

test("a shrink the state does not know of is refused by the service, in its words", async () => {
  const { emu, ref } = ctx;
  expect((await modify({ type: "gp3", size_gb: 40, iops: 3000 })).status).toBe(201);
  await emu.advanceTime(5_000);
  await emu.clearRequests();
  await expect(P().create({ projectRef: ref, sizeGb: 20 })).rejects.toThrow(/disks only grow/);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, POST]);
  expect((await disk()).size_gb).toBe(40);
});

test("a fifth change inside a rolling day fails with when the next one is allowed", async () => {
  const { emu, ref } = ctx;
  const startMs = Date.parse((await emu.api("GET", `/v1/projects/${ref}/config/disk`)).body.last_modified_at);
  for (const size of [10, 12, 14, 16]) {
    expect((await modify({ type: "gp3", size_gb: size, iops: 3000 })).status).toBe(201);
    await emu.advanceTime(60_000);
  }
  const refused = await modify({ type: "gp3", size_gb: 18, iops: 3000 });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/at most 4 times in a rolling 24-hour period/);
  await emu.clearRequests();
  const err = await P()
    .create({ projectRef: ref, sizeGb: 18 })
    .then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
  expect(err?.code).toBe("CONFLICT");
  expect(err?.message).toMatch(
    new RegExp(
      `The disk of project ${ref} cannot be modified yet: .*The next change is allowed after \\d{4}-\\d\\d-\\d\\dT`,
    ),
  );
  const next = Date.parse(/allowed after (\S+?);/.exec(err!.message)![1]);
  expect(next).toBeGreaterThan(startMs + 24 * 3600 * 1000 - 1);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, POST]);
  // Once the window has passed, the same update goes through.
  await emu.advanceTime(24 * 3600 * 1000);
  const { outs } = await P().create({ projectRef: ref, sizeGb: 18 });
  expect(outs).toMatchObject({ liveSizeGb: 18 });
});

test("a modification whose answer is lost is settled by reading the disk, never sent twice once it acted", async () => {
  const { emu, ref } = ctx;
  // The first POST is refused before the handler (nothing happened), the second acts and its answer is lost.
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/config/disk", status: 503, times: 1 });
  await emu.addFault({ method: "POST", path: "/v1/projects/{ref}/config/disk", reset: "after", times: 1 });
  await emu.clearRequests();
  const { outs } = await P().create({ projectRef: ref, sizeGb: 24 });
  expect(outs).toMatchObject({ liveSizeGb: 24 });
  expect(await footprint()).toEqual([GET_PROJECT, GET, POST, GET, POST, GET, GET_PROJECT, GET]);
  // One modification counted against the day's allowance.
  await emu.advanceTime(5_000);
  for (const size of [26, 28, 30]) {
    expect((await modify({ type: "gp3", size_gb: size, iops: 3000 })).status).toBe(201);
    await emu.advanceTime(5_000);
  }
  expect((await modify({ type: "gp3", size_gb: 32, iops: 3000 })).status).toBe(400);
});

test("the service refuses what breaks a type's rules, as check does", async () => {
  expect((await modify({ type: "io2", size_gb: 8, iops: 9000 })).body.message).toMatch(/at most 1000 per GB/);
  expect((await modify({ type: "gp3", size_gb: 8, iops: 3000, throughput_mibps: 2000 })).status).toBe(400);
  expect((await modify({ type: "io2", size_gb: 8, iops: 1000, throughput_mibps: 200 })).status).toBe(400);
});

test("getDiskUtilization answers the disk's real use and the autoscaling settings, reading only", async () => {
  const { emu, ref } = ctx;
  // The SDK's functions read the provider configuration the program would have (here the environment).
  const saved = { ...process.env };
  process.env.SUPABASE_ACCESS_TOKEN = emu.accessToken;
  process.env.SUPABASE_API_URL = emu.apiUrl;
  await emu.clearRequests();
  const usage = await supabase.getDiskUtilization({ projectRef: ref }).finally(() => {
    process.env = saved;
    runtime.configure({ accessToken: emu.accessToken, apiUrl: emu.apiUrl, projectUrlTemplate: emu.projectUrlTemplate });
    runtime.resetContexts();
  });
  expect(usage).toMatchObject({
    sizeBytes: 8 * 1024 ** 3,
    autoscale: { growthPercent: 50, minIncrementGb: 4, maxSizeGb: 16_384 },
  });
  expect(usage.usedBytes).toBeGreaterThan(0);
  expect(usage.usedBytes + usage.availableBytes).toBe(usage.sizeBytes);
  expect((await calls(emu)).sort()).toEqual([
    "GET /v1/projects/{ref}/config/disk/autoscale",
    "GET /v1/projects/{ref}/config/disk/util",
  ]);
  // The plugin serves the same function to the other languages.
  const served = (await dataFunctions.getDiskUtilization.run({ projectRef: ref })) as typeof usage;
  expect(served).toMatchObject({ sizeBytes: usage.sizeBytes, autoscale: usage.autoscale });
});

test("the importer declares the disk only when it differs from a new project's", async () => {
  const { ref } = ctx;
  const names = { organization: "org", project: "shop" };
  const importCtx = (allFields: boolean) =>
    ({ ref, names, allFields, name: (w: string) => `shop-${w}` }) as unknown as Parameters<
      typeof diskConfigImporter.read
    >[0];
  expect(await diskConfigImporter.read(importCtx(false))).toEqual([]);
  await modify({ type: "gp3", size_gb: 50, iops: 6000, throughput_mibps: 250 });
  const [declared] = await diskConfigImporter.read(importCtx(false));
  expect(declared).toMatchObject({
    name: "shop-disk",
    inputs: { sizeGb: 50, type: "gp3", iops: 6000, throughputMibps: 250 },
  });
  // Declaring what the importer wrote modifies nothing.
  await ctx.emu.advanceTime(5_000);
  await ctx.emu.clearRequests();
  await P().create({ ...(declared.inputs as Record<string, unknown>), projectRef: ref });
  expect(await calls(ctx.emu)).toEqual([GET_PROJECT, GET]);
});

test("bad inputs are refused at check, naming the field, before any call", async () => {
  const ref = ctx.ref;
  await expectRefused(ctx.emu, "diskConfig", [
    [{ projectRef: "X", sizeGb: 8 }, "projectRef"],
    [{ projectRef: ref }, "sizeGb"],
    [{ projectRef: ref, sizeGb: 0 }, "sizeGb"],
    [{ projectRef: ref, sizeGb: 8.5 }, "sizeGb"],
    [{ projectRef: ref, sizeGb: 20_000 }, "sizeGb"],
    [{ projectRef: ref, sizeGb: 8, type: "gp2" }, "type"],
    [{ projectRef: ref, sizeGb: 100, type: "io2" }, "iops"],
    [{ projectRef: ref, sizeGb: 8, type: "io2", iops: 9000 }, "iops"],
    [{ projectRef: ref, sizeGb: 100, type: "io2", iops: 5000, throughputMibps: 200 }, "throughputMibps"],
    [{ projectRef: ref, sizeGb: 100, iops: 2000 }, "iops"],
    [{ projectRef: ref, sizeGb: 8, iops: 16_000 }, "iops"],
    [{ projectRef: ref, sizeGb: 100, throughputMibps: 1001 }, "throughputMibps"],
    [{ projectRef: ref, sizeGb: 100, throughputMibps: 100 }, "throughputMibps"],
    [{ projectRef: ref, sizeGb: 100, iops: 3000, throughputMibps: 800 }, "throughputMibps"],
    [{ projectRef: ref, sizeGb: 8, sizeGB: 9 }, "sizeGB"],
  ]);
});
