/**
 * Turning HTTP answers into values or errors, tolerantly.
 *
 * The real service answers errors as JSON `{"message": …}`, but clients also
 * meet extra fields, a `message` that is itself JSON text, gateway texts,
 * empty bodies, and a Cloudflare HTML page instead of a JSON 429. Everything
 * here ends in `redact()` so no credential reaches an error message.
 */
import { STATUS_CODES, type IncomingHttpHeaders } from "node:http";
import { ApiError, redact } from "../errors";
import { headerValue, serverWaitMs } from "../http/headers";
import type { AttemptInfo } from "../http/types";

const MAX_MESSAGE = 500;

/** The path as shown in errors and diagnostics: no query string (it may carry secrets), credentials redacted. */
export function displayPath(path: string): string {
  const q = path.search(/[?#]/);
  return redact(q === -1 ? path : path.slice(0, q));
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}

function looksLikeJson(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith("{") || t.startsWith("[") || t.startsWith('"');
}

export function isHtml(contentType: string | undefined, text: string): boolean {
  return /html/i.test(contentType ?? "") || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/** The human message in a parsed error body, unwrapping a `message` that is itself JSON text. */
function messageFromJson(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") {
    if (depth < 3 && looksLikeJson(value)) {
      try {
        return messageFromJson(JSON.parse(value), depth + 1) ?? value;
      } catch {
        return value;
      }
    }
    return value;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const key of ["message", "msg", "error_description", "error"]) {
      if (o[key] === undefined || o[key] === null) continue;
      const m = messageFromJson(o[key], depth + 1);
      if (m) return m;
    }
  }
  return undefined;
}

/** A short, credential-free message for an error response. */
export function errorMessage(status: number, headers: IncomingHttpHeaders, text: string): string {
  const reason = STATUS_CODES[status] ?? `HTTP ${status}`;
  const trimmed = text.trim();
  if (!trimmed) return reason;
  const contentType = headerValue(headers, "content-type");
  if (/json/i.test(contentType ?? "") || looksLikeJson(trimmed)) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const m = messageFromJson(parsed);
      return redact(truncate(m ?? trimmed));
    } catch {
      // Not JSON after all: fall through to text handling.
    }
  }
  if (isHtml(contentType, trimmed)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    const what =
      status === 429 ? "throttled; the API answered with an HTML page" : "the API answered with an HTML page";
    return redact(truncate(`${reason} (${what}${title ? `: ${title}` : ""})`));
  }
  return redact(truncate(trimmed));
}

export function toApiError(
  method: string,
  path: string,
  status: number,
  headers: IncomingHttpHeaders,
  text: string,
): ApiError {
  const waitMs = serverWaitMs(status, headers);
  return new ApiError({
    status,
    method,
    path: displayPath(path),
    apiMessage: errorMessage(status, headers, text),
    retryAfterSeconds: waitMs === undefined ? undefined : Math.ceil(waitMs / 1000),
  });
}

/**
 * Parses a success body expected to be JSON. Empty bodies (some writes answer
 * with no body and no content-type) give `undefined`; a body that is not JSON
 * is an error carrying the status, since the caller cannot use it.
 */
export function parseJsonBody(
  method: string,
  path: string,
  status: number,
  headers: IncomingHttpHeaders,
  text: string,
): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const what = isHtml(headerValue(headers, "content-type"), text) ? "an HTML page" : "a body that is not JSON";
    throw new ApiError({ status, method, path: displayPath(path), apiMessage: `expected JSON, got ${what}` });
  }
}

/**
 * Adds how long a failed request kept trying to its error message, when it
 * was retried at all: "(gave up after 14 attempts in 301 s; retry budget
 * 300 s, set supabase:retryBudgetSeconds or SUPABASE_RETRY_BUDGET_SECONDS to
 * change it)". The error is changed in place and returned.
 */
export function noteRetries<E extends Error>(err: E, last: AttemptInfo | undefined): E {
  if (!last || last.attempt < 2) return err;
  const secs = (ms: number) => `${Math.round(ms / 1000)} s`;
  err.message +=
    ` (gave up after ${last.attempt} attempts in ${secs(last.elapsedMs)}; retry budget ${secs(last.budgetMs)},` +
    " set supabase:retryBudgetSeconds or SUPABASE_RETRY_BUDGET_SECONDS to change it)";
  return err;
}
