/**
 * A virtual clock for the provider's waits (`provider/clock.ts`): time stands
 * still until a test moves it, so tests assert which waits the code asked for
 * and in what order, never how long the machine took.
 *
 * - `advance(ms)` moves time forward and fires the timers that fall due, in order.
 * - With `auto: true`, each timer fires on its own as soon as the event loop
 *   turns (time jumps to it): code that waits runs through its waits at once.
 */
import type { Clock, TimerHandle } from "../../provider/clock";

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  /** An arbitrary origin: code under test may only rely on differences. */
  #now = 1_000_000;
  #nextId = 1;
  readonly #timers: Timer[] = [];
  readonly #auto: boolean;
  readonly #onTimer: Array<() => void> = [];
  /** Every wait asked for, in order (cleared timers included). */
  readonly requested: number[] = [];

  constructor(options: { auto?: boolean } = {}) {
    this.#auto = options.auto ?? false;
  }

  now(): number {
    return this.#now;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer: Timer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), fn };
    this.#timers.push(timer);
    this.requested.push(ms);
    for (const notify of this.#onTimer.splice(0)) notify();
    if (this.#auto) setImmediate(() => this.#fireNext());
    return timer.id;
  }

  clearTimer(handle: TimerHandle): void {
    const i = this.#timers.findIndex((t) => t.id === handle);
    if (i >= 0) this.#timers.splice(i, 1);
  }

  /** The waits still pending, from now, soonest first. */
  pending(): number[] {
    return this.#timers.map((t) => t.at - this.#now).sort((a, b) => a - b);
  }

  /** Resolves once at least one timer is pending. */
  async untilTimer(): Promise<void> {
    while (this.#timers.length === 0) await new Promise<void>((resolve) => this.#onTimer.push(resolve));
  }

  /** Moves time forward by `ms`, firing every timer that falls due, soonest first. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = this.#soonest();
      if (!next || next.at > end) break;
      this.#fire(next);
    }
    this.#now = end;
  }

  #soonest(): Timer | undefined {
    return this.#timers.reduce<Timer | undefined>((a, t) => (!a || t.at < a.at ? t : a), undefined);
  }

  #fireNext(): void {
    const next = this.#soonest();
    if (next) this.#fire(next);
  }

  #fire(timer: Timer): void {
    this.#timers.splice(this.#timers.indexOf(timer), 1);
    this.#now = Math.max(this.#now, timer.at);
    timer.fn();
  }
}
