/**
 * Project `paused`: pause waits for INACTIVE, restore for ACTIVE_HEALTHY, a
 * refresh reports a status that is not the declared one, and the other kinds
 * fail at once naming the paused project (a refresh that reads its database
 * too, instead of the raw refusal). Footprints from the request log.
 */
import * as runtime from "supabase-pulumi/runtime";
import { dataFunctions } from "../../../provider/plugin/functions";
import { projectImporter } from "../../../provider/resources/project/import";
import { calls, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("pause-host");
const P = () => runtime.provider("project");
const GET_PROJECT = "GET /v1/projects/{ref}";
const status = async (ref: string) => (await ctx.emu.api("GET", `/v1/projects/${ref}`)).body.status;
/** The routes called, repeated polls of the project folded into one. */
const footprint = async () =>
  (await calls(ctx.emu)).filter((r, i, all) => !(r === GET_PROJECT && all[i - 1] === GET_PROJECT));

async function newProject() {
  const org = (await ctx.emu.api("POST", "/v1/organizations", { name: "Pause Org" })).body;
  const inputs = { name: "sleepy", organizationId: org.slug ?? org.id, region: "us-east-1", dbPass: "a-long-password" };
  const { id, outs } = await P().create(inputs);
  return { id: id!, outs: outs!, inputs };
}

test("pause waits for INACTIVE, restore for ACTIVE_HEALTHY; the declared state is no drift", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await newProject();
  expect(outs.status).toBe("ACTIVE_HEALTHY");

  const paused = { ...inputs, paused: true };
  expect(await P().diff(id, outs, paused)).toMatchObject({ changes: true, replaces: [] });
  await emu.clearRequests();
  const { outs: pausedOuts } = await P().update(id, outs, paused);
  expect(await footprint()).toEqual([GET_PROJECT, "POST /v1/projects/{ref}/pause", GET_PROJECT]);
  expect(pausedOuts).toMatchObject({ status: "INACTIVE", paused: true });
  expect(await status(id)).toBe("INACTIVE");

  const read = await P().read(id, pausedOuts!);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, paused)).changes).toBe(false);

  // While paused: the versions it can be restored to.
  const versions = (await dataFunctions.getRestoreVersions.run({ projectRef: id })) as Array<{ version: string }>;
  expect(versions.length).toBeGreaterThan(0);
  expect(versions[0].version).toMatch(/^supabase-postgres-/);

  await emu.clearRequests();
  const { outs: restored } = await P().update(id, read.props!, inputs);
  expect(await footprint()).toEqual([GET_PROJECT, "POST /v1/projects/{ref}/restore", GET_PROJECT]);
  expect(restored!.status).toBe("ACTIVE_HEALTHY");
  expect(await status(id)).toBe("ACTIVE_HEALTHY");
  expect(await dataFunctions.getRestoreVersions.run({ projectRef: id })).toEqual([]);
});

test("a project paused out of band is drift, and up restores it", async () => {
  const { emu } = ctx;
  const { id, outs, inputs } = await newProject();
  expect((await emu.api("POST", `/v1/projects/${id}/pause`)).status).toBe(200);
  expect(await status(id)).toBe("PAUSING");
  await emu.advanceTime(10_000);
  const read = await P().read(id, outs);
  expect(read.props).toMatchObject({ status: "INACTIVE", drift: { changed: ["status INACTIVE"] } });
  expect((await P().diff(id, read.props!, inputs)).changes).toBe(true);
  const { outs: restored } = await P().update(id, read.props!, inputs);
  expect(restored!.status).toBe("ACTIVE_HEALTHY");
});

test("the other kinds fail at once naming the paused project, and write nothing", async () => {
  const { emu, ref } = ctx;
  expect((await emu.api("POST", `/v1/projects/${ref}/pause`)).status).toBe(200);
  await emu.advanceTime(10_000);
  await emu.clearRequests();
  await expect(runtime.provider("sslEnforcement").create({ projectRef: ref, database: true })).rejects.toThrow(
    new RegExp(`Project ${ref} is paused \\(INACTIVE\\): restore it first`),
  );
  await expect(runtime.provider("diskConfig").create({ projectRef: ref, sizeGb: 16 })).rejects.toThrow(
    /is paused \(INACTIVE\)/,
  );
  expect((await calls(emu)).every((r) => r.startsWith("GET "))).toBe(true);
  // The service refuses to pause it twice over or to restore a running one, in its words.
  expect((await emu.api("POST", `/v1/projects/${ref}/pause`)).status).toBe(200);
  expect((await emu.api("POST", `/v1/projects/${ref}/restore`)).status).toBe(200);
  expect(await status(ref)).toBe("RESTORING");
  await emu.advanceTime(10_000);
  const again = await emu.api("POST", `/v1/projects/${ref}/restore`);
  expect(again.status).toBe(400);
  expect(again.body.message).toBe("Project is not paused: its status is ACTIVE_HEALTHY.");
});

test("a refresh that reads a paused project's database names the paused project, keeping the service's answer", async () => {
  const { emu, ref } = ctx;
  const hooks = runtime.provider("databaseWebhooks");
  const { id, outs } = await hooks.create({ projectRef: ref });
  expect((await emu.api("POST", `/v1/projects/${ref}/pause`)).status).toBe(200);
  await emu.advanceTime(10_000);
  const err = await hooks.read(id!, outs!).then(
    () => undefined,
    (e: unknown) => e as Record<string, unknown>,
  );
  expect(err).toMatchObject({
    code: "TERMINAL_STATUS",
    status: 400,
    method: "POST",
    path: `/v1/projects/${ref}/database/query`,
    apiMessage: "Project is not ready to run queries: its status is INACTIVE.",
  });
  expect(err!.message).toMatch(new RegExp(`^Project ${ref} is paused \\(INACTIVE\\): restore it first`));
});

test("paused must be a boolean, refused at check", async () => {
  const r = await P().check(
    {},
    { name: "x", organizationId: "acme", region: "us-east-1", dbPass: "a-long-password", paused: "yes" },
  );
  expect(r.failures!.map((f) => f.property)).toEqual(["paused"]);
});

test("import declares a paused project paused, so its first up does not restore it", async () => {
  const { emu, ref } = ctx;
  expect((await emu.api("POST", `/v1/projects/${ref}/pause`)).status).toBe(200);
  await emu.advanceTime(10_000);
  const project = (await emu.api("GET", `/v1/projects/${ref}`)).body;
  const importCtx = {
    ref,
    project,
    names: { organization: "org", project: "shop" },
    secret: (k: string) => `shop-${k}`,
  } as unknown as Parameters<typeof projectImporter.read>[0];
  const [declared] = await projectImporter.read(importCtx);
  expect(declared.inputs).toMatchObject({ adopt: true, paused: true });
  // The declaration adopts the paused project as it is: no change to make.
  const outs = (
    await P().read(ref, { name: project.name, organizationId: "org", region: project.region, paused: true })
  ).props!;
  expect(outs.drift).toBeUndefined();
});
