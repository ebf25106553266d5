/**
 * Settling writes whose outcome is unknown, and telling transient failures
 * from definite ones.
 *
 * A creating POST is never retried blindly: if the connection broke after the
 * server acted, a blind retry makes a duplicate (a second project, billed).
 * Instead, when the outcome is unknown, look for the object first, and send
 * the write again only when it is not there. This goes on, with capped and
 * jittered backoff, while the failures stay transient and the retry budget
 * lasts (`supabase:retryBudgetSeconds`, default 300 s).
 */
import { sleep, systemClock, type Clock } from "../clock";
import { retryBudgetMs } from "../config";
import { ApiError, SupabaseError } from "../errors";

/**
 * True when a failed write may still have happened on the server: no
 * complete response (connection reset, timeout) or a 5xx/408, which
 * gateways also send when the backend is slow but working.
 */
export function isUnknownOutcome(err: unknown): boolean {
  if (SupabaseError.is(err, "NETWORK")) return true;
  return ApiError.isApi(err) && (err.status >= 500 || err.status === 408);
}

/**
 * True when trying again later may succeed: an unknown outcome (reset,
 * timeout, 5xx, 408) or a 429. Any other 4xx is the service's definite answer.
 */
export function isTransient(err: unknown): boolean {
  return isUnknownOutcome(err) || (ApiError.isApi(err) && err.status === 429);
}

export interface SettleOptions {
  /** How long to keep going, from the first write (default: the configured retry budget). */
  budgetMs?: number;
  /** First backoff step between rounds (default 500 ms), doubling up to `maxDelayMs` (default 10 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Source of randomness for jitter (tests may pin it). */
  random?: () => number;
  /** Time source for the budget and the waits (default: the system's; tests pass a virtual one). */
  clock?: Clock;
}

/** Equal-jitter backoff: half fixed, half random; a 429's `Retry-After` wins when longer. */
function backoff(round: number, err: unknown, o: Required<Omit<SettleOptions, "budgetMs" | "clock">>): number {
  const base = Math.min(o.maxDelayMs, o.minDelayMs * 2 ** Math.min(round - 1, 30));
  const wait = base / 2 + (base / 2) * o.random();
  const hint = ApiError.isApi(err) && err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : 0;
  return Math.max(wait, hint);
}

/**
 * Runs `write`. If it fails with an unknown outcome, runs `lookup`: an object
 * found is adopted (returned as if the write had answered); none found means
 * the write did not happen, so it is sent again. A 429 is waited out and the
 * write sent again (the server did not act). Rounds repeat with backoff while
 * failures are transient and the budget lasts; then the last error is thrown.
 * A definite failure (any other 4xx, a CONFIG error) is rethrown at once,
 * untouched. A lookup that keeps failing past the budget leaves the outcome
 * unknown: that is reported as `UNKNOWN_OUTCOME` rather than guessed.
 *
 * @example
 * const project = await withUnknownOutcome(
 *   () => client.createProject({ name, db_pass, organization_slug, region_selection }),
 *   () => client.findProject({ organizationId: organization_slug, name }),
 * );
 */
export async function withUnknownOutcome<T>(
  write: () => Promise<T>,
  lookup: () => Promise<T | undefined>,
  options: SettleOptions = {},
): Promise<T> {
  const budgetMs = options.budgetMs ?? retryBudgetMs();
  const o = {
    minDelayMs: options.minDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    random: options.random ?? Math.random,
  };
  const clock = options.clock ?? systemClock;
  const start = clock.now();
  const left = () => budgetMs - (clock.now() - start);
  let round = 0;
  /** Whether an earlier write may have happened: then every later round looks first. */
  let unsettled = false;
  let writeFailure: unknown;
  for (;;) {
    round++;
    let failure: unknown;
    let lookupFailed = false;
    if (unsettled) {
      let found: T | undefined;
      try {
        found = await lookup();
      } catch (lookupErr) {
        if (!isTransient(lookupErr)) throw unknownOutcome(writeFailure, lookupErr);
        found = undefined;
        failure = lookupErr;
        lookupFailed = true;
      }
      if (found !== undefined) return found;
    }
    if (failure === undefined) {
      try {
        return await write();
      } catch (err) {
        if (!isTransient(err)) throw err;
        if (isUnknownOutcome(err)) unsettled = true;
        failure = err;
        writeFailure = err;
      }
    }
    const wait = backoff(round, failure, o);
    if (wait > left()) {
      if (lookupFailed) throw unknownOutcome(writeFailure, failure);
      if (unsettled) {
        // One last look: the write may have happened in the final round.
        const found = await lookup().catch(() => undefined);
        if (found !== undefined) return found;
      }
      throw failure;
    }
    await sleep(clock, wait);
  }
}

function unknownOutcome(writeFailure: unknown, lookupFailure: unknown): SupabaseError {
  return new SupabaseError(
    "UNKNOWN_OUTCOME",
    `A write failed without a definite answer (${errorText(writeFailure)}) and the lookup to settle it ` +
      `failed too (${errorText(lookupFailure)}); check whether the object exists before retrying.`,
    { cause: lookupFailure },
  );
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
