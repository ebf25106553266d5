/** Secret provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { secretDigest } from "../../../provider/resources/shared";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: string) => runtime.provider(kind);

test("20 concurrent creates for one project are one POST; reads share one GET; deletes are one DELETE", async () => {
  const { emu, ref } = ctx;
  const created = await Promise.all(
    Array.from({ length: 20 }, (_, i) => P("secret").create({ projectRef: ref, name: `K${i}`, value: `v${i}` })),
  );
  expect(await calls(emu)).toEqual(["POST /v1/projects/{ref}/secrets"]);
  expect(created[3].outs).toEqual({ projectRef: ref, name: "K3", digest: secretDigest("v3") });
  expect(created[3].outs).not.toHaveProperty("value");

  await emu.clearRequests();
  runtime.resetContexts();
  const reads = await Promise.all(created.map((c) => P("secret").read(c.id, c.outs!)));
  expect(reads.every((r) => r.id !== "")).toBe(true);
  expect(await calls(emu)).toEqual(["GET /v1/projects/{ref}/secrets"]);

  await emu.clearRequests();
  await Promise.all(created.map((c) => P("secret").delete(c.id, c.outs!)));
  expect(await calls(emu)).toEqual(["DELETE /v1/projects/{ref}/secrets"]);
  runtime.resetContexts();
  expect((await P("secret").read(created[0].id, created[0].outs!)).id).toBe("");
});

test("read reports an out-of-band value change through the digest", async () => {
  const { emu, ref } = ctx;
  const { id, outs } = await P("secret").create({ projectRef: ref, name: "DRIFT", value: "mine" });
  await emu.api("POST", `/v1/projects/${ref}/secrets`, [{ name: "DRIFT", value: "theirs" }]);
  runtime.resetContexts();
  const r = await P("secret").read(id, outs!);
  expect(r.props!.digest).toBe(secretDigest("theirs"));
  expect(r.props!.drift).toEqual({ changed: ["DRIFT"] });
  expect((await P("secret").diff(id, r.props!, { projectRef: ref, name: "DRIFT", value: "mine" })).changes).toBe(true);
});
