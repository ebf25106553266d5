/** PoolerConfig provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("pool");
const P = () => runtime.provider("poolerConfig");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/config/database/pooler";
const PATCH = "PATCH /v1/projects/{ref}/config/database/pooler";
const primary = async () => (await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/config/database/pooler`)).body[0];

test("create, no-op (enum case), update, drift, adoption and destroy", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P().create({ projectRef: ref, defaultPoolSize: 30 });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(outs).toEqual({ projectRef: ref, defaultPoolSize: 30, previous: { default_pool_size: 15 } });
  expect(await primary()).toMatchObject({ default_pool_size: 30, pool_mode: "transaction" });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  expect(read.props!.drift).toBeUndefined();

  await emu.clearRequests();
  const { outs: updated } = await P().update(id, read.props!, {
    projectRef: ref,
    defaultPoolSize: 30,
    poolMode: "session",
  });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET, PATCH]);
  expect(await primary()).toMatchObject({ default_pool_size: 30, pool_mode: "session" });

  await emu.api("PATCH", `/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 5 });
  const drifted = await P().read(id, updated!);
  expect(drifted.props).toMatchObject({ defaultPoolSize: 5, drift: { changed: ["defaultPoolSize"] } });
  await P().update(id, drifted.props!, { projectRef: ref, defaultPoolSize: 30, poolMode: "session" });
  expect((await primary()).default_pool_size).toBe(30);

  await emu.clearRequests();
  await P().create({ projectRef: ref, defaultPoolSize: 30 });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);

  await emu.clearRequests();
  await P().delete(id, updated!);
  expect(await calls(emu)).toEqual([]);
});

test("a new project's pooler: the write waits and retries 'error adding pooler tenant'", async () => {
  const { emu } = ctx;
  await emu.setSettings({ provisioningDelayMs: 1500 });
  const org = await emu.api("POST", "/v1/organizations", { name: "pool-late" });
  const p = await emu.api("POST", "/v1/projects", {
    name: "late",
    organization_id: org.body.id,
    region: "us-east-1",
    db_pass: "late-db-password",
  });
  const { outs } = await P().create({ projectRef: p.body.id, poolMode: "session" });
  expect(outs!.poolMode).toBe("session");
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "poolerConfig", [
    [{ projectRef: "x" }, "projectRef"],
    [{ projectRef: ctx.ref, defaultPoolSize: 3001 }, "defaultPoolSize"],
    [{ projectRef: ctx.ref, defaultPoolSize: -1 }, "defaultPoolSize"],
    [{ projectRef: ctx.ref, poolMode: "statement" }, "poolMode"],
    [{ projectRef: ctx.ref, poolMode: 1 }, "poolMode"],
    [{ projectRef: ctx.ref, maxClientConn: 10 }, "maxClientConn"],
  ]);
});
