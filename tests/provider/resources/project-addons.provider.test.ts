/** ProjectAddons provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { providerContext } from "../../../provider/context";
import { calls, expectRefused, useConfigProject } from "./config-helpers";

const ctx = useConfigProject("addons");
const P = () => runtime.provider("projectAddons");
const GET_PROJECT = "GET /v1/projects/{ref}";
const GET = "GET /v1/projects/{ref}/billing/addons";
const PATCH = "PATCH /v1/projects/{ref}/billing/addons";
const DELETE = "DELETE /v1/projects/{ref}/billing/addons/{addon_variant}";

async function live(): Promise<Record<string, string>> {
  const r = await ctx.emu.api("GET", `/v1/projects/${ctx.ref}/billing/addons`);
  const body = r.body as { selected_addons: Array<{ type: string; variant: { id: string } }> };
  return Object.fromEntries(body.selected_addons.map((s) => [s.type, s.variant.id]));
}

/** The calls, with the project polls after a write (a resize restarts the project) counted once. */
const collapsed = async () =>
  (await calls(ctx.emu)).filter((c, i, all) => !(c === GET_PROJECT && all[i - 1] === GET_PROJECT));

test("create resizes and selects PITR; refresh, drift, a downgrade, and destroy that forgets", async () => {
  const { emu, ref } = ctx;
  await emu.setSettings({ restartDelayMs: 0 });
  expect(await live()).toEqual({ compute_instance: "ci_micro" });
  await emu.clearRequests();
  const inputs = { projectRef: ref, computeSize: "ci_large", pitr: "pitr_7" };
  const { id, outs } = await P().create(inputs);
  expect(await collapsed()).toEqual([GET_PROJECT, GET, PATCH, PATCH, GET_PROJECT]);
  expect(await live()).toEqual({ compute_instance: "ci_large", pitr: "pitr_7" });
  expect(outs).toMatchObject({
    ...inputs,
    previous: { compute_instance: "ci_micro", pitr: "disabled" },
    selected: [
      { type: "compute_instance", id: "ci_large", name: "Large", price: expect.stringContaining("/hour") },
      { type: "pitr", id: "pitr_7", name: "7 days", price: "$100/month" },
    ],
  });

  await emu.clearRequests();
  const read = await P().read(id, outs!);
  expect(await calls(emu)).toEqual([GET]);
  // The answer last read (names and prices of the variants) is the provider context's: resetContexts() clears it.
  expect(providerContext().addonsRead.get(ref)?.available_addons.length).toBeGreaterThan(0);
  runtime.resetContexts();
  expect(providerContext().addonsRead.size).toBe(0);
  expect(read.props!.drift).toBeUndefined();
  expect((await P().diff(id, read.props!, inputs)).changes).toBe(false);

  // Out of band: PITR removed, the database resized.
  await emu.api("DELETE", `/v1/projects/${ref}/billing/addons/pitr_7`);
  await emu.api("PATCH", `/v1/projects/${ref}/billing/addons`, {
    addon_type: "compute_instance",
    addon_variant: "ci_xlarge",
  });
  const drifted = await P().read(id, outs!);
  expect(drifted.props).toMatchObject({
    computeSize: "ci_xlarge",
    pitr: "disabled",
    drift: { changed: ["computeSize", "pitr"] },
  });
  const down = { ...inputs, computeSize: "ci_small" };
  const d = await P().diff(id, drifted.props!, down);
  expect([d.changes, d.replaces]).toEqual([true, []]);
  await emu.clearRequests();
  const { outs: updated } = await P().update(id, drifted.props!, down);
  expect(await collapsed()).toEqual([GET_PROJECT, GET, PATCH, PATCH, GET_PROJECT]);
  expect(await live()).toEqual({ compute_instance: "ci_small", pitr: "pitr_7" });
  expect(updated!.selected).toEqual([
    expect.objectContaining({ id: "ci_small", name: "Small" }),
    expect.objectContaining({ id: "pitr_7" }),
  ]);

  await emu.clearRequests();
  await P().delete(id, updated!);
  expect(await calls(emu)).toEqual([]);
  expect(await live()).toEqual({ compute_instance: "ci_small", pitr: "pitr_7" });
});

test("adoption writes nothing; disabling and restoreOnDestroy remove what was added", async () => {
  const { emu, ref } = ctx;
  await emu.setSettings({ restartDelayMs: 0 });
  await emu.api("PATCH", `/v1/projects/${ref}/billing/addons`, { addon_type: "ipv4", addon_variant: "ipv4_default" });
  await emu.clearRequests();
  const adopted = await P().create({ projectRef: ref, ipv4: true });
  expect(await calls(emu)).toEqual([GET_PROJECT, GET]);
  await emu.clearRequests();
  const off = await P().update(adopted.id, adopted.outs!, { projectRef: ref, ipv4: false, pitr: "disabled" });
  expect(await collapsed()).toEqual([GET_PROJECT, GET, DELETE, GET_PROJECT]);
  expect(await live()).toEqual({ compute_instance: "ci_micro" });
  expect(off.outs!.selected).toEqual([]);

  const { id, outs } = await P().create({ projectRef: ref, pitr: "pitr_28", restoreOnDestroy: true });
  expect(await live()).toEqual({ compute_instance: "ci_micro", pitr: "pitr_28" });
  await emu.clearRequests();
  await P().delete(id, outs!);
  expect(await collapsed()).toEqual([GET_PROJECT, GET, DELETE, GET_PROJECT]);
  expect(await live()).toEqual({ compute_instance: "ci_micro" });
});

test("the emulator refuses a variant of another type and a removal of what is not selected", async () => {
  const { emu, ref } = ctx;
  const wrong = await emu.api("PATCH", `/v1/projects/${ref}/billing/addons`, {
    addon_type: "pitr",
    addon_variant: "ci_small",
  });
  expect(wrong.status).toBe(400);
  expect((await emu.api("DELETE", `/v1/projects/${ref}/billing/addons/pitr_14`)).status).toBe(404);
  const listed = (await emu.api("GET", `/v1/projects/${ref}/billing/addons`)).body as {
    available_addons: Array<{ type: string; variants: Array<{ id: string }> }>;
  };
  expect(listed.available_addons.map((a) => a.type)).toEqual(["compute_instance", "pitr", "ipv4", "custom_domain"]);
  expect(listed.available_addons[0].variants).toHaveLength(18);
});

test("bad inputs are refused at check, naming the field", async () => {
  await expectRefused(ctx.emu, "projectAddons", [
    [{ projectRef: "X" }, "projectRef"],
    [{ projectRef: ctx.ref, computeSize: "small" }, "computeSize"],
    [{ projectRef: ctx.ref, computeSize: "ci_nano" }, "computeSize"],
    [{ projectRef: ctx.ref, pitr: "pitr_30" }, "pitr"],
    [{ projectRef: ctx.ref, ipv4: "yes" }, "ipv4"],
    [{ projectRef: ctx.ref, restoreOnDestroy: 1 }, "restoreOnDestroy"],
    [{ projectRef: ctx.ref, compute: "ci_small" }, "compute"],
  ]);
});
