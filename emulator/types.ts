/**
 * Public types of the emulator: options, the facts it prints when ready, the
 * request log and the control-plane payloads. Everything under `/_emulator/`
 * uses these shapes.
 */

export interface RateLimitSettings {
  /** When false, no request is ever throttled (headers are still sent). */
  enabled: boolean;
  /** Requests per window per (token, scope, method + route). The service's default is 120. */
  limit: number;
  /** Window length in milliseconds. The service's default is 60000. */
  windowMs: number;
  /**
   * Per-route limits, keyed by "METHOD /v1/route/{param}" templates, e.g.
   * "POST /v1/projects/{ref}/custom-hostname/reverify": 10.
   */
  overrides: Record<string, number>;
}

/**
 * Request limits, as a real service has them. Oversized or slow requests are
 * refused with a JSON `{"message"}` before they cost memory or time.
 */
export interface EmulatorLimits {
  /** Largest request body in bytes, on the management API and the GraphQL endpoint (413 beyond). Default 10 MiB. */
  maxBodyBytes: number;
  /** Milliseconds a client has to send the whole request once it starts (408 beyond). Default 30000. */
  requestTimeoutMs: number;
  /** Milliseconds a handler has to answer once the request is read (504 beyond). Default 60000. */
  handlerTimeoutMs: number;
  /** Largest GraphQL document (the `query` string) in bytes (413 beyond). Default 1 MiB. */
  graphqlMaxDocumentBytes: number;
  /**
   * Most field selections (aliases included, fragments expanded) in one
   * GraphQL document. Default 50000: a `TableRows` batch of 500 aliased
   * updates of wide rows stays well inside.
   */
  graphqlMaxFields: number;
}

export interface EmulatorOptions {
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Port to listen on; 0 picks a free one. Default 0 in-process, 54330 on the command line. */
  port?: number;
  /** Directory for durable state (organizations, projects, embedded databases). Omit for in-memory. */
  dataDir?: string;
  /** A PostgreSQL server URL (superuser or CREATEDB+CREATEROLE); each project gets its own database there. */
  postgresUrl?: string;
  /** The bearer token the management API accepts. Generated when omitted. */
  accessToken?: string;
  /** Milliseconds a new project stays COMING_UP before it becomes ACTIVE_HEALTHY. */
  provisioningDelayMs?: number;
  /** Milliseconds a deleted project stays GOING_DOWN before it is gone. */
  deletionDelayMs?: number;
  /** Initial rate-limit settings (partial; the rest takes the service's defaults). */
  rateLimit?: Partial<RateLimitSettings>;
  /** Log each request to stderr. */
  verbose?: boolean;
  /** Request limits (partial; the rest takes the defaults). */
  limits?: Partial<EmulatorLimits>;
  /**
   * Whether the control plane (`/_emulator/…`) asks for the access token as a
   * bearer token. Default true. `false` opens it on loopback to every local
   * process (it can then read the access token and the projects' JWT
   * secrets, and reset everything); refused beyond loopback.
   */
  controlToken?: boolean;
  /**
   * Further host names the Host header may carry (e.g. a container's service
   * name). Always served: the bound address and `localhost`; on a wildcard
   * bind also any IP address and the machine's name. Others get 421.
   */
  allowedHosts?: string[];
  /**
   * Called with every management-API exchange once it is answered (tests use
   * it to check traffic against the service's published contract). Must not
   * throw; errors are ignored.
   */
  onExchange?: (exchange: Exchange) => void;
}

/** One management-API request and the answer the emulator gave. */
export interface Exchange {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query string without the leading "?", or "". */
  query: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: Buffer;
  status: number;
  responseHeaders: Record<string, string>;
  /** The bytes sent, or undefined for an empty answer. */
  responseBody?: Buffer;
  /** Set when an injected fault produced the answer (not the API's own behaviour). */
  fault?: string;
}

/** What the emulator prints (with --json: one JSON line) once it is ready. */
export interface EmulatorInfo {
  /** Base URL of the management API; paths start with /v1. */
  apiUrl: string;
  /** The bearer token the management API accepts. */
  accessToken: string;
  /** A project's base URL with `{ref}` in it; the GraphQL endpoint is that URL plus /graphql/v1. */
  projectUrlTemplate: string;
  /** Base URL of the control plane (/_emulator). */
  controlUrl: string;
  /** "pglite" (embedded) or "postgres" (a server by URL). */
  database: "pglite" | "postgres";
  /** The data directory, when durable. */
  dataDir?: string;
}

export interface RunningEmulator extends EmulatorInfo {
  /** The port actually bound. */
  port: number;
  /** Stops the server and closes every database. */
  close(): Promise<void>;
}

export interface RequestLogEntry {
  /** Increasing sequence number, starting at 1 after each reset. */
  seq: number;
  /** ISO timestamp when the request arrived (emulator clock). */
  time: string;
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query string without the leading "?", or "" */
  query: string;
  /** The route template that matched, e.g. "GET /v1/projects/{ref}", or null for unknown routes. */
  route: string | null;
  /** Which surface: the management API, a project's GraphQL API or its Storage API. */
  api: "management" | "graphql" | "storage";
  /** HTTP status sent; 0 when the connection was reset instead of answered. */
  status: number;
  /** Milliseconds from arrival to the end of the response. */
  durationMs: number;
  /** The project ref or organization slug the request was scoped to, when any. */
  scope?: string;
  /** Set when an injected fault shaped the answer. */
  fault?: string;
  /** On a project's GraphQL and Storage APIs: the role the gateway resolved the keys to (absent when refused). */
  role?: string;
}

export interface FaultSpec {
  /** HTTP method to match ("*" or omitted: any). */
  method?: string;
  /**
   * Which requests match: a route template ("/v1/projects/{ref}"), an exact
   * path, or a regular expression written as "re:<pattern>" tested on the path.
   * Omitted: every management, GraphQL and Storage API request.
   */
  path?: string;
  /** Answer with this status instead of running the handler (unless `reset: "after"`). */
  status?: number;
  /** JSON body for an injected status; default {"message": <reason phrase>}. */
  body?: unknown;
  /** Extra response headers for an injected status, e.g. {"Retry-After": "1"}. */
  headers?: Record<string, string>;
  /** Delay in milliseconds before answering (alone: delay then run the handler normally). */
  delayMs?: number;
  /** Reset the connection: "before" the handler ran (nothing happened) or "after" it ran (the effect stands). */
  reset?: "before" | "after";
  /** Apply to this many matching requests, then retire. Omitted: unlimited. */
  times?: number;
  /** Apply to this fraction (0..1) of matching requests, chosen at random. Default 1. */
  ratio?: number;
}

export interface Fault extends FaultSpec {
  id: string;
  /** How many requests this fault has shaped so far. */
  hits: number;
}

export interface LatencySettings {
  /** Added to every management, GraphQL and Storage API response, in milliseconds. */
  ms: number;
  /** Uniform random extra in [0, jitterMs). */
  jitterMs?: number;
}

/** Timing of the project state machine (`GET`/`PUT /_emulator/settings`). */
export interface EmulatorSettings {
  /** Milliseconds a new project stays COMING_UP. Applies to projects created afterwards. */
  provisioningDelayMs: number;
  /** Milliseconds a deleted project stays GOING_DOWN. Applies to deletions made afterwards. */
  deletionDelayMs: number;
  /**
   * Milliseconds after `custom-hostname/initialize` at which the DNS records
   * count as published (as if the user had created them); null or negative:
   * never, only `POST /_emulator/projects/{ref}/custom-hostname/verify-dns`
   * verifies. Applies to hostnames initialized afterwards.
   */
  hostnameAutoVerifyMs: number | null;
  /** Milliseconds a changed network-restrictions config stays `stored` before it is `applied`. Applies to later applies. */
  restrictionsApplyDelayMs: number;
  /** Milliseconds a project stays RESTARTING after a Postgres config change that needs a restart. */
  restartDelayMs: number;
}

/** The emulator clock (`GET`/`POST /_emulator/time`). */
export interface ClockInfo {
  /** The emulator's current time, ISO 8601. */
  now: string;
  /** The same instant in epoch milliseconds. */
  nowMs: number;
  /** How far the emulator clock runs ahead of real time. */
  offsetMs: number;
}
