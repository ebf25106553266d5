import { WriteBatcher } from "../../../provider/batch";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("WriteBatcher", () => {
  test("items trickling in faster than the quiet period share one flush; a pause closes the batch", async () => {
    const flushed: string[][] = [];
    const b = new WriteBatcher<string>(async (_k, items) => void flushed.push(items), {
      quietMs: 40,
      maxWaitMs: 1000,
      maxItems: 100,
    });
    const all: Promise<void>[] = [];
    for (let i = 0; i < 6; i++) {
      all.push(b.add("p", `a${i}`));
      await sleep(10);
    }
    await Promise.all(all);
    await Promise.all([b.add("p", "b0"), b.add("p", "b1")]);
    expect(flushed).toEqual([
      ["a0", "a1", "a2", "a3", "a4", "a5"],
      ["b0", "b1"],
    ]);
  });

  test("keys batch separately; maxWait caps a never-pausing stream; maxItems closes at once", async () => {
    const flushed: Array<[string, number]> = [];
    const b = new WriteBatcher<number>(async (k, items) => void flushed.push([k, items.length]), {
      quietMs: 50,
      maxWaitMs: 60,
      maxItems: 3,
    });
    await Promise.all([b.add("x", 1), b.add("y", 1), b.add("x", 2), b.add("x", 3)]);
    expect(flushed).toContainEqual(["x", 3]);
    expect(flushed).toContainEqual(["y", 1]);
    const start = Date.now();
    const stream: Promise<void>[] = [];
    for (let i = 0; i < 2; i++) {
      stream.push(b.add("z", i));
      await sleep(20);
    }
    await Promise.all(stream);
    expect(Date.now() - start).toBeLessThan(200);
  });

  test("a failed flush rejects every caller of that batch", async () => {
    const b = new WriteBatcher<number>(async () => Promise.reject(new Error("boom")), {
      quietMs: 5,
      maxWaitMs: 50,
      maxItems: 10,
    });
    const results = await Promise.allSettled([b.add("k", 1), b.add("k", 2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
