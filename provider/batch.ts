/**
 * Coalesces concurrent per-item writes into bulk requests.
 *
 * One provider process serves every dynamic resource of a deployment, and the
 * engine runs up to its parallelism of them at once. Their writes do not
 * arrive together: the engine finishes steps one by one (it checkpoints state
 * after each), so creates trickle in every 15–25 ms.
 *
 * A batch closes at once when it holds as many items as the most provider
 * operations ever seen running at the same time in this process (known once
 * a batch was sent, or when it exceeds the operations running as this one
 * began): then every engine worker is waiting on this batch and no further
 * write can arrive until it is sent. Waiting out a quiet period there was
 * pure delay (profiled: about 100 ms of every ~500 ms cycle of 8 creates).
 * Because the peak is read as items arrive, a first batch the quiet period
 * closed short (the engine starts its workers unevenly) costs one extra
 * request at most: the next batch fills up to the full parallelism. Otherwise
 * (the first batch, the tail of a run, a trickle) it closes when arrivals
 * pause for `quietMs`, or `maxWaitMs` after its first
 * item, whichever comes first. Each caller gets the outcome of the request
 * that carried its item; items arriving while a request is in flight form the
 * next batch.
 */
import { systemClock, type Clock, type TimerHandle } from "./clock";

export interface BatchTiming {
  /** Close the batch when no item arrived for this long (at least; see `maxQuietMs`). */
  quietMs: number;
  /**
   * When items arrive slowly (the engine trickles them, as in a destroy), the
   * quiet period stretches to three times the recent gap between arrivals, up
   * to this, so a trickle still fills a batch instead of sending many small ones.
   */
  maxQuietMs?: number;
  /** Never hold the first item longer than this. */
  maxWaitMs: number;
  /** Close at once at this many items. */
  maxItems: number;
}

export const DEFAULT_BATCH_TIMING: BatchTiming = { quietMs: 100, maxQuietMs: 500, maxWaitMs: 1000, maxItems: 500 };

/**
 * Provider operations (create, update, delete) of this process: how many run
 * now, and the most that ever ran at once (the engine's effective parallelism).
 */
export class OperationTracker {
  inflight = 0;
  peak = 0;

  async run<T>(op: () => Promise<T>): Promise<T> {
    this.inflight++;
    if (this.inflight > this.peak) this.peak = this.inflight;
    try {
      return await op();
    } finally {
      this.inflight--;
    }
  }
}

/** The process-wide tracker the runtime wraps every create, update and delete in. */
export const operations = new OperationTracker();

interface Pending<Item> {
  items: Item[];
  /** Whether the engine's concurrency (the peak of operations) was known when the batch began. */
  learned: boolean;
  waiters: Array<{ resolve(): void; reject(e: unknown): void }>;
  firstAt: number;
  timer: TimerHandle;
}

export class WriteBatcher<Item> {
  private readonly queues = new Map<string, Pending<Item>>();
  /** Recent gap between arrivals (exponentially weighted), and when the last item arrived. */
  private gapMs = 0;
  private lastAt = 0;
  /** Batches sent so far. */
  private sent = 0;

  constructor(
    private readonly flush: (key: string, items: Item[]) => Promise<void>,
    private readonly timing: BatchTiming = DEFAULT_BATCH_TIMING,
    private readonly tracker: OperationTracker = operations,
    private readonly clock: Clock = systemClock,
  ) {}

  add(key: string, item: Item): Promise<void> {
    const now = this.clock.now();
    // Gaps longer than the longest quiet period separate runs, not arrivals within one.
    const gap = now - this.lastAt;
    if (this.lastAt > 0 && gap <= (this.timing.maxQuietMs ?? this.timing.quietMs) * 2)
      this.gapMs = this.gapMs === 0 ? gap : 0.7 * this.gapMs + 0.3 * gap;
    this.lastAt = now;
    return new Promise<void>((resolve, reject) => {
      let q = this.queues.get(key);
      if (!q) {
        // Whether the engine's concurrency is known. During the very first batch the peak is still growing, so
        // it cannot close that one early. Once a batch was sent it counts, even when the peak equals the
        // operations running: that is a batch starting while the previous one is in flight.
        const learned = this.tracker.peak > this.tracker.inflight || this.sent > 0;
        q = { items: [], waiters: [], learned, firstAt: now, timer: undefined };
        this.queues.set(key, q);
      } else {
        this.clock.clearTimer(q.timer);
      }
      q.items.push(item);
      q.waiters.push({ resolve, reject });
      // Read the peak now: in a slow start it still grows while this batch fills.
      const full = this.tracker.peak;
      const everyWorkerWaits = q.learned && full >= 4 && q.items.length >= full;
      if (q.items.length >= this.timing.maxItems || everyWorkerWaits) {
        this.send(key);
        return;
      }
      const quiet = Math.min(
        this.timing.maxQuietMs ?? this.timing.quietMs,
        Math.max(this.timing.quietMs, 3 * this.gapMs),
      );
      const wait = Math.min(quiet, Math.max(0, q.firstAt + this.timing.maxWaitMs - now));
      // Sent from the check phase, after the poll phase: when this process stalled (GC, a busy CPU) past the
      // timer, writes that arrived meanwhile are read first and join this batch instead of starting a short one.
      const batch = q;
      q.timer = this.clock.setTimer(() => setImmediate(() => this.send(key, batch)), wait);
    });
  }

  private send(key: string, expected?: Pending<Item>): void {
    const q = this.queues.get(key);
    // A deferred send of a batch that was closed meanwhile (it filled up) does nothing.
    if (!q || (expected && q !== expected)) return;
    this.clock.clearTimer(q.timer);
    this.queues.delete(key);
    this.sent++;
    this.flush(key, q.items).then(
      () => q.waiters.forEach((w) => w.resolve()),
      (err) => q.waiters.forEach((w) => w.reject(err)),
    );
  }
}
