/** BackupSchedule provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("backups");
const P = () => runtime.provider("backupSchedule");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/database/backups/schedule";
const PATCH = "PATCH /v1/projects/{ref}/database/backups/schedule";
const current = async () =>
  (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/database/backups/schedule`)).body.schedule_for;

test("create, no-op, drift, update, and destroy that restores when asked", async () => {
  const { emu, ref } = ctx;
  const inputs = { projectRef: ref, scheduleFor: "04:00:00", restoreOnDestroy: true };
  const { id, outs } = await P().create(inputs);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(outs).toEqual({ ...inputs, previous: { schedule_for: "00:00:00" } });
  expect(await current()).toBe("04:00:00");

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, inputs)).changes).toBe(false);

  await emu.api("PATCH", `/v1/projects/${ref}/database/backups/schedule`, { schedule_for: "12:00:00" });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ scheduleFor: "12:00:00", drift: { changed: ["scheduleFor"] } });
  expect((await P().diff(id, drifted.props!, inputs)).changes).toBe(true);
  await emu.clearRequests();
  const { outs: updated } = await P().update(id, drifted.props!, inputs);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await current()).toBe("04:00:00");

  await emu.clearRequests();
  await P().delete(id, updated!);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await current()).toBe("00:00:00");
});

test("adoption writes nothing; destroy forgets by default", async () => {
  const { emu, ref } = ctx;
  await emu.api("PATCH", `/v1/projects/${ref}/database/backups/schedule`, { schedule_for: "06:30:00" });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, scheduleFor: "06:30:00" });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  expect(await current()).toBe("06:30:00");
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "backupSchedule", [
    [{ projectRef: "X", scheduleFor: "04:00:00" }, "projectRef"],
    [{ projectRef: ctx.ref }, "scheduleFor"],
    [{ projectRef: ctx.ref, scheduleFor: "4:00" }, "scheduleFor"],
    [{ projectRef: ctx.ref, scheduleFor: "24:00:00" }, "scheduleFor"],
    [{ projectRef: ctx.ref, scheduleFor: "04:00:00", restoreOnDestroy: "no" }, "restoreOnDestroy"],
    [{ projectRef: ctx.ref, scheduleFor: "04:00:00", time: "x" }, "time"],
  ]);
});
