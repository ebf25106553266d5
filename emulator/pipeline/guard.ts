/**
 * What keeps other local processes and web pages in the user's browser out:
 *
 * - the Host header must name this emulator (the bound address, `localhost`,
 *   or a configured name), so a page that rebinds its own DNS name to
 *   127.0.0.1 is answered 421 instead of being served;
 * - a request that changes state must say its body is JSON. A browser sends
 *   a cross-site request without asking first (no CORS preflight) only with
 *   GET, HEAD or POST and a `text/plain`, `application/x-www-form-urlencoded`
 *   or `multipart/form-data` body (or none); the emulator answers no
 *   preflight, so such a "simple" request is the only kind a page could
 *   send. Refusing it with 415 means no page can change state.
 */
import { isIP } from "node:net";
import { hostname } from "node:os";
import type { IncomingMessage } from "node:http";
import type { RouteDef, Surface } from "./router";

/** The names a Host header may carry for an emulator bound to `host`, plus `extra`. */
export function allowedHostNames(host: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(["localhost", bare(host), ...extra.map(bare)]);
  // A wildcard bind is reached through loopback and by the machine's own name.
  if (isWildcard(host)) for (const n of ["127.0.0.1", "::1", hostname()]) names.add(bare(n));
  return names;
}

export function isWildcard(host: string): boolean {
  return host === "" || host === "0.0.0.0" || host === "::";
}

const bare = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");

/** The host name of a Host header (no port, no brackets), or undefined when malformed. */
export function hostOf(header: string): string | undefined {
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s]+))(?::\d{1,5})?$/i.exec(header.trim());
  if (!m) return undefined;
  return (m[1] ?? m[2]).toLowerCase();
}

/**
 * Whether the Host header names this emulator. A request without one comes
 * from no browser (every browser sends it), so it passes. On a wildcard bind
 * any IP literal passes too: a rebinding page always reaches the server under
 * its own DNS name, never under an address.
 */
export function hostAllowed(req: IncomingMessage, allowed: ReadonlySet<string>, wildcard: boolean): boolean {
  const header = req.headers.host;
  if (header === undefined || header === "") return true;
  const name = hostOf(header);
  if (name === undefined) return false;
  if (allowed.has(name)) return true;
  return wildcard && isIP(name) !== 0;
}

export const misdirected = (host: string | undefined) =>
  `Misdirected Request: this emulator does not serve host "${host ?? ""}"; ` +
  "start it with --allowed-host NAME to serve that name";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function contentType(req: IncomingMessage): string {
  return String(req.headers["content-type"] ?? "").trim();
}

export const isJsonType = (type: string) => JSON_TYPE.test(type);

/**
 * Why a request must be refused with 415, or undefined.
 *
 * - Control plane: every POST, PUT and PATCH needs `Content-Type:
 *   application/json` (an empty body is fine with it); so does a DELETE
 *   that carries a body. A bodiless DELETE passes: no browser sends one
 *   cross-site without a preflight.
 * - Management API: a route that reads a JSON body (it declares a body
 *   schema) refuses a non-empty body of any other type. Routes that take
 *   uploads (function deploy: multipart, eszip) read their own types, and a
 *   bodiless POST (restart, pause, …) passes: the management API also needs
 *   the bearer token, which no cross-site simple request can carry.
 */
export function unsupportedMediaType(
  req: IncomingMessage,
  method: string,
  surface: Surface,
  route: RouteDef | undefined,
  raw: Buffer,
): string | undefined {
  const type = contentType(req);
  if (isJsonType(type)) return undefined;
  const refuse = `Unsupported Media Type: send the body as Content-Type: application/json${type ? `, not ${type}` : ""}`;
  if (surface === "control") {
    if (method === "POST" || method === "PUT" || method === "PATCH") return refuse;
    if (method === "DELETE" && raw.length > 0) return refuse;
    return undefined;
  }
  if (surface === "management" && route?.body && raw.length > 0 && method !== "GET") return refuse;
  return undefined;
}
