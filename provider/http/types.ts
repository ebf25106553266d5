/**
 * Per-request options the interceptors understand, carried on undici's
 * dispatch options. undici passes unknown keys through every interceptor
 * untouched and ignores them when it finally sends the request.
 */
import type { Dispatcher } from "undici";

/** What the retry layer reports after every attempt (one per request the server saw, or tried to). */
export interface AttemptInfo {
  method: string;
  /** Origin-relative path, including the query string. Callers strip it before showing it. */
  path: string;
  /** 1 for the first try. */
  attempt: number;
  /** HTTP status, or 0 when no response arrived (connection error, timeout). */
  status: number;
  /** The error code (e.g. `ECONNRESET`, `UND_ERR_SOCKET`) when no response arrived. */
  errorCode?: string;
  durationMs: number;
  /** Time since the first attempt of this request. */
  elapsedMs: number;
  /** The retry budget of this request. */
  budgetMs: number;
  /** Whether the retry layer will try again. */
  willRetry: boolean;
}

export interface SupabaseDispatchOptions extends Dispatcher.DispatchOptions {
  /**
   * Reads the access token for this request. Called once per request by the
   * auth interceptor, so a rotated token is picked up without rebuilding anything.
   */
  accessToken?: () => string | undefined;
  /** This request's retry budget in ms (default: the policy's, else the configured one). */
  retryBudgetMs?: number;
  /** Diagnostics: called after every attempt by the retry interceptor. */
  onAttempt?: (info: AttemptInfo) => void;
}
