/**
 * Time as the provider's waits and budgets see it: the retry interceptor, the
 * rate-limit pacer, the write batcher and the settling of unknown outcomes
 * read the time and set timers only through a `Clock`, so tests can run them
 * on a virtual one and assert the waits they ask for instead of wall-clock
 * durations.
 */
import { performance } from "node:perf_hooks";

/** A timer handle, opaque to everyone but the clock that made it. */
export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds on a monotonic scale; only differences are meaningful. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  /** Cancels a timer that has not fired (a fired or unknown handle is ignored). */
  clearTimer(handle: TimerHandle): void;
}

/** The process's own time: `performance.now()` and Node's timers. */
export const systemClock: Clock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Resolves after `ms` on `clock`. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms));
}
