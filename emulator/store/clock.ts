/**
 * The emulator's single notion of time. Every timestamp, state transition and
 * rate-limit window reads it, so advancing the offset through the control
 * plane moves all of them together without waiting in real time.
 */
export class Clock {
  constructor(private offset = 0) {}

  now(): number {
    return Date.now() + this.offset;
  }

  iso(ms: number = this.now()): string {
    return new Date(ms).toISOString();
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward; it never runs backwards, so windows and deadlines stay monotonic. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("advanceMs must be a non-negative number");
    this.offset += ms;
  }

  reset(offset = 0): void {
    this.offset = offset;
  }
}
