/** Pgsodium provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

test("pgsodium: adopt is 1 GET; a key change is 1 PUT; delete makes no call", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P("pgsodium").create({ projectRef: ref });
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/pgsodium"]);
  expect(outs!.rootKey).toMatch(/^[0-9a-f]{64}$/);

  await emu.clearRequests();
  const key = "ab".repeat(32);
  await P("pgsodium").update(id, outs!, { projectRef: ref, rootKey: key, acknowledgeDataLoss: true });
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/pgsodium", "PUT /v1/projects/{ref}/pgsodium"]);

  await emu.clearRequests();
  await P("pgsodium").delete(id, outs!);
  expect(await calls(emu)).toEqual([]);
  expect((await emu.api("GET", `/v1/projects/${ref}/pgsodium`)).body.root_key).toBe(key);
});

test("pgsodium: declaring a different key after adopting needs the opt-in, before any write", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P("pgsodium").create({ projectRef: ref });
  await emu.clearRequests();
  await expect(P("pgsodium").update(id, outs!, { projectRef: ref, rootKey: "cd".repeat(32) })).rejects.toThrow(
    /acknowledgeDataLoss/,
  );
  expect((await calls(emu)).filter((c) => c.startsWith("PUT"))).toEqual([]);
});
