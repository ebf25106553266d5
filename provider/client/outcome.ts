/**
 * Settling writes whose outcome is unknown.
 *
 * A creating POST is never retried automatically: if the connection broke
 * after the server acted, a blind retry makes a duplicate (a second project,
 * billed). Instead, when the outcome is unknown, look for the object first.
 */
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
 * Runs `write`. If it fails with an unknown outcome, runs `lookup`: an object
 * found is adopted (returned as if the write had answered); none found means
 * the write did not happen, so it is sent ONE more time. A definite failure
 * (any other 4xx, a CONFIG error) is rethrown untouched. A lookup that itself
 * fails leaves the outcome unknown: that is reported as `UNKNOWN_OUTCOME`
 * rather than guessed.
 *
 * @example
 * const project = await withUnknownOutcome(
 *   () => client.createProject({ name, db_pass, organization_id, region }),
 *   () => client.findProject({ organizationId: organization_id, name }),
 * );
 */
export async function withUnknownOutcome<T>(write: () => Promise<T>, lookup: () => Promise<T | undefined>): Promise<T> {
  try {
    return await write();
  } catch (first) {
    if (!isUnknownOutcome(first)) throw first;
    let found: T | undefined;
    try {
      found = await lookup();
    } catch (lookupErr) {
      const why = first instanceof Error ? first.message : String(first);
      throw new SupabaseError(
        "UNKNOWN_OUTCOME",
        `A write failed without a definite answer (${why}) and the lookup to settle it failed too; ` +
          "check whether the object exists before retrying.",
        { cause: lookupErr },
      );
    }
    if (found !== undefined) return found;
    return write();
  }
}
