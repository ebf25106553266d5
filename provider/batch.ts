/**
 * Coalesces concurrent per-item writes into bulk requests.
 *
 * One provider process serves every dynamic resource of a deployment, and the
 * engine runs up to its parallelism of them at once. Items queued for the same
 * key (for example a project ref) within `windowMs` go out as one request;
 * each caller gets the outcome of the request that carried its item. Items
 * that arrive while a request is in flight form the next batch.
 */
export class WriteBatcher<Item> {
  private readonly queues = new Map<string, { items: Item[]; waiters: Array<{ resolve(): void; reject(e: unknown): void }>; timer: NodeJS.Timeout }>();

  constructor(
    private readonly flush: (key: string, items: Item[]) => Promise<void>,
    private readonly windowMs = 50,
    private readonly maxItems = 500,
  ) {}

  add(key: string, item: Item): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let q = this.queues.get(key);
      if (!q) {
        q = { items: [], waiters: [], timer: setTimeout(() => this.send(key), this.windowMs) };
        this.queues.set(key, q);
      }
      q.items.push(item);
      q.waiters.push({ resolve, reject });
      if (q.items.length >= this.maxItems) {
        clearTimeout(q.timer);
        this.send(key);
      }
    });
  }

  private send(key: string): void {
    const q = this.queues.get(key);
    if (!q) return;
    this.queues.delete(key);
    this.flush(key, q.items).then(
      () => q.waiters.forEach((w) => w.resolve()),
      (err) => q.waiters.forEach((w) => w.reject(err)),
    );
  }
}
