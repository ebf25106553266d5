/**
 * A small client for a project's GraphQL data API (`POST {project_url}/graphql/v1`).
 *
 * It rides the same shared undici dispatcher as the management client (one
 * keep-alive pool, pacing, retries), but authenticates differently: the
 * project's API key goes in the `apikey` header, and the auth interceptor is
 * handed the same key as the bearer token (the gateway then needs no JWT
 * swap; a bare key as bearer stands for its own role). The key is read
 * through a getter per request and never appears in an error.
 *
 * Retries: a query is marked idempotent, so 5xx/429/connection errors are
 * retried by the dispatcher within the retry budget. A mutation is retried
 * only after a 429 (refused, nothing ran): after a reset or a 5xx it may have
 * committed (the whole document is one transaction), so the caller settles
 * it by reading the affected keys back instead of resending.
 */
import { print, type DocumentNode } from "graphql";
import { redact, SupabaseError } from "../errors";
import { dispatchWithKey } from "../http/keyed";
import { displayPath, noteRetries, toApiError } from "../client/response";

/** A 200 answer carrying `errors`: nothing in the request was applied. */
/**
 * A response's `data`: its shape follows the document that asked for it, so
 * callers read the fields they selected rather than declare a type per query.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GraphqlData = Record<string, any>;

export class GraphqlError extends SupabaseError {
  /** The `message` of each error object, in order. */
  readonly messages: string[];
  constructor(message: string, messages: string[]) {
    super("GRAPHQL", message);
    this.name = "GraphqlError";
    this.messages = messages;
  }
  static isGraphql(e: unknown): e is GraphqlError {
    return SupabaseError.is(e, "GRAPHQL") && Array.isArray((e as GraphqlError).messages);
  }
}

export interface GraphqlClientOptions {
  /** The endpoint, e.g. `https://<ref>.supabase.co/graphql/v1`. */
  url: string;
  /** Read per request; never stored in an error or a log line. */
  apiKey: () => string | undefined;
  requestTimeoutMs?: number;
}

export interface GraphqlRequestOptions {
  /** A mutation is never retried by the HTTP layer (see the module comment). */
  mutation: boolean;
  /** Prefix of an error message, e.g. `insert into public.item`. */
  context: string;
}

export class GraphqlClient {
  readonly #origin: string;
  readonly #path: string;
  readonly #apiKey: () => string | undefined;
  readonly #timeoutMs: number;

  constructor(options: GraphqlClientOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new SupabaseError("CONFIG", `Invalid GraphQL URL: ${JSON.stringify(redact(options.url))}`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new SupabaseError("CONFIG", `The GraphQL URL must be http(s), got ${url.protocol}`);
    }
    this.#origin = url.origin;
    this.#path = url.pathname + url.search;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.requestTimeoutMs ?? 120_000;
  }

  /** The endpoint without credentials, for messages. */
  get endpoint(): string {
    return this.#origin + displayPath(this.#path);
  }

  /**
   * Sends one document. Resolves `data`; a non-2xx status is an ApiError, a
   * broken connection a NetworkError, and a 200 with `errors` a GraphqlError
   * whose message starts with `options.context`.
   */
  async request<T = Record<string, unknown>>(
    document: DocumentNode,
    variables: Record<string, unknown>,
    options: GraphqlRequestOptions,
  ): Promise<T> {
    const key = this.#apiKey();
    if (!key) throw new SupabaseError("CONFIG", `No API key for the GraphQL API (${options.context}).`);
    const op = document.definitions.find((d) => d.kind === "OperationDefinition");
    const operationName = op && "name" in op && op.name ? op.name.value : undefined;
    const body = JSON.stringify({ query: print(document), variables, ...(operationName ? { operationName } : {}) });
    const { status, headers, text, last } = await dispatchWithKey({
      origin: this.#origin,
      path: this.#path,
      method: "POST",
      key,
      body,
      timeoutMs: this.#timeoutMs,
      idempotent: !options.mutation,
    });
    if (status >= 400) throw noteRetries(toApiError("POST", this.#path, status, headers, text), last);
    let parsed: { data?: unknown; errors?: Array<{ message?: unknown }> };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SupabaseError(
        "GRAPHQL",
        `${options.context}: the GraphQL API answered ${status} with a body that is not JSON.`,
      );
    }
    if (Array.isArray(parsed.errors) && parsed.errors.length > 0) {
      const messages = parsed.errors.map((e) => redact(typeof e?.message === "string" ? e.message : JSON.stringify(e)));
      throw new GraphqlError(`${options.context} failed: ${messages.join("; ")}`, messages);
    }
    if (parsed.data === null || typeof parsed.data !== "object") {
      throw new GraphqlError(`${options.context} failed: the response carried no data.`, []);
    }
    return parsed.data as T;
  }
}
