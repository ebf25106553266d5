/** Secret provider methods against the emulator, with the API footprint from the request log. */
import * as runtime from "supabase-pulumi/runtime";
import { secretDigest } from "../../../provider/resources/shared";
import type { TestEmulator } from "../../../harness/emulator";
import { calls, useSharedProject } from "./config-helpers";

const ctx = useSharedProject("s");
const P = (kind: runtime.ResourceKind) => runtime.provider(kind);

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

/** A small seeded generator, so the uneven timings below are the same on every run. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/**
 * Runs `n` operations the way the engine does at parallelism 8 in a fresh
 * provider process: its workers start unevenly (up to 150 ms apart), and after
 * every step each checkpoints (15–25 ms, then a round trip over a socket)
 * before it takes the next one. Once, while a batch fills, the process stalls
 * for 250 ms (a long GC pause, a busy CPU): the round trips finishing meanwhile
 * are read only after it, when the batch's quiet timer has long expired.
 */
async function likeTheEngine(
  emu: TestEmulator,
  n: number,
  op: (i: number) => Promise<unknown>,
  seed: number,
): Promise<void> {
  runtime.resetContexts();
  const random = seeded(seed);
  let next = 0;
  let stalled = false;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      await sleep(w === 0 ? 0 : random() * 150);
      while (next < n) {
        await op(next++);
        await sleep(15 + random() * 10);
        if (w === 0 && next > n / 2 && !stalled) {
          stalled = true;
          const until = Date.now() + 250;
          while (Date.now() < until); // the stall: nothing else runs
        }
        await emu.control("GET", "/info");
      }
    }),
  );
}

test("96 creates and 96 deletes run as the engine runs them fill their batches: ceil(96/8) = 12 writes each way, one more at most when a run's first batch closes short", async () => {
  const { emu, ref } = ctx;
  const n = 96;
  const names = Array.from({ length: n }, (_, i) => `ENGINE_${i}`);
  const writes = async (method: string) =>
    (await emu.requests()).filter((r) => r.route === `${method} /v1/projects/{ref}/secrets`).length;
  for (const seed of [1, 2, 3]) {
    await emu.clearRequests();
    await likeTheEngine(emu, n, (i) => P("secret").create({ projectRef: ref, name: names[i]!, value: `v${i}` }), seed);
    const created = await writes("POST");
    await emu.clearRequests();
    await likeTheEngine(
      emu,
      n,
      (i) => P("secret").delete(`${ref}/${names[i]}`, { projectRef: ref, name: names[i] }),
      seed,
    );
    const deleted = await writes("DELETE");
    // Full batches of 8 (12 writes). The first batch may close short while the workers still start (150 ms
    // apart here, with a cold or busy process): the batcher guarantees at most one extra write for that.
    expect({ seed, created: Math.min(created, 12), deleted: Math.min(deleted, 12) }).toEqual({
      seed,
      created: 12,
      deleted: 12,
    });
    // That guarantee holds per run of writes: the creates and the deletes each start one.
    expect({ seed, created: created <= 13, deleted: deleted <= 13 }).toEqual({ seed, created: true, deleted: true });
  }
  const left = (await emu.api("GET", `/v1/projects/${ref}/secrets`)).body as Array<{ name: string }>;
  expect(left.filter((s) => s.name.startsWith("ENGINE_"))).toEqual([]);
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
