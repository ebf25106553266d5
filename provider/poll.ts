/** Waiting helpers of the provider: a sleep and bounded polling with capped backoff. */
import { isTransient } from "./client/outcome";
import { ApiError, SupabaseError } from "./errors";
import { sleep as sleepOn, systemClock, type Clock } from "./clock";

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Polls `probe` with capped exponential backoff until it returns a value, or
 * the deadline passes. `probe` returns undefined to keep waiting and throws to
 * stop at once (terminal states). A probe that fails transiently (5xx, 429, a
 * reset, a timeout: the service is briefly unwell, not the object) counts as
 * "not yet": the wait goes on, and a timeout names the last such failure.
 * Time is read and waited on `opts.clock` (the system's unless a test passes
 * a virtual one).
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs: number; minDelayMs?: number; maxDelayMs?: number; what: string; clock?: Clock },
): Promise<T> {
  const clock = opts.clock ?? systemClock;
  const deadline = clock.now() + opts.timeoutMs;
  let delay = opts.minDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 5000;
  let lastFailure: unknown;
  for (;;) {
    let v: T | undefined;
    try {
      v = await probe();
    } catch (err) {
      if (!isTransient(err)) throw err;
      lastFailure = err;
    }
    if (v !== undefined) return v;
    const left = deadline - clock.now();
    if (left <= 0) {
      const last = lastFailure instanceof Error ? ` The last poll failed: ${lastFailure.message}` : "";
      throw new SupabaseError(
        "TIMEOUT",
        `Timed out after ${Math.round(opts.timeoutMs / 1000)}s waiting for ${opts.what}.${last}`,
      );
    }
    await sleepOn(clock, Math.min(delay, left));
    delay = Math.min(max, Math.ceil(delay * 1.6));
  }
}

/** The errors of a project (or its pooler) that just came up or is restarting: worth retrying shortly. */
export function isProjectNotReady(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return (
    (err.status === 500 && /pooler tenant/i.test(err.apiMessage)) ||
    (err.status === 400 && /not ready|RESTARTING|COMING_UP/i.test(err.apiMessage) && !STAYS.test(err.apiMessage))
  );
}

/** Statuses a project does not leave by itself: a refusal naming one is final, not worth waiting out. */
const STAYS = /its status is (INACTIVE|PAUSING|PAUSE_FAILED|RESTORE_FAILED|INIT_FAILED|REMOVED|GOING_DOWN)\b/;

/**
 * Runs `fn` again while the project refuses it as not ready (a restart after a
 * Postgres setting applied in the same `up`, or a project still coming up),
 * for up to ten minutes (or `opts.timeoutMs`). The refusal comes before the service does anything,
 * so `fn` must only be safe to repeat after such a refusal.
 */
export async function whenProjectReady<T>(
  ref: string,
  what: string,
  fn: () => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  const r = await pollUntil(
    async () => {
      try {
        return { value: await fn() };
      } catch (err) {
        if (isProjectNotReady(err)) return undefined;
        throw err;
      }
    },
    { timeoutMs: opts.timeoutMs ?? 600_000, minDelayMs: 500, maxDelayMs: 5000, what: `project ${ref} to ${what}` },
  );
  return r.value;
}
