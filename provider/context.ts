/**
 * Per-process singletons of the provider: one management client per API URL
 * (sharing the one undici dispatcher) and the list caches that coalesce
 * refresh reads. The serialized providers reach these through
 * require("supabase-pulumi/runtime"), so every dynamic resource served by one
 * provider process shares them.
 */
import { resolveConfig, projectUrl } from "./config";
import { ManagementClient } from "./client/management";
import type { Organization, Project } from "./client/management";
import { ListCache } from "./resources/common";

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
}

const contexts = new Map<string, Ctx>();

function ctx(): Ctx {
  const cfg = resolveConfig();
  let c = contexts.get(cfg.apiUrl);
  if (!c) {
    const client = new ManagementClient({ apiUrl: cfg.apiUrl, accessToken: cfg.accessToken });
    c = {
      client,
      projects: new ListCache(() => client.listProjects(), LIST_CACHE_TTL_MS),
      organizations: new ListCache(() => client.listOrganizations(), LIST_CACHE_TTL_MS),
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

/** For tests: forget clients and caches (for example after the API URL changed). */
export function resetContexts(): void {
  contexts.clear();
}
