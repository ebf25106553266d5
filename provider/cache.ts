/**
 * A per-process, short-lived cache of one list call. Concurrent callers share
 * the call in flight; callers within `ttlMs` after it settles reuse the result.
 * This is what makes a refresh of many resources cost one list call per
 * endpoint. Writes through this process invalidate it.
 */
export class ListCache<T> {
  private inflight?: Promise<T>;
  private value?: { at: number; data: T };

  constructor(
    private readonly fetch: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<T> {
    if (this.value && Date.now() - this.value.at <= this.ttlMs) return Promise.resolve(this.value.data);
    if (this.inflight) return this.inflight;
    const p = this.fetch().then(
      (data) => {
        this.value = { at: Date.now(), data };
        this.inflight = undefined;
        return data;
      },
      (err) => {
        this.inflight = undefined;
        throw err;
      },
    );
    this.inflight = p;
    return p;
  }

  invalidate(): void {
    this.value = undefined;
  }
}
