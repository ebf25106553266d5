/**
 * An in-process emulator for tests: loopback, a free port, short lifecycle
 * delays, and a small client for the control plane and the management API.
 */
import { startEmulator } from "../emulator";
import { contractChecker } from "./contract";
import type {
  EmulatorOptions,
  EmulatorSettings,
  Fault,
  FaultSpec,
  LatencySettings,
  RateLimitSettings,
  RequestLogEntry,
  RunningEmulator,
} from "../emulator/types";

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  // Tests read fields freely; the emulator's shapes are asserted, not typed, here.

  body: any;
}

export interface TestEmulator extends RunningEmulator {
  /** The request log (management and GraphQL surfaces), optionally since a sequence number or for one surface. */
  requests(filter?: { since?: number; api?: "management" | "graphql" | "storage" }): Promise<RequestLogEntry[]>;
  clearRequests(): Promise<void>;
  addFault(spec: FaultSpec): Promise<Fault>;
  faults(): Promise<Fault[]>;
  removeFault(id: string): Promise<void>;
  clearFaults(): Promise<void>;
  setLatency(ms: number, jitterMs?: number): Promise<LatencySettings>;
  setRateLimits(partial: Partial<RateLimitSettings>): Promise<RateLimitSettings>;
  setSettings(partial: Partial<EmulatorSettings>): Promise<EmulatorSettings>;
  advanceTime(ms: number): Promise<void>;
  /** The secret a project signs its JWTs with (to sign user tokens in tests). */
  jwtSecret(ref: string): Promise<string>;
  reset(): Promise<void>;
  /** An authenticated management call; `body` is sent as JSON. */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  /** A raw control-plane call. */
  control(method: string, path: string, body?: unknown): Promise<ApiResponse>;
}

async function call(url: string, method: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (an injected HTML page): keep the text.
    }
  } else {
    parsed = undefined;
  }
  return { status: res.status, headers: Object.fromEntries(res.headers), body: parsed };
}

/**
 * Test defaults: provisioning 200 ms, deletion 100 ms, 127.0.0.1 on a free
 * port, and every management exchange checked against the service's OpenAPI
 * document (see `harness/contract.ts`; the tiers' set-up files fail a test on
 * any unexplained violation).
 */
export async function startTestEmulator(opts: EmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({
    host: "127.0.0.1",
    port: 0,
    provisioningDelayMs: 200,
    deletionDelayMs: 100,
    onExchange: contractChecker().observe,
    ...opts,
  });
  // The access token goes along (the control plane asks for it), and every state change says it is JSON.
  const control = (method: string, path: string, body?: unknown) =>
    call(`${emu.controlUrl}${path}`, method, body, {
      authorization: `Bearer ${emu.accessToken}`,
      ...(method === "GET" ? {} : { "content-type": "application/json" }),
    });
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await control(method, path, body);
    if (res.status >= 300)
      throw new Error(`${method} /_emulator${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    ...emu,
    async requests(filter = {}) {
      const q = new URLSearchParams();
      if (filter.since !== undefined) q.set("since", String(filter.since));
      if (filter.api) q.set("api", filter.api);
      const qs = q.toString();
      return ((await ok("GET", `/requests${qs ? `?${qs}` : ""}`)) as { requests: RequestLogEntry[] }).requests;
    },
    clearRequests: async () => void (await ok("DELETE", "/requests")),
    addFault: async (spec) => (await ok("POST", "/faults", spec)) as Fault,
    faults: async () => ((await ok("GET", "/faults")) as { faults: Fault[] }).faults,
    removeFault: async (id) => void (await ok("DELETE", `/faults/${encodeURIComponent(id)}`)),
    clearFaults: async () => void (await ok("DELETE", "/faults")),
    setLatency: async (ms, jitterMs = 0) => (await ok("PUT", "/latency", { ms, jitterMs })) as LatencySettings,
    setRateLimits: async (partial) => (await ok("PUT", "/rate-limits", partial)) as RateLimitSettings,
    setSettings: async (partial) => (await ok("PUT", "/settings", partial)) as EmulatorSettings,
    advanceTime: async (ms) => void (await ok("POST", "/time", { advanceMs: ms })),
    reset: async () => void (await ok("POST", "/reset")),
    jwtSecret: async (ref) =>
      ((await ok("GET", `/projects/${encodeURIComponent(ref)}/jwt-secret`)) as { jwt_secret: string }).jwt_secret,
    api: (method, path, body, headers = {}) =>
      call(`${emu.apiUrl}${path}`, method, body, { authorization: `Bearer ${emu.accessToken}`, ...headers }),
    control,
  };
}

export interface ReadyProject {
  ref: string;
  organizationId: string;
  anonKey: string;
  serviceKey: string;
  /** The project's GraphQL endpoint. */
  graphqlUrl: string;
}

/**
 * An organization and an ACTIVE_HEALTHY project in it (the clock is advanced
 * past provisioning), with the project's legacy API keys and GraphQL URL.
 */
export async function readyProject(
  emu: TestEmulator,
  name = "test-project",
  orgName = `${name} org`,
): Promise<ReadyProject> {
  const org = await emu.api("POST", "/v1/organizations", { name: orgName });
  if (org.status !== 201) throw new Error(`creating an organization answered ${org.status}`);
  const project = await emu.api("POST", "/v1/projects", {
    name,
    organization_id: org.body.id,
    region: "us-east-1",
    db_pass: "test-db-password-1234",
  });
  if (project.status !== 201) throw new Error(`creating a project answered ${project.status}`);
  const ref = project.body.id as string;
  await emu.advanceTime(10_000);
  const keys = (await emu.api("GET", `/v1/projects/${ref}/api-keys`)).body as Array<{ name: string; api_key: string }>;
  return {
    ref,
    organizationId: org.body.id,
    anonKey: keys.find((k) => k.name === "anon")!.api_key,
    serviceKey: keys.find((k) => k.name === "service_role")!.api_key,
    graphqlUrl: `${emu.projectUrlTemplate.replace("{ref}", ref)}/graphql/v1`,
  };
}
