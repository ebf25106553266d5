/**
 * Coalesces concurrent per-item writes into bulk requests.
 *
 * One provider process serves every dynamic resource of a deployment, and the
 * engine runs up to its parallelism of them at once. Their writes do not
 * arrive together: the engine finishes steps one by one (it checkpoints state
 * after each), so creates trickle in every 15–25 ms. A batch therefore closes
 * when arrivals pause for `quietMs` (at that point every engine worker is
 * waiting on this batch) or `maxWaitMs` after its first item, whichever comes
 * first. Each caller gets the outcome of the request that carried its item;
 * items arriving while a request is in flight form the next batch.
 */
export interface BatchTiming {
  /** Close the batch when no item arrived for this long. */
  quietMs: number;
  /** Never hold the first item longer than this. */
  maxWaitMs: number;
  /** Close at once at this many items. */
  maxItems: number;
}

export const DEFAULT_BATCH_TIMING: BatchTiming = { quietMs: 100, maxWaitMs: 1000, maxItems: 500 };

interface Pending<Item> {
  items: Item[];
  waiters: Array<{ resolve(): void; reject(e: unknown): void }>;
  firstAt: number;
  timer: NodeJS.Timeout;
}

export class WriteBatcher<Item> {
  private readonly queues = new Map<string, Pending<Item>>();

  constructor(
    private readonly flush: (key: string, items: Item[]) => Promise<void>,
    private readonly timing: BatchTiming = DEFAULT_BATCH_TIMING,
  ) {}

  add(key: string, item: Item): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let q = this.queues.get(key);
      if (!q) {
        q = { items: [], waiters: [], firstAt: Date.now(), timer: undefined as unknown as NodeJS.Timeout };
        this.queues.set(key, q);
      } else {
        clearTimeout(q.timer);
      }
      q.items.push(item);
      q.waiters.push({ resolve, reject });
      if (q.items.length >= this.timing.maxItems) {
        this.send(key);
        return;
      }
      const wait = Math.min(this.timing.quietMs, Math.max(0, q.firstAt + this.timing.maxWaitMs - Date.now()));
      q.timer = setTimeout(() => this.send(key), wait);
    });
  }

  private send(key: string): void {
    const q = this.queues.get(key);
    if (!q) return;
    clearTimeout(q.timer);
    this.queues.delete(key);
    this.flush(key, q.items).then(
      () => q.waiters.forEach((w) => w.resolve()),
      (err) => q.waiters.forEach((w) => w.reject(err)),
    );
  }
}
