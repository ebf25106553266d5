/** StorageConfig provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("storage");
const P = () => runtime.provider("storageConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/storage";
const PATCH = "PATCH /v1/projects/{ref}/config/storage";
const storage = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/storage`)).body;

test("create, no-op, nested drift, update, adoption and destroy", async () => {
  const { emu, ref } = ctx;
  const declared = {
    projectRef: ref,
    fileSizeLimit: 10485760,
    features: { imageTransformation: { enabled: true } },
  };
  const { id, outs } = await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await storage()).toMatchObject({
    fileSizeLimit: 10485760,
    features: { imageTransformation: { enabled: true }, s3Protocol: { enabled: true } },
  });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, declared)).changes).toBe(false);

  // An undeclared feature changed by others is no drift; a declared one is.
  await emu.api("PATCH", `/v1/projects/${ref}/config/storage`, { features: { s3Protocol: { enabled: false } } });
  expect((await P().read(id, outs!)).props!.drift).toBeUndefined();
  await emu.api("PATCH", `/v1/projects/${ref}/config/storage`, {
    features: { imageTransformation: { enabled: false } },
  });
  const drifted = await P().read(id, outs!);
  expect(drifted.props!.drift).toEqual({ changed: ["features"] });
  expect((await P().diff(id, drifted.props!, declared)).changes).toBe(true);
  await emu.clearRequests();
  await P().update(id, drifted.props!, declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect((await storage()).features).toMatchObject({
    imageTransformation: { enabled: true },
    s3Protocol: { enabled: false },
  });

  await emu.clearRequests();
  await P().create(declared);
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "storageConfig", [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, fileSizeLimit: -1 }, "fileSizeLimit"],
    [{ projectRef: ctx.ref, fileSizeLimit: 536870912001 }, "fileSizeLimit"],
    [{ projectRef: ctx.ref, features: { imageTransformation: {} } }, "features.imageTransformation.enabled"],
    [{ projectRef: ctx.ref, external: { upstreamTarget: "beta" } }, "external.upstreamTarget"],
    [{ projectRef: ctx.ref, migrationVersion: "x" }, "migrationVersion"],
  ]);
});
