/**
 * Typed client for the management API.
 *
 * Stateless apart from its options: connection pooling, pacing, retries and
 * GET deduplication live in the shared undici dispatcher (`provider/http`),
 * so any number of clients in one process share one pool and one set of
 * rate-limit buckets. The access token is read through a getter on every call
 * and never stored or shown in an error.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { ApiError, NetworkError, SupabaseError } from "../errors";
import { MISSING_TOKEN_MESSAGE } from "../http/auth";
import { getSharedDispatcher } from "../http/dispatcher";
import type { RetryOptions } from "../http/retry";
import type { AttemptInfo, SupabaseDispatchOptions } from "../http/types";
import { displayPath, noteRetries, parseJsonBody, toApiError } from "./response";
import {
  migrationEntrySchema,
  migrationListEntrySchema,
  type MigrationBody,
  type MigrationEntry,
  type MigrationListEntry,
  type MigrationPatchBody,
} from "./migrations";
import {
  customHostnameSchema,
  deployedFunctionSchema,
  functionSchema,
  networkBansSchema,
  networkRestrictionsSchema,
  pgsodiumSchema,
  secretSchema,
  typescriptTypesSchema,
  type BundleFile,
  type CustomHostname,
  type DeployMetadata,
  type DeployedFunction,
  type EdgeFunction,
  type FunctionSettings,
  type NetworkBans,
  type NetworkRestrictions,
  type NetworkRestrictionsBody,
  type PgsodiumConfig,
  type RemoveNetworkBansBody,
  type Secret,
  type SecretsDeleteBody,
  type SecretsUpsertBody,
} from "./settings";
import {
  apiKeySchema,
  organizationSchema,
  projectRefResultSchema,
  projectSchema,
  queryRowsSchema,
  type ApiKey,
  type CreateApiKeyInput,
  type CreateOrganizationInput,
  type CreateProjectInput,
  type Organization,
  type Project,
  type ProjectRefResult,
  type QueryRow,
  type RunQueryBody,
  type UpdateApiKeyInput,
  type UpdateProjectInput,
  type WireSchemas,
} from "./types";

export * from "./types";
export * from "./settings";
export * from "./migrations";
export { withUnknownOutcome, isUnknownOutcome, isTransient } from "./outcome";

export type HttpMethod = Dispatcher.HttpMethod;
export type Expect = "json" | "text" | "empty" | "raw";
export type QueryValue = string | number | boolean | undefined | null | Array<string | number | boolean>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with `contentType` (instead of `body`). */
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Marks a request safe to repeat, so the retry layer may retry it even for
   * POST/PATCH; `false` forbids retries even for GET/PUT/DELETE.
   */
  idempotent?: boolean;
  /** How to read a success body (default `json`). */
  expect?: Expect;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Diagnostics for one attempt (a request the server saw, or that failed to connect). */
export interface ResponseInfo {
  method: string;
  /** Path without the query string. */
  path: string;
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  /** 1 for the first try; higher for retries. */
  attempt: number;
  durationMs: number;
  /** Error code when no response arrived (e.g. `ECONNRESET`). */
  errorCode?: string;
}

export interface ManagementClientOptions {
  /** Base URL, e.g. `https://api.supabase.com` (a path prefix is kept). */
  apiUrl: string;
  /** Read on every request; never stored. */
  accessToken: () => string | undefined;
  /** Default `supabase-pulumi/<version>`. */
  userAgent?: string;
  retry?: Pick<RetryOptions, "maxRetries" | "minDelayMs" | "maxDelayMs">;
  /** A dispatcher from `createDispatcher()`; default: the process-wide shared one for these options. */
  dispatcher?: Dispatcher;
  /** Per-attempt limit for headers, and for each gap between body chunks (default 120 s). */
  requestTimeoutMs?: number;
  /** Called after every attempt, retries included. Must not throw (errors are ignored). */
  onResponse?: (info: ResponseInfo) => void;
}

const enc = encodeURIComponent;

export class ManagementClient {
  readonly #origin: string;
  readonly #basePath: string;
  readonly #accessToken: () => string | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  readonly #onResponse?: (info: ResponseInfo) => void;

  constructor(options: ManagementClientOptions) {
    let url: URL;
    try {
      url = new URL(options.apiUrl);
    } catch {
      throw new SupabaseError("CONFIG", `Invalid management API URL: ${JSON.stringify(options.apiUrl)}`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new SupabaseError("CONFIG", `The management API URL must be http(s), got ${url.protocol}`);
    }
    if (typeof options.accessToken !== "function") {
      throw new SupabaseError("CONFIG", "accessToken must be a function that returns the token when called");
    }
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, "");
    this.#accessToken = options.accessToken;
    this.#timeoutMs = options.requestTimeoutMs ?? 120_000;
    this.#onResponse = options.onResponse;
    this.#dispatcher =
      options.dispatcher ?? getSharedDispatcher({ userAgent: options.userAgent, retry: options.retry });
  }

  /**
   * One API call. Failures become `ApiError` (status, method, path without
   * query, the API's message; code NOT_FOUND for 404, RATE_LIMITED for 429)
   * or `NetworkError`; a missing token is a `CONFIG` error before any traffic.
   */
  async request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.#send(method, path, options);
    switch (options.expect ?? "json") {
      case "raw":
        return { status: res.status, headers: res.headers, body: res.body } satisfies RawResponse as T;
      case "text":
        return res.body.toString("utf8") as T;
      case "empty":
        return undefined as T;
      default:
        return parseJsonBody(method, res.path, res.status, res.headers, res.body.toString("utf8")) as T;
    }
  }

  /** Sends one logical request (the dispatcher may retry it) and fails on status ≥ 400. */
  async #send(method: HttpMethod, path: string, options: RequestOptions): Promise<RawResponse & { path: string }> {
    const token = this.#accessToken();
    if (!token) throw new SupabaseError("CONFIG", MISSING_TOKEN_MESSAGE);

    const fullPath = this.#basePath + path + queryString(options.query);
    const shown = displayPath(fullPath);
    const headers: Record<string, string> = { accept: "application/json" };
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers["content-type"] = options.contentType ?? "application/octet-stream";
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, options.headers);

    let last: AttemptInfo | undefined;
    const onAttempt = (a: AttemptInfo) => {
      last = a;
      if (!this.#onResponse) return;
      const info: ResponseInfo = {
        method: a.method,
        path: shown,
        status: a.status,
        attempt: a.attempt,
        durationMs: a.durationMs,
      };
      if (a.errorCode !== undefined) info.errorCode = a.errorCode;
      this.#onResponse(info);
    };
    const dispatchOptions: SupabaseDispatchOptions = {
      origin: this.#origin,
      path: fullPath,
      method,
      headers,
      body,
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      // The token read above travels with the request; the auth interceptor sets the header.
      accessToken: () => token,
      onAttempt,
    };
    if (options.idempotent !== undefined) dispatchOptions.idempotent = options.idempotent;

    let status: number;
    let resHeaders: IncomingHttpHeaders;
    let raw: Buffer;
    try {
      const res = await this.#dispatcher.request(dispatchOptions);
      status = res.statusCode;
      resHeaders = res.headers;
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      if (SupabaseError.is(err)) throw err;
      throw noteRetries(new NetworkError({ method, path: shown, cause: err }), last);
    }
    if (status >= 400) throw noteRetries(toApiError(method, fullPath, status, resHeaders, raw.toString("utf8")), last);
    return { status, headers: resHeaders, body: raw, path: fullPath };
  }

  /** A JSON call validated by `schema`; a body of the wrong shape is an ApiError carrying the status. */
  async #typed<S extends z.ZodType>(
    schema: S,
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const res = await this.#send(method, path, options);
    const value = parseJsonBody(method, res.path, res.status, res.headers, res.body.toString("utf8"));
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ApiError({
      status: res.status,
      method,
      path: displayPath(res.path),
      apiMessage: `unexpected response shape${where}: ${issue?.message ?? "invalid"}`,
    });
  }

  // Organizations

  listOrganizations(): Promise<Organization[]> {
    return this.#typed(organizationSchema.array(), "GET", "/v1/organizations");
  }

  /** Not idempotent: never retried. Wrap in `withUnknownOutcome` with `findOrganization`. */
  createOrganization(input: CreateOrganizationInput): Promise<Organization> {
    const body: CreateOrganizationInput = { name: input.name };
    return this.#typed(organizationSchema, "POST", "/v1/organizations", { body });
  }

  /** The organization with this exact name, if any (first match). */
  async findOrganization(name: string): Promise<Organization | undefined> {
    return (await this.listOrganizations()).find((o) => o.name === name);
  }

  // Projects

  listProjects(): Promise<Project[]> {
    return this.#typed(projectSchema.array(), "GET", "/v1/projects");
  }

  /** 404 → ApiError with code NOT_FOUND. */
  getProject(ref: string): Promise<Project> {
    return this.#typed(projectSchema, "GET", `/v1/projects/${enc(ref)}`);
  }

  /**
   * Not idempotent: never retried. The body is the document's create body:
   * `organization_slug` and `region_selection`, never the deprecated
   * `organization_id` and `region`. `db_pass` is a secret and never appears
   * in errors.
   */
  createProject(input: CreateProjectInput): Promise<Project> {
    const body: CreateProjectInput = {
      name: input.name,
      db_pass: input.db_pass,
      organization_slug: input.organization_slug,
    };
    if (input.region_selection !== undefined) body.region_selection = input.region_selection;
    if (input.desired_instance_size !== undefined) body.desired_instance_size = input.desired_instance_size;
    if (input.template_url !== undefined) body.template_url = input.template_url;
    return this.#typed(projectSchema, "POST", "/v1/projects", { body });
  }

  /**
   * A live project in this organization with this exact name, created at or
   * after `notBefore` (epoch ms) if given. Projects being deleted are skipped:
   * they cannot be adopted.
   */
  async findProject(query: { organizationId: string; name: string; notBefore?: number }): Promise<Project | undefined> {
    const all = await this.listProjects();
    return all.find(
      (p) =>
        p.organization_id === query.organizationId &&
        p.name === query.name &&
        p.status !== "GOING_DOWN" &&
        p.status !== "REMOVED" &&
        (query.notBefore === undefined || Date.parse(p.created_at) >= query.notBefore),
    );
  }

  /**
   * Renames a project. PATCH, but setting a name to a value is idempotent, so
   * it is marked retryable. Answers `{id: <number>, ref, name}`: re-read the
   * project for the full shape.
   */
  updateProject(ref: string, input: UpdateProjectInput): Promise<ProjectRefResult> {
    return this.#typed(projectRefResultSchema, "PATCH", `/v1/projects/${enc(ref)}`, {
      body: { name: input.name } satisfies UpdateProjectInput,
      idempotent: true,
    });
  }

  /**
   * Deletes a project (retried like any DELETE). A retry after a first
   * attempt that did delete answers 404: callers treat NOT_FOUND as done.
   * While provisioning the API answers 400 "Project not ready for deletion.".
   */
  deleteProject(ref: string): Promise<ProjectRefResult> {
    return this.#typed(projectRefResultSchema, "DELETE", `/v1/projects/${enc(ref)}`);
  }

  /**
   * Sets the database password (200 `{message}`). Setting a password to a
   * value is idempotent, so it is retryable. The password goes in the body
   * only, never in a path or an error.
   */
  async updateDatabasePassword(ref: string, password: string): Promise<void> {
    await this.request("PATCH", `/v1/projects/${enc(ref)}/database/password`, {
      body: { password } satisfies WireSchemas["V1UpdatePasswordBody"],
      expect: "text",
      idempotent: true,
    });
  }

  /** The project's API keys; `reveal` unmasks the `secret` key. Every `api_key` is a secret. */
  getApiKeys(ref: string, options: { reveal?: boolean } = {}): Promise<ApiKey[]> {
    return this.#typed(apiKeySchema.array(), "GET", `/v1/projects/${enc(ref)}/api-keys`, {
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /**
   * Creates an API key (201). Not idempotent: a repeat makes a second key, so
   * callers settle an unknown outcome by looking the key up. With `reveal` a
   * secret key's value is answered unmasked (the only time it is needed).
   */
  createApiKey(ref: string, body: CreateApiKeyInput, options: { reveal?: boolean } = {}): Promise<ApiKey> {
    return this.#typed(apiKeySchema, "POST", `/v1/projects/${enc(ref)}/api-keys`, {
      body: body satisfies CreateApiKeyInput,
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /** One API key; 404 → NOT_FOUND. */
  getApiKey(ref: string, id: string, options: { reveal?: boolean } = {}): Promise<ApiKey> {
    return this.#typed(apiKeySchema, "GET", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`, {
      query: { reveal: options.reveal ? "true" : undefined },
    });
  }

  /** Renames or redescribes an API key. Setting values is idempotent, so it is retryable. */
  updateApiKey(ref: string, id: string, body: UpdateApiKeyInput): Promise<ApiKey> {
    return this.#typed(apiKeySchema, "PATCH", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`, {
      body: body satisfies UpdateApiKeyInput,
      idempotent: true,
    });
  }

  /** Deletes an API key (retried like any DELETE; a retry after a first attempt that acted answers 404). */
  deleteApiKey(ref: string, id: string): Promise<ApiKey> {
    return this.#typed(apiKeySchema, "DELETE", `/v1/projects/${enc(ref)}/api-keys/${enc(id)}`);
  }

  /**
   * Runs SQL; answers the rows (201). Not retried, since SQL may write; pass
   * `readOnly: true` to run it read-only on the server, which also makes it
   * safe to retry.
   */
  runQuery<Row extends QueryRow = QueryRow>(
    ref: string,
    sql: string,
    parameters?: unknown[],
    options: { readOnly?: boolean } = {},
  ): Promise<Row[]> {
    const body: RunQueryBody = { query: sql };
    if (parameters !== undefined) body.parameters = parameters;
    if (options.readOnly) body.read_only = true;
    return this.#typed(queryRowsSchema, "POST", `/v1/projects/${enc(ref)}/database/query`, {
      body,
      idempotent: options.readOnly === true,
    }) as Promise<Row[]>;
  }

  // Migration history

  /** The project's migration history: version and name of each entry, oldest first. */
  listMigrations(ref: string): Promise<MigrationListEntry[]> {
    return this.#typed(migrationListEntrySchema.array(), "GET", `/v1/projects/${enc(ref)}/database/migrations`);
  }

  /** One history entry with its statements and idempotency key; 404 → ApiError with code NOT_FOUND. */
  getMigration(ref: string, version: string): Promise<MigrationEntry> {
    return this.#typed(migrationEntrySchema, "GET", `/v1/projects/${enc(ref)}/database/migrations/${enc(version)}`);
  }

  /**
   * Runs `query` and records it in the history (200, no body: the version is
   * the service's, found by listing). Not retried: wrap it in
   * `withUnknownOutcome` with a lookup of `idempotencyKey`, which the service
   * also uses to answer a repeat without running it again.
   */
  async applyMigration(ref: string, body: MigrationBody, idempotencyKey: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/database/migrations`, {
      body: body satisfies MigrationBody,
      headers: { "Idempotency-Key": idempotencyKey },
      expect: "empty",
      idempotent: false,
    });
  }

  /** Records a migration without running it; the same key updates its entry, so it is safe to repeat. */
  async upsertMigration(ref: string, body: MigrationBody, idempotencyKey: string): Promise<void> {
    await this.request("PUT", `/v1/projects/${enc(ref)}/database/migrations`, {
      body: body satisfies MigrationBody,
      headers: { "Idempotency-Key": idempotencyKey },
      expect: "empty",
      idempotent: true,
    });
  }

  /** Changes an entry's name or rollback; setting values is idempotent. */
  async patchMigration(ref: string, version: string, body: MigrationPatchBody): Promise<void> {
    await this.request("PATCH", `/v1/projects/${enc(ref)}/database/migrations/${enc(version)}`, {
      body: body satisfies MigrationPatchBody,
      expect: "empty",
      idempotent: true,
    });
  }

  /**
   * Runs the recorded rollback of every entry with a version ≥ `gte`, newest
   * first, and removes them. A repeat finds them gone and does nothing more.
   */
  async rollbackMigrations(ref: string, gte: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/database/migrations`, {
      query: { gte },
      expect: "empty",
    });
  }

  // Secrets

  /** Names with digests (hex SHA-256 of the value), never the plaintext. */
  listSecrets(ref: string): Promise<Secret[]> {
    return this.#typed(secretSchema.array(), "GET", `/v1/projects/${enc(ref)}/secrets`);
  }

  /** Upserts secrets (201, empty body). Upserting the same values again has the same effect: retryable. */
  async upsertSecrets(ref: string, secrets: SecretsUpsertBody): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/secrets`, {
      body: secrets satisfies SecretsUpsertBody,
      expect: "empty",
      idempotent: true,
    });
  }

  /** Deletes the named secrets (200; empty or `{}`). */
  async deleteSecrets(ref: string, names: string[]): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/secrets`, {
      body: names satisfies SecretsDeleteBody,
      expect: "empty",
    });
  }

  // TypeScript types

  async getTypescriptTypes(ref: string, includedSchemas?: string[]): Promise<string> {
    const r = await this.#typed(typescriptTypesSchema, "GET", `/v1/projects/${enc(ref)}/types/typescript`, {
      query: {
        included_schemas: includedSchemas && includedSchemas.length > 0 ? includedSchemas.join(",") : undefined,
      },
    });
    return r.types;
  }

  // Functions

  listFunctions(ref: string): Promise<EdgeFunction[]> {
    return this.#typed(functionSchema.array(), "GET", `/v1/projects/${enc(ref)}/functions`);
  }

  /** 404 → NOT_FOUND. */
  getFunction(ref: string, slug: string): Promise<EdgeFunction> {
    return this.#typed(functionSchema, "GET", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`);
  }

  /**
   * Deploys a bundle through `POST …/functions/deploy` (multipart: one
   * `metadata` JSON part, one `file` part per file named by its relative
   * path), creating the function or replacing its code and settings. Sending
   * the same bundle again leaves the same code and settings (only the version
   * moves), so the call is marked retryable.
   */
  async deployFunction(
    ref: string,
    slug: string,
    metadata: DeployMetadata,
    files: BundleFile[],
  ): Promise<DeployedFunction> {
    const form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
    for (const f of files) {
      const bytes = typeof f.content === "string" ? Buffer.from(f.content, "utf8") : f.content;
      form.append("file", new Blob([new Uint8Array(bytes)], { type: f.contentType ?? contentTypeOf(f.name) }), f.name);
    }
    const { body, contentType } = await encodeForm(form);
    return this.#typed(deployedFunctionSchema, "POST", `/v1/projects/${enc(ref)}/functions/deploy`, {
      query: { slug },
      rawBody: body,
      contentType,
      idempotent: true,
    });
  }

  /**
   * Creates a function from source (JSON body `{slug, name, body, verify_jwt}`,
   * settings also as query parameters, where the service reads them). Not
   * idempotent: an
   * existing slug answers 400 "Duplicated function slug".
   */
  createFunction(
    ref: string,
    settings: FunctionSettings & { slug: string; name: string },
    source: string,
  ): Promise<EdgeFunction> {
    return this.#typed(functionSchema, "POST", `/v1/projects/${enc(ref)}/functions`, {
      query: functionQuery(settings),
      body: { slug: settings.slug, name: settings.name, body: source, verify_jwt: settings.verify_jwt },
    });
  }

  /** Updates settings (query parameters) and optionally the source. Same request twice, same effect: retryable. */
  updateFunction(ref: string, slug: string, settings: FunctionSettings, source?: string): Promise<EdgeFunction> {
    const body: Record<string, unknown> = {};
    if (settings.name !== undefined) body.name = settings.name;
    if (settings.verify_jwt !== undefined) body.verify_jwt = settings.verify_jwt;
    if (source !== undefined) body.body = source;
    return this.#typed(functionSchema, "PATCH", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`, {
      query: functionQuery(settings),
      body,
      idempotent: true,
    });
  }

  async deleteFunction(ref: string, slug: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`, { expect: "empty" });
  }

  /** The function's body as stored. */
  async getFunctionBody(ref: string, slug: string): Promise<Buffer> {
    const r = await this.request<RawResponse>("GET", `/v1/projects/${enc(ref)}/functions/${enc(slug)}/body`, {
      expect: "raw",
      headers: { accept: "*/*" },
    });
    return r.body;
  }

  // Custom hostname

  /** 400 "No custom hostname configuration found." when none is configured. */
  getCustomHostname(ref: string): Promise<CustomHostname> {
    return this.#typed(customHostnameSchema, "GET", `/v1/projects/${enc(ref)}/custom-hostname`);
  }

  /** Not idempotent (a second initialize is refused while one exists). */
  initializeCustomHostname(ref: string, hostname: string): Promise<CustomHostname> {
    return this.#typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/initialize`, {
      body: { custom_hostname: hostname } satisfies WireSchemas["UpdateCustomHostnameBody"],
    });
  }

  /** Asks the service to check DNS again. Only reads DNS: retryable. */
  reverifyCustomHostname(ref: string): Promise<CustomHostname> {
    return this.#typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/reverify`, {
      idempotent: true,
    });
  }

  activateCustomHostname(ref: string): Promise<CustomHostname> {
    return this.#typed(customHostnameSchema, "POST", `/v1/projects/${enc(ref)}/custom-hostname/activate`);
  }

  async deleteCustomHostname(ref: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/custom-hostname`, { expect: "empty" });
  }

  // Encryption root key

  getPgsodium(ref: string): Promise<PgsodiumConfig> {
    return this.#typed(pgsodiumSchema, "GET", `/v1/projects/${enc(ref)}/pgsodium`);
  }

  /** Replaces the root key; data encrypted with the old key may become unreadable. */
  updatePgsodium(ref: string, rootKey: string): Promise<PgsodiumConfig> {
    return this.#typed(pgsodiumSchema, "PUT", `/v1/projects/${enc(ref)}/pgsodium`, {
      body: { root_key: rootKey } satisfies WireSchemas["UpdatePgsodiumConfigBody"],
    });
  }

  // Network bans

  /** Reads the bans (a POST that only reads: retryable). */
  getNetworkBans(ref: string): Promise<NetworkBans> {
    return this.#typed(networkBansSchema, "POST", `/v1/projects/${enc(ref)}/network-bans/retrieve`, {
      idempotent: true,
    });
  }

  async removeNetworkBans(ref: string, ipv4Addresses: string[]): Promise<void> {
    // `requester_ip` is required by the document: false, since the addresses are listed.
    const body: RemoveNetworkBansBody = { ipv4_addresses: ipv4Addresses, requester_ip: false };
    await this.request("DELETE", `/v1/projects/${enc(ref)}/network-bans`, {
      body,
      expect: "empty",
    });
  }

  // Network restrictions

  getNetworkRestrictions(ref: string): Promise<NetworkRestrictions> {
    return this.#typed(networkRestrictionsSchema, "GET", `/v1/projects/${enc(ref)}/network-restrictions`);
  }

  /** Replaces the whole config. Applying the same config twice has the same effect: retryable. */
  applyNetworkRestrictions(ref: string, config: Required<NetworkRestrictionsBody>): Promise<NetworkRestrictions> {
    return this.#typed(networkRestrictionsSchema, "POST", `/v1/projects/${enc(ref)}/network-restrictions/apply`, {
      body: config,
      idempotent: true,
    });
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".ts": "application/typescript",
  ".tsx": "application/typescript",
  ".mts": "application/typescript",
  ".js": "application/javascript",
  ".mjs": "application/javascript",
  ".jsx": "application/javascript",
  ".json": "application/json",
  ".html": "text/html",
  ".css": "text/css",
  ".txt": "text/plain",
};

function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && CONTENT_TYPES[name.slice(dot).toLowerCase()]) || "application/octet-stream";
}

/** Serializes a form to multipart bytes (the boundary comes from the platform's encoder). */
async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const req = new Request("http://form.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}

function functionQuery(settings: FunctionSettings): Record<string, QueryValue> {
  return {
    slug: settings.slug,
    name: settings.name,
    verify_jwt: settings.verify_jwt,
    import_map: settings.import_map,
    entrypoint_path: settings.entrypoint_path,
    import_map_path: settings.import_map_path,
  };
}

function queryString(query: RequestOptions["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

const clients = new WeakMap<() => string | undefined, Map<string, ManagementClient>>();

/**
 * A process-wide client for these options (same token getter, URL, user agent,
 * retry and timeout settings → same client). All of them share the shared
 * dispatcher, so this is a convenience, not a requirement: `new
 * ManagementClient(...)` is cheap and pools connections just the same.
 */
export function getManagementClient(
  options: Omit<ManagementClientOptions, "dispatcher" | "onResponse">,
): ManagementClient {
  let byKey = clients.get(options.accessToken);
  if (!byKey) {
    byKey = new Map();
    clients.set(options.accessToken, byKey);
  }
  const key = JSON.stringify([options.apiUrl, options.userAgent, options.retry ?? {}, options.requestTimeoutMs]);
  let client = byKey.get(key);
  if (!client) {
    client = new ManagementClient(options);
    byKey.set(key, client);
  }
  return client;
}
