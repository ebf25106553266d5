/** NetworkRestriction provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s", { restrictionsApplyDelayMs: 100 });
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

test("network restrictions: apply waits for applied; delete restores allow-all", async () => {
  const { emu, ref } = ctx;
  const inputs = (
    await P("networkRestriction").check({}, { projectRef: ref, dbAllowedCidrs: ["10.9.8.7/8"], dbAllowedCidrsV6: [] })
  ).inputs!;
  const { id, outs } = await P("networkRestriction").create(inputs);
  expect(outs).toMatchObject({ dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [], status: "applied" });
  const c = await calls(emu);
  // A look first (lists already applied would be taken over), then the apply and its polls.
  expect(c[0]).toBe("GET /v1/projects/{ref}/network-restrictions");
  expect(c[1]).toBe("POST /v1/projects/{ref}/network-restrictions/apply");
  expect(c.slice(2).every((x) => x === "GET /v1/projects/{ref}/network-restrictions")).toBe(true);

  await P("networkRestriction").delete(id, outs!);
  const live = (await emu.api("GET", `/v1/projects/${ref}/network-restrictions`)).body;
  expect(live.config).toMatchObject({ dbAllowedCidrs: ["0.0.0.0/0"], dbAllowedCidrsV6: ["::/0"] });
});

test("the wait for applied survives failing polls (503, resets, 429)", async () => {
  const { emu, ref } = ctx;
  const poll = { method: "GET", path: "/v1/projects/{ref}/network-restrictions" };
  await emu.addFault({ ...poll, status: 503, times: 2 });
  await emu.addFault({ ...poll, reset: "before", times: 1 });
  await emu.addFault({ ...poll, status: 429, headers: { "Retry-After": "1" }, times: 1 });
  try {
    const { outs } = await P("networkRestriction").create({
      projectRef: ref,
      dbAllowedCidrs: ["10.1.0.0/16"],
      dbAllowedCidrsV6: [],
    });
    expect(outs).toMatchObject({ dbAllowedCidrs: ["10.1.0.0/16"], status: "applied" });
    expect(await emu.faults()).toEqual([]);
  } finally {
    await emu.clearFaults();
  }
});
