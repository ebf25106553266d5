/**
 * Auth interceptor: adds `Authorization: Bearer <token>` and `User-Agent`.
 *
 * The token is read through a getter on every request (the per-request
 * `accessToken` option first, else the interceptor's default getter), never
 * captured at construction: Pulumi may serialize code that references the
 * client, and credentials must not end up in a closure or in state. The token
 * never appears in an error message or a log line from this module.
 */
import type { Dispatcher } from "undici";
import { SupabaseError } from "../errors";
import { DetachedController } from "./controller";
import type { SupabaseDispatchOptions } from "./types";

export interface AuthOptions {
  /** Default token source, used when a request does not bring its own `accessToken` getter. */
  accessToken?: () => string | undefined;
  /** Full User-Agent value, e.g. `supabase-pulumi/0.1.0`. */
  userAgent: string;
}

export const MISSING_TOKEN_MESSAGE =
  "No access token for the management API: set supabase:accessToken or SUPABASE_ACCESS_TOKEN";

/** Flattens undici's header forms (record, `[k, v, k, v]`, iterable pairs) into a lower-cased record. */
export function normalizeHeaders(headers: Dispatcher.DispatchOptions["headers"]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (headers == null) return out;
  const put = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    out[key.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  };
  if (Array.isArray(headers)) {
    if (headers.length > 0 && Array.isArray(headers[0])) {
      for (const [k, v] of headers as unknown as Array<[string, string]>) put(k, v);
    } else {
      for (let i = 0; i + 1 < headers.length; i += 2) put(String(headers[i]), headers[i + 1]);
    }
  } else if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === "function") {
    for (const [k, v] of headers as Iterable<[string, string]>) put(k, v);
  } else {
    for (const [k, v] of Object.entries(headers)) put(k, v);
  }
  return out;
}

export function createAuthInterceptor(options: AuthOptions): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const extra = opts as SupabaseDispatchOptions;
    const read = extra.accessToken ?? options.accessToken;
    const token = read?.();
    if (!token) {
      // Fail this request only; no network traffic for a request that can only get a 401.
      handler.onResponseError?.(new DetachedController(), new SupabaseError("CONFIG", MISSING_TOKEN_MESSAGE));
      return true;
    }
    const headers = normalizeHeaders(opts.headers);
    headers["authorization"] = `Bearer ${token}`;
    if (headers["user-agent"] === undefined) headers["user-agent"] = options.userAgent;
    // Drop the getter from what travels further down: nothing below needs it.
    const { accessToken: _unused, ...rest } = extra;
    return dispatch({ ...rest, headers }, handler);
  };
}
