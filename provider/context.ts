/**
 * Per-process state of the provider: one `ProviderContext` per management API
 * URL, which owns the management client (sharing the one undici dispatcher),
 * the list caches that coalesce refresh reads, the write batchers, and the
 * GraphQL data API's key and schema caches. The serialized providers reach it
 * through require("supabase-pulumi/runtime"), so every dynamic resource served
 * by one provider process shares it; `resetContexts()` drops all of it at once.
 */
import { resolveConfig, projectUrl } from "./config";
import { ManagementClient } from "./client/management";
import type {
  ApiKey,
  Branch,
  EdgeFunction,
  ManagementBucket,
  Organization,
  Project,
  Secret,
} from "./client/management";
import type { ProjectAddons } from "./client/endpoints/billing";
import { StorageClient, type StorageBucket } from "./client/storage";
import { WriteBatcher, operations } from "./batch";
import { ListCache } from "./cache";
import { SupabaseError } from "./errors";

/**
 * How long a list result may serve later reads. The engine issues refresh
 * reads in waves of its parallelism; a few seconds lets all waves of one
 * refresh share one list call, while any write through this process drops it.
 */
export const LIST_CACHE_TTL_MS = 5000;

export class ProviderContext {
  readonly client: ManagementClient;
  readonly projects: ListCache<Project[]>;
  readonly organizations: ListCache<Organization[]>;
  /** Per-project list caches, keyed "<what>:<ref>". */
  private readonly perProject = new Map<string, ListCache<unknown>>();
  readonly secretUpserts: WriteBatcher<{ name: string; value: string }>;
  readonly secretDeletes: WriteBatcher<string>;
  /** Each project's service_role key, fetched once and held only in memory. */
  private readonly serviceKeys = new Map<string, Promise<string>>();
  /** Each table's introspected schema, keyed by endpoint and table. */
  private readonly tableSchemas = new Map<string, Promise<unknown>>();
  /**
   * The service's availability answer per `<ref>/<name>` of a vanity subdomain (`undefined` when it could not
   * tell), asked once per name: check warns from it.
   */
  readonly subdomainAvailability = new Map<string, Promise<boolean | undefined>>();
  /** Each project's add-ons answer last read, whose variant names and prices the outputs show. */
  readonly addonsRead = new Map<string, ProjectAddons>();
  /**
   * The schemas each `DatabaseSchema` checked in this process declares it owns, by its identity (the plugin's
   * URN, or the SDK resource's name): check refuses a second owner of a schema of the same project.
   */
  readonly schemaOwners = new Map<string, { ref: string; schemas: readonly string[]; name: string }>();

  constructor(apiUrl: string, accessToken: ConstructorParameters<typeof ManagementClient>[0]["accessToken"]) {
    const client = new ManagementClient({ apiUrl, accessToken });
    this.client = client;
    this.projects = new ListCache(() => client.listProjects(), LIST_CACHE_TTL_MS);
    this.organizations = new ListCache(() => client.listOrganizations(), LIST_CACHE_TTL_MS);
    // Later items for the same name win: the engine never runs two writes of
    // one resource at once, so duplicates only come from distinct resources
    // declaring the same secret, which check cannot see across resources.
    this.secretUpserts = new WriteBatcher(async (ref, items) => {
      const byName = new Map(items.map((i) => [i.name, i]));
      await client.upsertSecrets(ref, [...byName.values()]);
      this.invalidate("secrets", ref);
    });
    this.secretDeletes = new WriteBatcher(async (ref, names) => {
      await client.deleteSecrets(ref, [...new Set(names)]);
      this.invalidate("secrets", ref);
    });
  }

  /** A per-project list, shared by concurrent reads. */
  list<T>(what: string, ref: string, fetch: (client: ManagementClient) => Promise<T>): Promise<T> {
    const key = `${what}:${ref}`;
    let cache = this.perProject.get(key) as ListCache<T> | undefined;
    if (!cache) {
      cache = new ListCache(() => fetch(this.client), LIST_CACHE_TTL_MS);
      this.perProject.set(key, cache as ListCache<unknown>);
    }
    return cache.get();
  }

  invalidate(what: string, ref: string): void {
    this.perProject.get(`${what}:${ref}`)?.invalidate();
  }

  serviceRoleKey(ref: string): Promise<string> {
    let p = this.serviceKeys.get(ref);
    if (!p) {
      // A secret key acting as service_role first: it works whether or not the legacy JWT keys are turned off. Its
      // value is masked unless revealed, so this list is the revealed one. Only the chosen key is kept (this memo
      // shares the one call per project), in memory only, never in state.
      p = this.client.getApiKeys(ref, { reveal: true }).then((keys) => {
        const secret = keys.find(
          (k) =>
            k.type === "secret" &&
            (k.secret_jwt_template?.role ?? "service_role") === "service_role" &&
            typeof k.api_key === "string" &&
            k.api_key.startsWith("sb_secret_") &&
            !/[·*•]/.test(k.api_key),
        )?.api_key;
        const key = secret ?? keys.find((k) => k.name === "service_role")?.api_key;
        if (!key) throw new SupabaseError("API", `Project ${ref} has no service_role API key; pass apiKey explicitly.`);
        return key;
      });
      p.catch(() => this.serviceKeys.delete(ref));
      this.serviceKeys.set(ref, p);
    }
    return p;
  }

  tableSchema<T>(key: string, load: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
    const hit = this.tableSchemas.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const p = load().then(({ value, keep }) => {
      if (!keep) this.tableSchemas.delete(key);
      return value;
    });
    p.catch(() => this.tableSchemas.delete(key));
    this.tableSchemas.set(key, p);
    return p;
  }

  invalidateTableSchemas(prefix: string): void {
    for (const k of [...this.tableSchemas.keys()]) if (k.startsWith(prefix)) this.tableSchemas.delete(k);
  }
}

const contexts = new Map<string, ProviderContext>();

/** The context of the configured API URL, created on first use. */
export function providerContext(): ProviderContext {
  const cfg = resolveConfig();
  let c = contexts.get(cfg.apiUrl);
  if (!c) {
    c = new ProviderContext(cfg.apiUrl, cfg.accessToken);
    contexts.set(cfg.apiUrl, c);
  }
  return c;
}

export function managementClient(): ManagementClient {
  return providerContext().client;
}

/** The project list, shared by concurrent reads (one GET for a whole refresh). */
export function projectsList(): Promise<Project[]> {
  return providerContext().projects.get();
}

export function organizationsList(): Promise<Organization[]> {
  return providerContext().organizations.get();
}

/** The project's secrets (names and digests), shared by concurrent reads. */
export function secretsList(ref: string): Promise<Secret[]> {
  return providerContext().list("secrets", ref, (c) => c.listSecrets(ref));
}

export function invalidateSecrets(ref: string): void {
  providerContext().invalidate("secrets", ref);
}

/** The project's functions, shared by concurrent reads. */
export function functionsList(ref: string): Promise<EdgeFunction[]> {
  return providerContext().list("functions", ref, (c) => c.listFunctions(ref));
}

export function invalidateFunctions(ref: string): void {
  providerContext().invalidate("functions", ref);
}

/** The project's API keys (secret keys masked), shared by concurrent reads: one list call per project per refresh. */
export function apiKeysList(ref: string): Promise<ApiKey[]> {
  return providerContext().list("apiKeys", ref, (c) => c.getApiKeys(ref));
}

export function invalidateApiKeys(ref: string): void {
  providerContext().invalidate("apiKeys", ref);
}

/** Queues secret upserts; concurrent ones for one project go out as one POST. */
export function upsertSecretBatched(ref: string, name: string, value: string): Promise<void> {
  return providerContext().secretUpserts.add(ref, { name, value });
}

/** Queues secret deletions; concurrent ones for one project go out as one DELETE. */
export function deleteSecretBatched(ref: string, name: string): Promise<void> {
  return providerContext().secretDeletes.add(ref, name);
}

/** The branches of a parent project, shared by concurrent reads: one list call per parent per refresh. */
export function branchesList(parentRef: string): Promise<Branch[]> {
  return providerContext().list("branches", parentRef, (c) => c.listBranches(parentRef));
}

export function invalidateBranches(parentRef: string): void {
  providerContext().invalidate("branches", parentRef);
}

export function invalidateProjects(): void {
  providerContext().projects.invalidate();
}

export function invalidateOrganizations(): void {
  providerContext().organizations.invalidate();
}

/** The project's base URL (GraphQL lives at + "/graphql/v1"), from the configured template. */
export function projectBaseUrl(ref: string): string {
  return projectUrl(resolveConfig().projectUrlTemplate, ref);
}

/** The project's `service_role` API key, fetched once per process. Never put it in outputs or errors. */
export function serviceRoleKey(ref: string): Promise<string> {
  return providerContext().serviceRoleKey(ref);
}

/**
 * A per-process memo of one table's schema, keyed by endpoint and table.
 * `load` answers whether the result may be kept (a missing table is not).
 */
export function cachedTableSchema<T>(key: string, load: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
  return providerContext().tableSchema(key, load);
}

/** Drops cached table schemas of one endpoint prefix (after a migration changed the schema). */
export function invalidateTableSchemas(prefix = ""): void {
  providerContext().invalidateTableSchemas(prefix);
}

/** Each context's Storage API clients, one per project. */
const storageClients = new WeakMap<ProviderContext, Map<string, StorageClient>>();

/** The project's Storage API client (service_role key fetched once per process, held only in memory). */
export function storageClient(ref: string): StorageClient {
  const ctx = providerContext();
  let byRef = storageClients.get(ctx);
  if (!byRef) storageClients.set(ctx, (byRef = new Map()));
  let client = byRef.get(ref);
  if (!client) {
    client = new StorageClient({ projectUrl: projectBaseUrl(ref), apiKey: () => ctx.serviceRoleKey(ref) });
    byRef.set(ref, client);
  }
  return client;
}

/** The project's buckets as the management API lists them, shared by concurrent reads: one call per project. */
export function bucketsList(ref: string): Promise<ManagementBucket[]> {
  return providerContext().list("buckets", ref, (c) => c.listStorageBuckets(ref));
}

/** The project's buckets with their limits (Storage API), shared by concurrent reads: one call per project. */
export function storageBucketsList(ref: string): Promise<StorageBucket[]> {
  return providerContext().list("storageBuckets", ref, () => storageClient(ref).listBuckets());
}

export function invalidateBuckets(ref: string): void {
  providerContext().invalidate("buckets", ref);
  providerContext().invalidate("storageBuckets", ref);
}

/** Forgets every context: clients, caches and batchers (for example after the API URL changed). */
export function resetContexts(): void {
  contexts.clear();
  // As in a fresh provider process, the engine's concurrency is learned again.
  operations.peak = operations.inflight;
}
