/**
 * The request pipeline. For the management, GraphQL and Storage API surfaces:
 *
 *   route → fault → auth → rate limit → params/body/query validation → handler
 *   → latency → response → request log
 *
 * The throttler runs before validation, as the service's guard does before its
 * validation pipes, so a throttled request never reaches validation or the
 * handler. Injected faults act before auth, like a misbehaving gateway in
 * front of the service. The control plane skips faults, limits, latency and
 * the log, and asks for the access token (unless opened on loopback). Every
 * surface first checks the Host header, and state changes need a JSON body
 * type (see `guard.ts`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { STATUS_CODES } from "node:http";
import { performance } from "node:perf_hooks";
import type { EmulatorContext } from "../store/context";
import { gatewayCredentials, type GatewayCaller } from "../auth/gateway";
import { ApiError, Messages } from "./errors";
import {
  authOf,
  checkParams,
  type HttpMethod,
  type Reply,
  type RouteContext,
  type RouteMatch,
  type Router,
  type Surface,
} from "./router";
import type { Fault, RequestLogEntry } from "../types";
import { parseOr400 } from "./validation";
import { hostAllowed, misdirected, unsupportedMediaType } from "./guard";

const JSON_TYPE = "application/json; charset=utf-8";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function surfaceOf(path: string): Surface {
  if (path === "/_emulator" || path.startsWith("/_emulator/")) return "control";
  if (/^\/project\/[^/]+\/storage\//.test(path)) return "storage";
  if (path.startsWith("/project/")) return "graphql";
  return "management";
}

function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, body: { message }, headers };
}

/**
 * The body, refused as soon as it is known to be too large: at once from a
 * Content-Length over the limit, else as soon as the bytes streamed in pass
 * it. Nothing past the limit is kept; the rest of a refused body is drained
 * and discarded by node:http (bounded by its request timeout). A body that
 * does not arrive within the request timeout is refused with 408.
 */
function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes)
    return Promise.reject(new ApiError(413, Messages.bodyTooLarge(maxBytes)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err: unknown, body?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      if (err) {
        chunks.length = 0;
        // Keep the stream flowing so the rest is discarded, not buffered.
        req.resume();
        reject(err);
      } else resolve(body!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) settle(new ApiError(413, Messages.bodyTooLarge(maxBytes)));
      else chunks.push(chunk);
    };
    const timer = setTimeout(() => settle(new ApiError(408, Messages.requestTimeout(timeoutMs))), timeoutMs);
    req.on("data", onData);
    req.on("end", () => settle(undefined, Buffer.concat(chunks)));
    req.on("error", (err) => settle(err));
    // A client gone before the end of its body: nothing to answer. (Every request closes once answered, so
    // the error, and its stack trace, is only made when the body was still awaited.)
    req.on("close", () => {
      if (!settled) settle(new ApiError(400, "Bad Request"));
    });
  });
}

/**
 * The handler's outcome, or a 504 once the handler timeout passes. Then the
 * project's running SQL is cancelled (`onTimeout`), so a `pg_sleep` or a slow
 * filter does not hold the project's database after the answer.
 */
function withHandlerTimeout(work: Promise<Outcome>, ms: number, onTimeout?: () => Promise<void>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      onTimeout?.().catch(() => undefined);
      resolve({ reply: errorReply(504, Messages.handlerTimeout(ms)) });
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Types that may carry JSON from casual clients (curl -d sends form-urlencoded). */
const JSONISH = /json|^text\/plain|^application\/x-www-form-urlencoded/i;

/** The JSON body, unless empty or of a binary type (uploads are read from rawBody). */
function parseJson(req: IncomingMessage, raw: Buffer): { value: unknown; error?: string } {
  const type = req.headers["content-type"] ?? "";
  if (raw.length === 0 || (type !== "" && !JSONISH.test(type))) return { value: undefined };
  try {
    return { value: JSON.parse(raw.toString("utf8")) };
  } catch (err) {
    return { value: undefined, error: (err as Error).message };
  }
}

/** JSON that survives what databases return: 64-bit integers and bytea. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const original = this[key];
    if (original instanceof Uint8Array) return `\\x${Buffer.from(original).toString("hex")}`;
    if (typeof v === "bigint") return v.toString();
    return v;
  });
}

/** Writes the reply; answers the headers and bytes sent. */
function send(res: ServerResponse, reply: Reply): { headers: Record<string, string | number>; payload?: Buffer } {
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload: Buffer | undefined;
  if (reply.raw) {
    payload = Buffer.from(reply.raw.data);
    headers["Content-Type"] = reply.raw.contentType;
  } else if (reply.body !== undefined) {
    payload = Buffer.from(toJson(reply.body));
    headers["Content-Type"] = JSON_TYPE;
  }
  headers["Content-Length"] = payload?.length ?? 0;
  res.writeHead(reply.status, headers);
  res.end(payload);
  return { headers, payload };
}

function injectedReply(fault: Fault & { status: number }): Reply {
  const headers = { ...fault.headers };
  if (typeof fault.body === "string") {
    // A text body (e.g. a CDN's HTML 429 page) goes out as is.
    const declared = Object.keys(headers).find((h) => h.toLowerCase() === "content-type");
    const contentType = declared ? headers[declared] : "text/html; charset=utf-8";
    if (declared) delete headers[declared];
    return { status: fault.status, raw: { data: fault.body, contentType }, headers };
  }
  return { status: fault.status, body: fault.body ?? { message: STATUS_CODES[fault.status] ?? "Error" }, headers };
}

function bearerToken(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

/** The control plane's check, when it asks for the access token. */
function controlAuthorized(app: EmulatorContext, req: IncomingMessage): boolean {
  const token = bearerToken(req);
  return token !== undefined && app.tokenMatches(token);
}

function needsToken(match: RouteMatch): boolean {
  return authOf(match.route) === "token";
}

interface Outcome {
  reply: Reply;
  scope?: string;
  /** The role the project's keys stood for (routes with `auth: "apikey"`). */
  role?: string;
}

/** Auth, limits, validation and the handler; never throws. */
async function runRoute(
  app: EmulatorContext,
  req: IncomingMessage,
  method: string,
  url: URL,
  raw: Buffer,
  match: RouteMatch | undefined,
): Promise<Outcome> {
  const surface = surfaceOf(url.pathname);
  const remoteAddress = req.socket.remoteAddress ?? "unknown";
  let limitHeaders: Record<string, string> = {};
  let scope: string | undefined;
  try {
    // The management token is hashed only where it is asked for (never on a project's GraphQL or Storage API).
    let authedMemo: boolean | undefined;
    const authed = (): boolean => {
      if (authedMemo === undefined) {
        const token = bearerToken(req);
        authedMemo = token !== undefined && app.tokenMatches(token);
      }
      return authedMemo;
    };
    const json = parseJson(req, raw);
    if (match)
      scope = match.route.scope ? match.route.scope(match.params, json.value) : (match.params.ref ?? match.params.slug);
    if (surface === "management") {
      // Every management answer carries the throttler's headers, even errors.
      // Requests without a valid token are counted against the caller's address.
      const identity = authed() ? app.tokenOwner : `ip:${remoteAddress}`;
      const decision = app.limiter.hit(identity, scope ?? identity, match?.template ?? `${method} ${url.pathname}`);
      limitHeaders = decision.headers;
      if (!match) throw new ApiError(404, Messages.cannot(method, url.pathname));
      if (needsToken(match) && !authed()) throw new ApiError(401, Messages.unauthorized);
      if (!decision.allowed) throw new ApiError(429, Messages.tooManyRequests);
    }
    if (!match) throw new ApiError(404, Messages.cannot(method, url.pathname));
    if (surface !== "management" && needsToken(match) && !authed()) throw new ApiError(401, Messages.unauthorized);
    const route = match.route;
    const unsupported = unsupportedMediaType(req, method, surface, route, raw);
    if (unsupported) throw new ApiError(415, unsupported);
    checkParams(match.params);
    if (json.error !== undefined && route.body) throw new ApiError(400, json.error);
    const ctx: RouteContext = {
      app,
      method: method as HttpMethod,
      path: url.pathname,
      params: match.params,
      search: url.searchParams,
      query: route.query
        ? parseOr400(route.query, Object.fromEntries(url.searchParams))
        : Object.fromEntries(url.searchParams),
      body: route.body ? parseOr400(route.body, json.value) : json.value,
      rawBody: raw,
      headers: req.headers,
      remoteAddress,
    };
    if (surface !== "control") await app.sweep();
    let caller: GatewayCaller | undefined;
    if (authOf(route) === "apikey") {
      // The project's gateway: one check of the keys for every route that takes them.
      const result = gatewayCredentials(app.requireProject(match.params.ref), req.headers, app.clock.now());
      if ("refused" in result)
        return { reply: route.refused?.(result) ?? errorReply(result.status, result.message, limitHeaders), scope };
      caller = result;
      ctx.caller = caller;
    }
    const reply = await route.handler(ctx);
    return { reply: { ...reply, headers: { ...limitHeaders, ...reply.headers } }, scope, role: caller?.role };
  } catch (err) {
    if (err instanceof ApiError)
      return { reply: errorReply(err.status, err.message, { ...limitHeaders, ...err.headers }), scope };
    process.stderr.write(`[emulator] ${method} ${url.pathname} failed: ${(err as Error)?.stack ?? String(err)}\n`);
    return { reply: errorReply(500, "Internal Server Error", limitHeaders), scope };
  }
}

/**
 * Requests node:http refuses before any handler sees them (a request line and
 * headers over its size limit, a malformed request line, headers that stop
 * coming) get the JSON error answer too, instead of node's empty default;
 * the connection is closed after it, since the parser cannot go on.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large: the request line and headers are over the size limit"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request timeout: the headers did not arrive in time"]
        : [400, `Bad Request: ${err.code ?? "malformed request"}`];
  const payload = toJson({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}

export function createRequestHandler(app: EmulatorContext, router: Router) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(app, router, req, res).catch((err: unknown) => {
      process.stderr.write(`[emulator] request failed: ${(err as Error)?.stack ?? String(err)}\n`);
      if (!res.headersSent) send(res, errorReply(500, "Internal Server Error"));
      else res.destroy();
    });
  };
}

async function handle(app: EmulatorContext, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const arrivedAt = app.clock.iso();
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const surface = surfaceOf(url.pathname);

  // Before anything else, on every surface: a page that rebound its DNS name to this address is not served.
  if (!hostAllowed(req, app.allowedHosts, app.wildcardBind)) {
    send(res, errorReply(421, misdirected(req.headers.host)));
    return;
  }

  let raw: Buffer;
  try {
    raw = await readBody(req, app.limits.maxBodyBytes, app.limits.requestTimeoutMs);
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(400, "Bad Request");
    // Answered at once; node:http drains and discards the rest of the body
    // (within its request timeout) before reading another request on the
    // connection. Closing instead would reset a client still sending before
    // it reads the answer.
    send(res, errorReply(e.status, e.message));
    return;
  }
  const match = router.match(method, url.pathname);
  if (match && (match.route.surface ?? "management") !== surface) {
    // A route declared on another surface never answers here.
    send(res, errorReply(404, Messages.cannot(method, url.pathname)));
    return;
  }

  if (surface === "control") {
    if (app.controlNeedsToken && !controlAuthorized(app, req)) {
      send(
        res,
        errorReply(401, Messages.unauthorized, { "WWW-Authenticate": 'Bearer realm="emulator control plane"' }),
      );
      return;
    }
    send(
      res,
      (await withHandlerTimeout(runRoute(app, req, method, url, raw, match), app.limits.handlerTimeoutMs)).reply,
    );
    return;
  }

  const record = (status: number, scope: string | undefined, fault: Fault | undefined, role?: string): void => {
    const entry: Omit<RequestLogEntry, "seq"> = {
      time: arrivedAt,
      method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      route: match?.template ?? null,
      api: surface,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    if (scope !== undefined) entry.scope = scope;
    if (role !== undefined) entry.role = role;
    if (fault) entry.fault = fault.id;
    app.log.add(entry);
    if (app.verbose) {
      process.stderr.write(
        `[emulator] ${method} ${url.pathname} ${status === 0 ? "reset" : status} ${Math.round(entry.durationMs)}ms${fault ? ` (${fault.id})` : ""}\n`,
      );
    }
  };
  const resetConnection = (scope: string | undefined, fault: Fault) => {
    res.socket?.destroy();
    record(0, scope, fault);
  };

  const fault = app.faults.take(method, url.pathname);
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.reset === "before") return resetConnection(undefined, fault);

  let outcome: Outcome;
  if (fault && fault.status !== undefined && fault.reset !== "after") {
    outcome = { reply: injectedReply(fault as Fault & { status: number }) };
  } else {
    const ref = match?.params.ref;
    outcome = await withHandlerTimeout(
      runRoute(app, req, method, url, raw, match),
      app.limits.handlerTimeoutMs,
      ref ? () => app.db.cancel(ref) : undefined,
    );
  }
  if (fault?.reset === "after") return resetConnection(outcome.scope, fault);

  const latency = app.latencyMs();
  if (latency > 0) await sleep(latency);
  const sent = send(res, outcome.reply);
  if (app.onExchange && surface === "management") {
    try {
      app.onExchange({
        method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ""),
        requestHeaders: req.headers,
        requestBody: raw,
        status: outcome.reply.status,
        responseHeaders: Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, String(v)])),
        responseBody: sent.payload,
        fault: fault?.id,
      });
    } catch {
      // An observer never breaks the answer.
    }
  }
  // Logged once the answer is handed to the socket, so a client that has read it also finds it in the log.
  record(outcome.reply.status, outcome.scope, fault, outcome.role);
}
