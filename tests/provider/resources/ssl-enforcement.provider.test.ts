/** SslEnforcement provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("ssl");
const P = () => runtime.provider("sslEnforcement");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/ssl-enforcement";
const PUT = "PUT /v1/projects/{ref}/ssl-enforcement";
const current = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/ssl-enforcement`)).body.currentConfig;

test("create, no-op, drift, update and destroy (restores by default)", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref, database: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect(outs).toEqual({ projectRef: ref, database: true, previous: { database: false } });
  expect(await current()).toEqual({ database: true });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, { projectRef: ref, database: true })).changes).toBe(false);

  await emu.api("PUT", `/v1/projects/${ref}/ssl-enforcement`, { requestedConfig: { database: false } });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ database: false, drift: { changed: ["database"] } });
  expect((await P().diff(id, drifted.props!, { projectRef: ref, database: true })).changes).toBe(true);
  await emu.clearRequests();
  const { outs: restored } = await P().update(id, drifted.props!, { projectRef: ref, database: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect(await current()).toEqual({ database: true });

  await emu.clearRequests();
  await P().delete(id, restored!);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect(await current()).toEqual({ database: false });
});

test("adoption writes nothing; restoreOnDestroy false only forgets", async () => {
  const { emu, ref } = ctx;
  await emu.api("PUT", `/v1/projects/${ref}/ssl-enforcement`, { requestedConfig: { database: true } });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, database: true, restoreOnDestroy: false });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  expect(await current()).toEqual({ database: true });
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "sslEnforcement", [
    [{ projectRef: "X", database: true }, "projectRef"],
    [{ projectRef: ctx.ref }, "database"],
    [{ projectRef: ctx.ref, database: "true" }, "database"],
    [{ projectRef: ctx.ref, database: 1 }, "database"],
    [{ projectRef: ctx.ref, database: true, restoreOnDestroy: "yes" }, "restoreOnDestroy"],
    [{ projectRef: ctx.ref, database: true, enforced: true }, "enforced"],
  ]);
});
