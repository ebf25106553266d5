import { OperationTracker, WriteBatcher } from "../../../provider/batch";
import { FakeClock } from "../fake-clock";

/** Lets the event loop turn (a batch is sent from the check phase after its timer fires). */
const turn = () => new Promise((r) => setImmediate(r));

describe("WriteBatcher", () => {
  test("items trickling in faster than the quiet period share one flush; a pause closes the batch", async () => {
    const clock = new FakeClock();
    const flushed: string[][] = [];
    const b = new WriteBatcher<string>(
      async (_k, items) => void flushed.push(items),
      { quietMs: 40, maxWaitMs: 1000, maxItems: 100 },
      new OperationTracker(),
      clock,
    );
    const all: Promise<void>[] = [];
    for (let i = 0; i < 6; i++) {
      all.push(b.add("p", `a${i}`));
      clock.advance(10);
      await turn();
    }
    expect(flushed).toEqual([]); // each arrival restarted the quiet period
    clock.advance(30); // 40 ms since the last arrival
    await Promise.all(all);
    const second = Promise.all([b.add("p", "b0"), b.add("p", "b1")]);
    clock.advance(40);
    await second;
    expect(flushed).toEqual([
      ["a0", "a1", "a2", "a3", "a4", "a5"],
      ["b0", "b1"],
    ]);
  });

  test("keys batch separately; maxWait caps a never-pausing stream; maxItems closes at once", async () => {
    const clock = new FakeClock();
    const flushed: Array<[string, number[], number]> = [];
    const b = new WriteBatcher<number>(
      async (k, items) => void flushed.push([k, items, clock.now()]),
      { quietMs: 50, maxWaitMs: 60, maxItems: 3 },
      new OperationTracker(),
      clock,
    );
    const start = clock.now();
    const xy = Promise.all([b.add("x", 1), b.add("y", 1), b.add("x", 2), b.add("x", 3)]);
    await turn();
    expect(flushed).toEqual([["x", [1, 2, 3], start]]); // full: sent without waiting
    clock.advance(50);
    await xy;
    expect(flushed[1]).toEqual(["y", [1], start + 50]);
    // A stream that never pauses for 50 ms (nor fills a batch): each batch closes 60 ms after its first item.
    flushed.length = 0;
    const unbounded = new WriteBatcher<number>(
      async (k, items) => void flushed.push([k, items, clock.now()]),
      { quietMs: 50, maxWaitMs: 60, maxItems: 100 },
      new OperationTracker(),
      clock,
    );
    const t0 = clock.now();
    const stream: Promise<void>[] = [];
    for (let i = 0; i < 6; i++) {
      stream.push(unbounded.add("z", i));
      clock.advance(20);
      await turn();
    }
    clock.advance(60);
    await Promise.all(stream);
    expect(flushed).toEqual([
      ["z", [0, 1, 2], t0 + 60],
      ["z", [3, 4, 5], t0 + 120],
    ]);
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

  test("once the engine's concurrency is known, a batch holding every running operation closes at once", async () => {
    const tracker = new OperationTracker();
    const flushed: number[][] = [];
    // Quiet and max waits far beyond the test's timeout: only the early close can send these batches.
    const b = new WriteBatcher<number>(
      async (_k, items) => void flushed.push(items),
      { quietMs: 600_000, maxWaitMs: 600_000, maxItems: 500 },
      tracker,
    );
    const round = (from: number) =>
      Promise.all(Array.from({ length: 8 }, (_, i) => tracker.run(() => b.add("p", from + i))));
    // The first round teaches the tracker the peak (8); its batch has to wait, so close it by hand.
    const first = round(0);
    (b as unknown as { send(k: string): void }).send("p");
    await first;
    expect(tracker.peak).toBe(8);
    // Later rounds close as soon as the eighth write arrives.
    await round(8);
    await round(16);
    expect(flushed).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14, 15],
      [16, 17, 18, 19, 20, 21, 22, 23],
    ]);
  });

  test("a batch below the known concurrency still waits for the quiet period", async () => {
    const clock = new FakeClock();
    const tracker = new OperationTracker();
    tracker.peak = 8;
    const flushed: number[][] = [];
    const b = new WriteBatcher<number>(
      async (_k, items) => void flushed.push(items),
      { quietMs: 30, maxWaitMs: 1000, maxItems: 500 },
      tracker,
      clock,
    );
    const early = Promise.all([1, 2, 3].map((i) => tracker.run(() => b.add("p", i))));
    await turn();
    expect(flushed).toEqual([]);
    expect(clock.pending()).toEqual([30]);
    clock.advance(30);
    await early;
    expect(flushed).toEqual([[1, 2, 3]]);
  });
});
