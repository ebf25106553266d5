/** RealtimeConfig provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("realtime");
const P = () => runtime.provider("realtimeConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/realtime";
const PATCH = "PATCH /v1/projects/{ref}/config/realtime";
const realtime = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/realtime`)).body;

test("create, no-op, drift, update, adoption and destroy with restore", async () => {
  const { emu, ref } = ctx;
  const declared = { projectRef: ref, privateOnly: true, maxConcurrentUsers: 500 };
  const { id, outs } = await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await realtime()).toMatchObject({ private_only: true, max_concurrent_users: 500, presence_enabled: true });
  expect(outs!.previous).toEqual({ private_only: false, max_concurrent_users: 200 });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, declared)).changes).toBe(false);

  // An undeclared setting changed by others is no drift; a declared one is.
  await emu.api("PATCH", `/v1/projects/${ref}/config/realtime`, { max_joins_per_second: 7 });
  expect((await P().read(id, outs!)).props!.drift).toBeUndefined();
  await emu.api("PATCH", `/v1/projects/${ref}/config/realtime`, { max_concurrent_users: 10 });
  const drifted = await P().read(id, outs!);
  expect(drifted.props!.drift).toEqual({ changed: ["maxConcurrentUsers"] });
  expect((await P().diff(id, drifted.props!, declared)).changes).toBe(true);
  await emu.clearRequests();
  await P().update(id, drifted.props!, declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await realtime()).toMatchObject({ max_concurrent_users: 500, max_joins_per_second: 7 });

  // Declaring what the project already has adopts it without a write.
  await emu.clearRequests();
  await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  // Destroy forgets by default; with restoreOnDestroy it writes the previous values back.
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  await P().delete(id, { ...outs!, restoreOnDestroy: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await realtime()).toMatchObject({ private_only: false, max_concurrent_users: 200 });
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "realtimeConfig", [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, maxConcurrentUsers: 0 }, "maxConcurrentUsers"],
    [{ projectRef: ctx.ref, connectionPool: 101 }, "connectionPool"],
    [{ projectRef: ctx.ref, maxPayloadSizeInKb: 1.5 }, "maxPayloadSizeInKb"],
    [{ projectRef: ctx.ref, suspend: "yes" }, "suspend"],
    [{ projectRef: ctx.ref, channels: 3 }, "channels"],
  ]);
});
