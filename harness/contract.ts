/**
 * Contract checking against the service's published OpenAPI document.
 *
 * The test emulator hands every management exchange to a `ContractChecker`
 * (see `harness/emulator.ts`). Requests the provider sent (its user agent
 * starts with `supabase-pulumi/`) are checked in full: the path and method
 * exist, path and query parameters are well-formed, the JSON body validates
 * against the operation's request schema (and uses no deprecated operation or
 * property), multipart parts match the declared parts. Every answer the
 * emulator gave (to the provider or to a test's own probe) is checked against
 * the operation's response schema for that status, error bodies included.
 * Answers produced by injected faults are not the API's behaviour and are
 * skipped. Deliberate differences between the emulator and the spec are listed,
 * each with its reason, in `harness/contract-allow.ts`.
 *
 * The provider runs in a separate process in e2e, so the emulator is the one
 * place that sees both directions of every exchange in both test tiers.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { Exchange } from "../emulator/types";
import { ALLOWED_DIFFERENCES, type AllowedDifference, type ViolationKind } from "./contract-allow";
import { PROVIDER_OPERATIONS } from "./contract-operations";

/** The OpenAPI document lives beside the repository; only tests read it. */
export const SPEC_PATH = path.resolve(__dirname, "..", "reference/supabase-management-openapi.json");

const PROVIDER_AGENT = /^supabase-pulumi\//;

export interface Violation {
  kind: ViolationKind;
  /** "METHOD /path?query" as sent. */
  exchange: string;
  operation?: string;
  status?: number;
  message: string;
  /** The allow-list entry that explains it, if any. */
  allowedBy?: string;
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: object;
}

interface Operation {
  operationId: string;
  method: string;
  template: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestContent: Record<string, { schema?: Record<string, unknown> }>;
  requestRequired: boolean;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

interface Route {
  template: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
  operations: Map<string, Operation>;
}

interface Spec {
  routes: Route[];
  ajv: Ajv;
  /** Coerces query and path strings to the declared types before validating. */
  paramAjv: Ajv;
  components: Record<string, unknown>;
}

let cachedSpec: Spec | undefined;

function loadSpec(): Spec {
  if (cachedSpec) return cachedSpec;
  const doc = JSON.parse(fs.readFileSync(SPEC_PATH, "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
    components: Record<string, unknown>;
  };
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const names: string[] = [];
    const pattern = template
      .split("/")
      .map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(m[1]!);
        return "([^/]+)";
      })
      .join("/");
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    const operations = new Map<string, Operation>();
    for (const [method, raw] of Object.entries(item)) {
      if (method === "parameters") continue;
      const op = raw as Record<string, unknown>;
      const body = op.requestBody as { content?: Operation["requestContent"]; required?: boolean } | undefined;
      operations.set(method.toUpperCase(), {
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        template,
        deprecated: op.deprecated === true,
        parameters: [...shared, ...((op.parameters as Parameter[] | undefined) ?? [])],
        requestContent: body?.content ?? {},
        requestRequired: body?.required === true,
        responses: (op.responses as Operation["responses"]) ?? {},
      });
    }
    routes.push({
      template,
      regex: new RegExp(`^${pattern}$`),
      names,
      literalSegments: template.split("/").length - names.length,
      operations,
    });
  }
  // Literal segments win: /functions/deploy before /functions/{function_slug}.
  routes.sort((a, b) => b.literalSegments - a.literalSegments);
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: coerceTypes ? "array" : false });
    addFormats(ajv);
    ajv.addSchema({ $id: "spec.json", components: rebase(doc.components) });
    return ajv;
  };
  cachedSpec = { routes, ajv: make(false), paramAjv: make(true), components: doc.components };
  return cachedSpec;
}

function findRoute(spec: Spec, pathname: string): { route: Route; params: Record<string, string> } | undefined {
  for (const route of spec.routes) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    return { route, params };
  }
  return undefined;
}

/**
 * Rewrites local `#/components/...` references to the registered document,
 * and lets a `nullable` enum take null (OpenAPI 3.0's reading; JSON Schema's
 * enum would refuse it).
 */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `spec.json${v}` : rebase(v);
    }
    if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    // `nullable` without a type (ActionRunResponse.git_config) admits any value: ajv refuses the lone keyword.
    if (out.nullable !== undefined && out.type === undefined && out.$ref === undefined) delete out.nullable;
    // OpenAPI 3.0 spells an exclusive bound as a boolean next to the bound (BranchDetailResponse.db_port).
    if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
    if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
    for (const k of ["exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum"])
      if (out[k] === undefined || typeof out[k] === "boolean") delete out[k];
    return out;
  }
  return schema;
}

const validators = new WeakMap<object, ValidateFunction>();
function validatorFor(ajv: Ajv, schema: object): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(rebase(schema) as object);
    validators.set(schema, v);
  }
  return v;
}

const paramValidators = new WeakMap<object, ValidateFunction>();
/** Validates `{value}` so that strings coerce to the parameter's declared type. */
function paramValidator(spec: Spec, schema: object): ValidateFunction {
  let v = paramValidators.get(schema);
  if (!v) {
    v = spec.paramAjv.compile(rebase({ type: "object", properties: { value: schema } }) as object);
    paramValidators.set(schema, v);
  }
  return v;
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map(
      (e) => `${e.instancePath || "(root)"} ${e.message ?? "invalid"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    )
    .join("; ");
}

/** Resolves a `$ref` chain to the schema object it names. */
function deref(spec: Spec, schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === "string" && i < 10; i++) {
    const parts = (s.$ref as string).replace(/^#\//, "").split("/");
    let cur: unknown = { components: spec.components };
    for (const p of parts) cur = (cur as Record<string, unknown>)?.[p];
    s = cur as Record<string, unknown> | undefined;
  }
  return s;
}

/** Properties of a request body marked deprecated that the body uses. */
function deprecatedProperties(spec: Spec, schema: Record<string, unknown> | undefined, body: unknown): string[] {
  const s = deref(spec, schema);
  if (!s || !body || typeof body !== "object" || Array.isArray(body)) return [];
  const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.keys(body as object).filter((k) => deref(spec, props[k])?.deprecated === true);
}

function header(h: Exchange["requestHeaders"], name: string): string {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

function mediaType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

export interface CoverageSummary {
  /** Exchanges seen (management API). */
  exchanges: number;
  /** Provider requests checked against the spec. */
  requestsChecked: number;
  /** Emulator answers checked against the spec. */
  responsesChecked: number;
  /** Answers produced by injected faults (not checked). */
  injected: number;
  /** Test probes of paths outside the spec (not checked). */
  outsideSpec: number;
  /** operationId → exchanges checked. */
  operations: Record<string, number>;
  /** The operations the provider's client calls, for the coverage report. */
  providerOperations: string[];
  violations: Violation[];
}

export class ContractChecker {
  readonly #pending = new Set<Promise<void>>();
  readonly #violations: Violation[] = [];
  readonly #operations = new Map<string, number>();
  #exchanges = 0;
  #requests = 0;
  #responses = 0;
  #injected = 0;
  #outside = 0;
  #reported = 0;
  readonly #allow: AllowedDifference[];

  constructor(allow: AllowedDifference[] = ALLOWED_DIFFERENCES) {
    this.#allow = allow;
    // Parsed up front, so the first exchange of a test is not held up by it.
    loadSpec();
  }

  /**
   * The emulator's `onExchange` hook. The check runs after the answer has
   * gone out (on a later turn of the event loop), off the request's path.
   */
  readonly observe = (exchange: Exchange): void => {
    const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#check(exchange));
    void this.#track(p, exchange);
  };

  #track(check: Promise<void>, exchange: Exchange): Promise<void> {
    const p = check.catch((err: unknown) => {
      this.#add({
        kind: "checker-error",
        exchange: `${exchange.method} ${exchange.path}`,
        message: (err as Error)?.stack ?? String(err),
      });
    });
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
    return p;
  }

  /** Waits for checks still running (multipart parsing is asynchronous). */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Violations no allow-list entry explains. */
  unexplained(): Violation[] {
    return this.#violations.filter((v) => v.allowedBy === undefined);
  }

  /** Unexplained violations since the last call (for per-test reporting). */
  takeNewUnexplained(): Violation[] {
    const fresh = this.#violations.slice(this.#reported);
    this.#reported = this.#violations.length;
    return fresh.filter((v) => v.allowedBy === undefined);
  }

  summary(): CoverageSummary {
    return {
      exchanges: this.#exchanges,
      requestsChecked: this.#requests,
      responsesChecked: this.#responses,
      injected: this.#injected,
      outsideSpec: this.#outside,
      operations: Object.fromEntries(this.#operations),
      providerOperations: PROVIDER_OPERATIONS,
      violations: [...this.#violations],
    };
  }

  #add(v: Violation): void {
    const entry = this.#allow.find(
      (a) =>
        a.kind === v.kind &&
        (a.operation === undefined || a.operation === v.operation) &&
        (a.status === undefined || a.status === v.status) &&
        (a.messageIncludes === undefined || v.message.includes(a.messageIncludes)),
    );
    if (entry) v.allowedBy = entry.id;
    this.#violations.push(v);
  }

  async #check(x: Exchange): Promise<void> {
    this.#exchanges++;
    const spec = loadSpec();
    const shown = `${x.method} ${x.path}${x.query ? `?${x.query}` : ""}`;
    const fromProvider = PROVIDER_AGENT.test(header(x.requestHeaders, "user-agent"));
    const found = findRoute(spec, x.path);
    const op = found?.route.operations.get(x.method);
    if (!found || !op) {
      if (fromProvider) {
        this.#requests++;
        this.#add({
          kind: "unknown-operation",
          exchange: shown,
          message: found ? `${x.method} is not defined on ${found.route.template}` : "no such path in the spec",
        });
      } else {
        this.#outside++;
      }
      return;
    }
    this.#operations.set(op.operationId, (this.#operations.get(op.operationId) ?? 0) + 1);
    const base = { exchange: shown, operation: op.operationId };
    if (fromProvider) {
      this.#requests++;
      for (const v of await this.#checkRequest(spec, op, found.params, x)) this.#add({ ...base, ...v });
    }
    if (x.fault !== undefined) {
      this.#injected++;
      return;
    }
    this.#responses++;
    for (const v of this.#checkResponse(spec, op, x)) this.#add({ ...base, status: x.status, ...v });
  }

  async #checkRequest(
    spec: Spec,
    op: Operation,
    pathParams: Record<string, string>,
    x: Exchange,
  ): Promise<Array<Pick<Violation, "kind" | "message">>> {
    const out: Array<Pick<Violation, "kind" | "message">> = [];
    if (op.deprecated) out.push({ kind: "deprecated", message: `operation ${op.operationId} is deprecated` });

    // Path parameters.
    for (const p of op.parameters.filter((q) => q.in === "path")) {
      const value = pathParams[p.name];
      if (value === undefined || !p.schema) continue;
      const v = paramValidator(spec, p.schema);
      if (!v({ value })) out.push({ kind: "path-param", message: `${p.name}=${value}: ${describe(v.errors)}` });
    }

    // Query parameters: only declared ones, each well-formed; required ones present.
    const search = new URLSearchParams(x.query);
    const declared = new Map(op.parameters.filter((q) => q.in === "query").map((q) => [q.name, q]));
    for (const name of new Set(search.keys())) {
      const p = declared.get(name);
      if (!p) {
        out.push({ kind: "query-param", message: `undeclared query parameter ${name}` });
        continue;
      }
      if (!p.schema) continue;
      const all = search.getAll(name);
      const isArray = deref(spec, p.schema as Record<string, unknown>)?.type === "array";
      const data = { value: isArray ? all : all[0] };
      const v = paramValidator(spec, p.schema);
      if (!v(data)) out.push({ kind: "query-param", message: `${name}=${all.join(",")}: ${describe(v.errors)}` });
    }
    for (const p of declared.values()) {
      if (p.required && !search.has(p.name))
        out.push({ kind: "query-param", message: `missing required query parameter ${p.name}` });
    }

    // Body.
    const types = Object.keys(op.requestContent);
    const hasBody = x.requestBody.length > 0;
    if (!hasBody) {
      if (op.requestRequired) out.push({ kind: "request-body", message: "the request body is required" });
      return out;
    }
    if (types.length === 0) {
      out.push({ kind: "request-body", message: "the operation takes no request body" });
      return out;
    }
    const type = mediaType(header(x.requestHeaders, "content-type"));
    const content = op.requestContent[type];
    if (!content) {
      out.push({
        kind: "request-body",
        message: `content type ${type || "(none)"} not accepted (${types.join(", ")})`,
      });
      return out;
    }
    const schema = content.schema;
    if (type === "application/json") {
      let body: unknown;
      try {
        body = JSON.parse(x.requestBody.toString("utf8"));
      } catch {
        out.push({ kind: "request-body", message: "the body is not JSON" });
        return out;
      }
      if (schema) {
        const v = validatorFor(spec.ajv, schema);
        if (!v(body)) out.push({ kind: "request-body", message: describe(v.errors) });
        for (const name of deprecatedProperties(spec, schema, body))
          out.push({ kind: "deprecated", message: `the body uses deprecated property ${name}` });
      }
    } else if (type === "multipart/form-data" && schema) {
      out.push(...(await checkMultipart(spec, schema, x)));
    }
    return out;
  }

  #checkResponse(spec: Spec, op: Operation, x: Exchange): Array<Pick<Violation, "kind" | "message">> {
    const declared = op.responses[String(x.status)] ?? op.responses[`${String(x.status)[0]}XX`] ?? op.responses.default;
    const type = mediaType(x.responseHeaders["Content-Type"] ?? x.responseHeaders["content-type"] ?? "");
    const text = x.responseBody?.toString("utf8") ?? "";
    const out: Array<Pick<Violation, "kind" | "message">> = [];
    if (x.status >= 400) {
      // The service's error envelope: a JSON object with a message.
      if (!declared)
        out.push({
          kind: "undeclared-error-status",
          message: `status ${x.status} is not declared for ${op.operationId}`,
        });
      let body: unknown;
      try {
        body = text === "" ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (!body || typeof body !== "object" || typeof (body as { message?: unknown }).message !== "string")
        out.push({ kind: "error-body", message: `error body is not {message: string}: ${text.slice(0, 200)}` });
      return out;
    }
    if (!declared) {
      out.push({ kind: "undeclared-status", message: `status ${x.status} is not declared for ${op.operationId}` });
      return out;
    }
    const content = declared.content ?? {};
    if (Object.keys(content).length === 0) return out;
    const media = content[type] ?? (type.startsWith("application/json") ? content["application/json"] : undefined);
    if (!media) {
      if (text === "") return out;
      out.push({ kind: "response-body", message: `content type ${type || "(none)"} not declared` });
      return out;
    }
    if (!media.schema || type !== "application/json") return out;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      out.push({ kind: "response-body", message: "the body is not JSON" });
      return out;
    }
    const v = validatorFor(spec.ajv, media.schema);
    if (!v(body)) out.push({ kind: "response-body", message: describe(v.errors) });
    return out;
  }
}

/** Multipart parts: declared names only, file parts binary, JSON parts valid against their property schema. */
async function checkMultipart(
  spec: Spec,
  schema: Record<string, unknown>,
  x: Exchange,
): Promise<Array<Pick<Violation, "kind" | "message">>> {
  const out: Array<Pick<Violation, "kind" | "message">> = [];
  const s = deref(spec, schema) ?? {};
  const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = (s.required ?? []) as string[];
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(x.requestBody), {
      headers: { "content-type": header(x.requestHeaders, "content-type") },
    }).formData();
  } catch (err) {
    return [{ kind: "multipart", message: `the body is not valid multipart/form-data: ${(err as Error).message}` }];
  }
  const names = new Set(form.keys());
  for (const name of required) if (!names.has(name)) out.push({ kind: "multipart", message: `missing part ${name}` });
  for (const name of names) {
    const prop = deref(spec, props[name]);
    if (!prop) {
      out.push({ kind: "multipart", message: `undeclared part ${name}` });
      continue;
    }
    const values = form.getAll(name);
    const items = prop.type === "array" ? deref(spec, prop.items as Record<string, unknown>) : prop;
    if (prop.type !== "array" && values.length > 1)
      out.push({ kind: "multipart", message: `part ${name} appears ${values.length} times` });
    for (const value of values) {
      if (items?.format === "binary") {
        if (typeof value === "string") out.push({ kind: "multipart", message: `part ${name} is not a file` });
        continue;
      }
      const textValue = typeof value === "string" ? value : await value.text();
      let data: unknown = textValue;
      if (items?.type === "object" || items?.type === "array") {
        try {
          data = JSON.parse(textValue);
        } catch {
          out.push({ kind: "multipart", message: `part ${name} is not JSON` });
          continue;
        }
      }
      const v = validatorFor(spec.ajv, items ?? {});
      if (!v(data)) out.push({ kind: "multipart", message: `part ${name}: ${describe(v.errors)}` });
    }
  }
  return out;
}

/** The checker of this test file (jest gives each file its own module registry). */
let current: ContractChecker | undefined;
export function contractChecker(): ContractChecker {
  current ??= new ContractChecker();
  return current;
}

/** Where each test file leaves its coverage summary for the run's report. */
export const SUMMARY_DIR = path.resolve(__dirname, "..", ".tmp", "contract");
