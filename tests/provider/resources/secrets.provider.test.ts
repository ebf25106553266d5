/** Secrets provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

test("create is 1 POST; update is ≤1 POST + ≤1 DELETE; delete is 1 DELETE", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P("secrets").create({ projectRef: ref, secrets: { A: "1", B: "2", C: "3" } });
  expect(await calls(emu)).toEqual(["POST /v1/projects/{ref}/secrets"]);
  expect(outs!.names).toEqual(["A", "B", "C"]);

  await emu.clearRequests();
  const { outs: after } = await P("secrets").update(id, outs!, {
    projectRef: ref,
    secrets: { A: "1", B: "changed", D: "4" },
  });
  expect(await calls(emu)).toEqual(["POST /v1/projects/{ref}/secrets", "DELETE /v1/projects/{ref}/secrets"]);
  expect(after!.names).toEqual(["A", "B", "D"]);

  // Out of band: one value changed, one name deleted. The drift detail names them, never a value.
  await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "A", value: "theirs-a" }]);
  await emu.api("DELETE", `/v1/projects/${ref}/secrets`, ["D"]);
  runtime.resetContexts();
  const read = await P("secrets").read(id, after!);
  expect(read.props!.drift).toEqual({ changed: ["A"], deleted: ["D"] });
  expect(JSON.stringify(read.props!.drift)).not.toContain("theirs");
  await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "D", value: "4" }]);

  await emu.clearRequests();
  await P("secrets").delete(id, after!);
  expect(await calls(emu)).toEqual(["DELETE /v1/projects/{ref}/secrets"]);
  const left = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body.map((s: { name: string }) => s.name);
  expect(left).not.toEqual(expect.arrayContaining(["A"]));
});
