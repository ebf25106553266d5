/** JitAccessConfig provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { jitAccessConfigImporter } from "../../../provider/resources/jit-access-config/import";
import { NotImported } from "../../../provider/importer";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("jit");
const P = () => runtime.provider("jitAccessConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/jit-access";
const PUT = "PUT /v1/projects/{ref}/jit-access";
const state = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/jit-access`)).body;
const unavailable = (reason: string | null) =>
  ctx.emu.control("PUT", `/projects/${ctx.ref}/jit-access/unavailable`, { reason });

test("create, no-op, drift, update and destroy (restores by default)", async () => {
  const { emu, ref } = ctx;
  expect(await state()).toEqual({ state: "disabled", appliedSuccessfully: true });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, enabled: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect(outs).toEqual({ projectRef: ref, enabled: true, previous: { enabled: false } });
  expect(await state()).toEqual({ state: "enabled", appliedSuccessfully: true });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, { projectRef: ref, enabled: true })).changes).toBe(false);

  await emu.api("PUT", `/v1/projects/${ref}/jit-access`, { state: "disabled" });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({ enabled: false, drift: { changed: ["enabled"] } });
  expect((await P().diff(id, drifted.props!, { projectRef: ref, enabled: true })).changes).toBe(true);
  await emu.clearRequests();
  const { outs: repaired } = await P().update(id, drifted.props!, { projectRef: ref, enabled: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect((await state()).state).toBe("enabled");

  await emu.clearRequests();
  await P().delete(id, repaired!);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PUT]);
  expect((await state()).state).toBe("disabled");
});

test("adoption writes nothing; restoreOnDestroy false only forgets", async () => {
  const { emu, ref } = ctx;
  await emu.api("PUT", `/v1/projects/${ref}/jit-access`, { state: "enabled" });
  await emu.clearRequests();
  const { id, outs } = await P().create({ projectRef: ref, enabled: true, restoreOnDestroy: false });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  expect((await state()).state).toBe("enabled");
});

test("an unavailable project fails create and refresh with the service's reason, writing nothing", async () => {
  const { emu, ref } = ctx;
  expect((await unavailable("postgres_upgrade_required")).status).toBe(200);
  expect(await state()).toEqual({ state: "unavailable", unavailableReason: "postgres_upgrade_required" });
  await emu.clearRequests();
  const err = await P()
    .create({ projectRef: ref, enabled: true })
    .then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
  expect(err).toMatchObject({ code: "CONFLICT" });
  expect(err!.message).toContain(`unavailable for project ${ref}: postgres_upgrade_required`);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  await expect(P().read(ref, { projectRef: ref, enabled: true, previous: {} })).rejects.toThrow(
    /temporary database access \(JIT\) is unavailable/i,
  );
  // A write the service refuses answers `unavailable` too, and changes nothing.
  const put = await emu.api("PUT", `/v1/projects/${ref}/jit-access`, { state: "enabled" });
  expect(put.body).toEqual({ state: "unavailable", unavailableReason: "postgres_upgrade_required" });
  await unavailable(null);
  expect(await state()).toEqual({ state: "disabled", appliedSuccessfully: true });
});

test("the importer declares the switch only when it is on, and nothing, with the reason, for an unavailable project", async () => {
  const { emu, ref } = ctx;
  const names = { organization: "org", project: "shop" };
  const importCtx = (allFields: boolean) =>
    ({ ref, names, allFields, name: (w: string) => `shop-${w}` }) as unknown as Parameters<
      typeof jitAccessConfigImporter.read
    >[0];
  expect(await jitAccessConfigImporter.read(importCtx(false))).toEqual([]);
  expect(await jitAccessConfigImporter.read(importCtx(true))).toMatchObject([
    { name: "shop-jit-access", inputs: { enabled: false } },
  ]);
  await emu.api("PUT", `/v1/projects/${ref}/jit-access`, { state: "enabled" });
  expect(await jitAccessConfigImporter.read(importCtx(false))).toMatchObject([
    { name: "shop-jit-access", inputs: { enabled: true } },
  ]);
  await unavailable("temporarily_unavailable");
  await expect(jitAccessConfigImporter.read(importCtx(true))).rejects.toThrow(
    new NotImported(
      "the service answered unavailable: temporarily_unavailable (the service cannot offer it right now; try again later)",
    ),
  );
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "jitAccessConfig", [
    [{ projectRef: "X", enabled: true }, "projectRef"],
    [{ projectRef: ctx.ref }, "enabled"],
    [{ projectRef: ctx.ref, enabled: "enabled" }, "enabled"],
    [{ projectRef: ctx.ref, enabled: true, restoreOnDestroy: "yes" }, "restoreOnDestroy"],
    [{ projectRef: ctx.ref, enabled: true, state: "enabled" }, "state"],
  ]);
});
