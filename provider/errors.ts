/**
 * Errors as data: a small hierarchy with stable codes.
 *
 * Code in the provider process may see errors thrown by a different copy of
 * this module (the serialized provider, the SDK and tests can each load their
 * own), so checks use a brand and the `code`, never `instanceof`.
 */

const BRAND = Symbol.for("supabase-pulumi.error");

export type ErrorCode =
  /** Missing or invalid provider configuration (no access token, bad URL). */
  | "CONFIG"
  /** Input validation failed before any API call. */
  | "VALIDATION"
  /** The API answered with a non-success status. */
  | "API"
  /** The API answered 404 for the object addressed. */
  | "NOT_FOUND"
  /** The API answered 429 and retries were exhausted. */
  | "RATE_LIMITED"
  /** The connection failed or was reset before a complete response arrived. */
  | "NETWORK"
  /** A wait (provisioning, polling) ran past its deadline. */
  | "TIMEOUT"
  /** An object reached a status it cannot leave by itself. */
  | "TERMINAL_STATUS"
  /** A write whose outcome is unknown and could not be settled by a lookup. */
  | "UNKNOWN_OUTCOME"
  /** A GraphQL response carried `errors`. */
  | "GRAPHQL"
  /** Adoption found more than one object it could take over, and will not guess. */
  | "AMBIGUOUS"
  /** The service's state blocks the operation until something else is done first (e.g. a later migration). */
  | "CONFLICT"
  /** The project does not have the feature (switched off, not on its plan, an add-on missing): see unavailable.ts. */
  | "FEATURE_UNAVAILABLE"
  /** A Postgres upgrade the service ran failed (its status text is in the message); the project keeps its version. */
  | "UPGRADE_FAILED";

export class SupabaseError extends Error {
  readonly code: ErrorCode;
  readonly [BRAND] = true;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = "SupabaseError";
  }

  static is(e: unknown, code?: ErrorCode): e is SupabaseError {
    return (
      typeof e === "object" &&
      e !== null &&
      (e as Record<symbol, unknown>)[BRAND] === true &&
      (code === undefined || (e as SupabaseError).code === code)
    );
  }
}

/** A non-success answer from the management API. Keeps status, message and request path. */
export class ApiError extends SupabaseError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The `message` field of the JSON error body (or a short text for non-JSON bodies). */
  readonly apiMessage: string;
  /** Seconds to wait before retrying, from `Retry-After` or `X-RateLimit-Reset`, when given. */
  readonly retryAfterSeconds?: number;

  constructor(init: { status: number; method: string; path: string; apiMessage: string; retryAfterSeconds?: number }) {
    const code: ErrorCode = init.status === 404 ? "NOT_FOUND" : init.status === 429 ? "RATE_LIMITED" : "API";
    super(code, `${init.method} ${init.path} failed with ${init.status}: ${init.apiMessage}`);
    this.name = "ApiError";
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.apiMessage = init.apiMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  static isApi(e: unknown): e is ApiError {
    return SupabaseError.is(e) && typeof (e as ApiError).status === "number";
  }
}

/** A connection error (reset, refused, socket closed) on a request. */
export class NetworkError extends SupabaseError {
  readonly method: string;
  readonly path: string;
  constructor(init: { method: string; path: string; cause: unknown }) {
    const why = init.cause instanceof Error ? init.cause.message : String(init.cause);
    super("NETWORK", `${init.method} ${init.path} failed: ${why}`, { cause: init.cause });
    this.name = "NetworkError";
    this.method = init.method;
    this.path = init.path;
  }
}

export function isNotFound(e: unknown): boolean {
  return SupabaseError.is(e, "NOT_FOUND");
}

/**
 * Removes anything that looks like a credential from a text before it is
 * shown in an error or a log line: bearer tokens, JWTs, personal access
 * tokens, and the opaque API keys (`sb_secret_…`, `sb_publishable_…`).
 */
export function redact(text: string): string {
  return text
    .replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/g, "Bearer [redacted]")
    .replace(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, "[redacted-jwt]")
    .replace(/sbp_(oauth_)?[0-9a-f]{16,}/g, "[redacted-token]")
    .replace(/sb_(secret|publishable)_[A-Za-z0-9_-]{8,}/g, "[redacted-key]");
}

/**
 * The shape the Pulumi dynamic-provider host understands for a partial
 * failure: the object exists (it has an id) but did not become ready. The
 * engine records it in state instead of orphaning it.
 */
export interface PartialFailure {
  message: string;
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}

export function partialFailure(
  id: string,
  properties: Record<string, unknown>,
  cause: unknown,
): PartialFailure & Error {
  const why = cause instanceof Error ? cause.message : String(cause);
  const err = new Error(redact(why)) as Error & PartialFailure;
  err.id = id;
  err.properties = properties;
  err.reasons = [redact(why)];
  return err;
}
