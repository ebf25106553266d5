/**
 * One request to a project's own APIs (GraphQL, Storage) on the shared undici
 * dispatcher (one keep-alive pool, pacing, retries), authenticated as the
 * platform's tools do it: the project's API key in the `apikey` header, and
 * handed to the auth interceptor as the bearer token.
 *
 * It answers the status, headers and body of the last attempt with that
 * attempt's record, so the caller can turn a 4xx/5xx into its own error and
 * say how many attempts the retry budget allowed (`noteRetries`). A request
 * that got no answer at all is a NetworkError noting the same.
 */
import type { IncomingHttpHeaders } from "node:http";
import { NetworkError, SupabaseError } from "../errors";
import { displayPath, noteRetries } from "../client/response";
import { getSharedDispatcher } from "./dispatcher";
import type { AttemptInfo, SupabaseDispatchOptions } from "./types";

export interface KeyedRequest {
  origin: string;
  /** Origin-relative, with the query string; never shown with its query. */
  path: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The project's API key; never part of an error. */
  key: string;
  /** A JSON body, already serialized. */
  body?: string;
  timeoutMs: number;
  /** Whether the retry layer may repeat it after a reset or a 5xx (a 429 is always retried). */
  idempotent: boolean;
}

export interface KeyedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The last attempt the retry layer reported, for `noteRetries` on an error status. */
  last: AttemptInfo | undefined;
}

export async function dispatchWithKey(req: KeyedRequest): Promise<KeyedAnswer> {
  let last: AttemptInfo | undefined;
  const options: SupabaseDispatchOptions = {
    onAttempt: (a) => {
      last = a;
    },
    origin: req.origin,
    path: req.path,
    method: req.method,
    headers: {
      accept: "application/json",
      apikey: req.key,
      ...(req.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(req.body !== undefined ? { body: req.body } : {}),
    headersTimeout: req.timeoutMs,
    bodyTimeout: req.timeoutMs,
    accessToken: () => req.key,
    idempotent: req.idempotent,
  };
  try {
    const res = await getSharedDispatcher().request(options);
    return { status: res.statusCode, headers: res.headers, text: await res.body.text(), last };
  } catch (err) {
    if (SupabaseError.is(err)) throw err;
    throw noteRetries(new NetworkError({ method: req.method, path: displayPath(req.path), cause: err }), last);
  }
}
