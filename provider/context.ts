/**
 * Per-process singletons of the provider: one management client per API URL
 * (sharing the one undici dispatcher) and the list caches that coalesce
 * refresh reads. The serialized providers reach these through
 * require("supabase-pulumi/runtime"), so every dynamic resource served by one
 * provider process shares them.
 */
import { resolveConfig, projectUrl } from "./config";
import { ManagementClient } from "./client/management";
import type { EdgeFunction, Organization, Project, Secret } from "./client/management";
import { WriteBatcher } from "./batch";
import { ListCache } from "./resources/common";
import { SupabaseError } from "./errors";

/**
 * How long a list result may serve later reads. The engine issues refresh
 * reads in waves of its parallelism; a few seconds lets all waves of one
 * refresh share one list call, while any write through this process drops it.
 */
export const LIST_CACHE_TTL_MS = 5000;

interface Ctx {
  client: ManagementClient;
  projects: ListCache<Project[]>;
  organizations: ListCache<Organization[]>;
  /** Per-project list caches, keyed "<what>:<ref>". */
  perProject: Map<string, ListCache<unknown>>;
  secretUpserts: WriteBatcher<{ name: string; value: string }>;
  secretDeletes: WriteBatcher<string>;
}

const contexts = new Map<string, Ctx>();

function ctx(): Ctx {
  const cfg = resolveConfig();
  let c = contexts.get(cfg.apiUrl);
  if (!c) {
    const client = new ManagementClient({ apiUrl: cfg.apiUrl, accessToken: cfg.accessToken });
    const perProject = new Map<string, ListCache<unknown>>();
    c = {
      client,
      projects: new ListCache(() => client.listProjects(), LIST_CACHE_TTL_MS),
      organizations: new ListCache(() => client.listOrganizations(), LIST_CACHE_TTL_MS),
      perProject,
      // Later items for the same name win: the engine never runs two writes of
      // one resource at once, so duplicates only come from distinct resources
      // declaring the same secret, which check cannot see across resources.
      secretUpserts: new WriteBatcher(async (ref, items) => {
        const byName = new Map(items.map((i) => [i.name, i]));
        await client.upsertSecrets(ref, [...byName.values()]);
        perProject.get(`secrets:${ref}`)?.invalidate();
      }),
      secretDeletes: new WriteBatcher(async (ref, names) => {
        await client.deleteSecrets(ref, [...new Set(names)]);
        perProject.get(`secrets:${ref}`)?.invalidate();
      }),
    };
    contexts.set(cfg.apiUrl, c);
  }
  return c;
}

export function managementClient(): ManagementClient {
  return ctx().client;
}

/** The project list, shared by concurrent reads (one GET for a whole refresh). */
export function projectsList(): Promise<Project[]> {
  return ctx().projects.get();
}

export function organizationsList(): Promise<Organization[]> {
  return ctx().organizations.get();
}

function perProject<T>(what: string, ref: string, fetch: (client: ManagementClient) => Promise<T>): ListCache<T> {
  const c = ctx();
  const key = `${what}:${ref}`;
  let cache = c.perProject.get(key) as ListCache<T> | undefined;
  if (!cache) {
    cache = new ListCache(() => fetch(c.client), LIST_CACHE_TTL_MS);
    c.perProject.set(key, cache as ListCache<unknown>);
  }
  return cache;
}

/** The project's secrets (names and digests), shared by concurrent reads. */
export function secretsList(ref: string): Promise<Secret[]> {
  return perProject("secrets", ref, (c) => c.listSecrets(ref)).get();
}

export function invalidateSecrets(ref: string): void {
  ctx().perProject.get(`secrets:${ref}`)?.invalidate();
}

/** The project's functions, shared by concurrent reads. */
export function functionsList(ref: string): Promise<EdgeFunction[]> {
  return perProject("functions", ref, (c) => c.listFunctions(ref)).get();
}

export function invalidateFunctions(ref: string): void {
  ctx().perProject.get(`functions:${ref}`)?.invalidate();
}

/** Queues secret upserts; concurrent ones for one project go out as one POST. */
export function upsertSecretBatched(ref: string, name: string, value: string): Promise<void> {
  return ctx().secretUpserts.add(ref, { name, value });
}

/** Queues secret deletions; concurrent ones for one project go out as one DELETE. */
export function deleteSecretBatched(ref: string, name: string): Promise<void> {
  return ctx().secretDeletes.add(ref, name);
}

export function invalidateProjects(): void {
  ctx().projects.invalidate();
}

export function invalidateOrganizations(): void {
  ctx().organizations.invalidate();
}

/** The project's base URL (GraphQL lives at + "/graphql/v1"), from the configured template. */
export function projectBaseUrl(ref: string): string {
  return projectUrl(resolveConfig().projectUrlTemplate, ref);
}

/**
 * Per-process caches of the GraphQL data API: each project's service_role key
 * (fetched once through the management API, held only in memory) and each
 * table's introspected schema. Failed fetches are not cached.
 */
const serviceKeys = new Map<string, Promise<string>>();
const tableSchemas = new Map<string, Promise<unknown>>();

/** The project's `service_role` API key, fetched once per process. Never put it in outputs or errors. */
export function serviceRoleKey(ref: string): Promise<string> {
  const cacheKey = `${resolveConfig().apiUrl}|${ref}`;
  let p = serviceKeys.get(cacheKey);
  if (!p) {
    p = managementClient()
      .getApiKeys(ref)
      .then((keys) => {
        const key = keys.find((k) => k.name === "service_role")?.api_key;
        if (!key) throw new SupabaseError("API", `Project ${ref} has no service_role API key; pass apiKey explicitly.`);
        return key;
      });
    p.catch(() => serviceKeys.delete(cacheKey));
    serviceKeys.set(cacheKey, p);
  }
  return p;
}

/**
 * A per-process memo of one table's schema, keyed by endpoint and table.
 * `load` answers whether the result may be kept (a missing table is not).
 */
export function cachedTableSchema<T>(key: string, load: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
  const hit = tableSchemas.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const p = load().then(({ value, keep }) => {
    if (!keep) tableSchemas.delete(key);
    return value;
  });
  p.catch(() => tableSchemas.delete(key));
  tableSchemas.set(key, p);
  return p;
}

/** Drops cached table schemas of one endpoint prefix (after a migration changed the schema). */
export function invalidateTableSchemas(prefix = ""): void {
  for (const k of [...tableSchemas.keys()]) if (k.startsWith(prefix)) tableSchemas.delete(k);
}

/** For tests: forget clients and caches (for example after the API URL changed). */
export function resetContexts(): void {
  contexts.clear();
  serviceKeys.clear();
  tableSchemas.clear();
}
