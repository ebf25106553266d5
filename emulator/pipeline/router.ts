/**
 * The route table. Each route declares its method, path template, surface,
 * auth, rate-limit scope and zod schemas; the server runs the shared pipeline
 * around its handler. Later features add routes by exporting more RouteDefs.
 */
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { GatewayCaller, GatewayRefusal } from "../auth/gateway";
import { ApiError, Messages } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Surface = "management" | "graphql" | "storage" | "control";

export interface RouteContext<B = unknown, Q = unknown> {
  app: EmulatorContext;
  method: HttpMethod;
  path: string;
  params: Record<string, string>;
  /** The query, validated when the route has a query schema. */
  query: Q;
  search: URLSearchParams;
  /** The JSON body, validated when the route has a body schema. */
  body: B;
  /** The body bytes as received (for non-JSON uploads). */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The caller's address, for identities without a token. */
  remoteAddress: string;
  /** Who the project's keys stand for, on routes with `auth: "apikey"` (auth/gateway.ts). */
  caller?: GatewayCaller;
}

export interface Reply {
  status: number;
  /** Sent as JSON. Omitted together with `raw`: an empty body without content-type. */
  body?: unknown;
  /** A non-JSON body. */
  raw?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

export interface RouteDef<B = unknown, Q = unknown> {
  method: HttpMethod;
  /**
   * Path template with `{param}` segments, e.g. "/v1/projects/{ref}"; a last
   * segment `{param+}` takes the rest of the path, slashes included.
   */
  path: string;
  /** Default "management". */
  surface?: Surface;
  /**
   * "token": the management bearer token; "apikey": the project's keys, checked by the gateway
   * (auth/gateway.ts) for the project of the `ref` parameter. Default: "token" on the management
   * surface, "apikey" on a project's GraphQL and Storage APIs, else "none".
   */
  auth?: "token" | "apikey" | "none";
  /** How the route answers the gateway's refusal, when not with the gateway's 401 `{"message"}`. */
  refused?: (refusal: GatewayRefusal) => Reply | undefined;
  /** Rate-limit scope from params and raw body; default: the `ref` or `slug` param, else the token owner. */
  scope?: (params: Record<string, string>, body: unknown) => string | undefined;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  handler(ctx: RouteContext<B, Q>): Promise<Reply> | Reply;
}

/** The credentials a route asks for (its `auth`, else its surface's default). */
export function authOf(route: RouteDef): "token" | "apikey" | "none" {
  const surface = route.surface ?? "management";
  return route.auth ?? (surface === "management" ? "token" : surface === "control" ? "none" : "apikey");
}

/** Keeps handler parameter types inferred from the schemas. */
export function defineRoute<B = unknown, Q = unknown>(def: RouteDef<B, Q>): RouteDef {
  return def as unknown as RouteDef;
}

/**
 * Path parameter rules shared by every route. A malformed value of a lookup
 * key is the same to a client as an unknown one, so it answers like a miss.
 */
export const PARAM_RULES: Record<string, { schema: z.ZodType<string>; error: () => ApiError }> = {
  ref: { schema: z.string().regex(/^[a-z]{20}$/), error: () => new ApiError(404, Messages.projectNotFound) },
};

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
  /** "METHOD /path/{param}", the key of logs, faults and rate-limit overrides. */
  template: string;
}

const MATCHES_KEPT = 500;

interface CompiledRoute {
  route: RouteDef;
  segments: Array<{ literal: string } | { param: string; rest?: true }>;
}

export class Router {
  private routes: CompiledRoute[] = [];
  /** The routes of each method, in the same order: a request only walks its own method's. */
  private byMethod = new Map<string, CompiledRoute[]>();
  /** Recent answers of `match` by method and path (null: no route). */
  private matched = new Map<string, RouteMatch | null>();

  add(...defs: RouteDef[]): this {
    for (const route of defs) {
      const segments = route.path
        .split("/")
        .filter(Boolean)
        .map((s) =>
          /^\{\w+\+\}$/.test(s)
            ? { param: s.slice(1, -2), rest: true as const }
            : /^\{\w+\}$/.test(s)
              ? { param: s.slice(1, -1) }
              : { literal: s },
        );
      this.routes.push({ route, segments });
    }
    // Literal segments win over parameters (".../functions/deploy" over ".../functions/{function_slug}").
    this.routes.sort((a, b) => specificity(b) - specificity(a));
    this.byMethod = new Map();
    for (const r of this.routes) {
      const list = this.byMethod.get(r.route.method) ?? [];
      list.push(r);
      this.byMethod.set(r.route.method, list);
    }
    this.matched.clear();
    return this;
  }

  /** Every route, most specific first (for tools and tests that walk the table). */
  list(): RouteDef[] {
    return this.routes.map((r) => r.route);
  }

  /**
   * The route of a method and path, memoized: clients call the same few paths
   * again and again (a project's GraphQL endpoint above all). Each answer gets
   * its own copy of the parameters.
   */
  match(method: string, path: string): RouteMatch | undefined {
    const key = `${method} ${path}`;
    let found = this.matched.get(key);
    if (found === undefined) {
      found = this.find(method, path) ?? null;
      if (this.matched.size >= MATCHES_KEPT) this.matched.delete(this.matched.keys().next().value!);
      this.matched.set(key, found);
    }
    return found ? { ...found, params: { ...found.params } } : undefined;
  }

  private find(method: string, path: string): RouteMatch | undefined {
    const parts = path.split("/").filter(Boolean);
    for (const { route, segments } of this.byMethod.get(method) ?? []) {
      const last = segments[segments.length - 1];
      const rest = last !== undefined && "rest" in last;
      if (rest ? parts.length < segments.length : segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i];
        if ("literal" in seg) ok = seg.literal === parts[i];
        else {
          try {
            params[seg.param] = seg.rest
              ? parts.slice(i).map(decodeURIComponent).join("/")
              : decodeURIComponent(parts[i]);
          } catch {
            ok = false;
          }
        }
      }
      if (ok) return { route, params, template: `${route.method} ${route.path}` };
    }
    return undefined;
  }
}

function specificity(r: CompiledRoute): number {
  return r.segments.reduce((n, s, i) => n + ("literal" in s ? 2 ** (16 - i) : 0), 0);
}

/** Checks path parameters against PARAM_RULES; throws the rule's error. */
export function checkParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    const rule = PARAM_RULES[name];
    if (rule && !rule.schema.safeParse(value).success) throw rule.error();
  }
}
