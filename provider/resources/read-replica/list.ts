/**
 * A project's databases, as ReadReplica reads them. The service lists them
 * only with the projects of an organization (`GET
 * /v1/organizations/{slug}/projects`, each project's `databases`: identifier,
 * type, region, status), so reads are coalesced per organization: every
 * replica of every project of one organization that a refresh reads shares
 * one list call (one per 100 projects). The organization of a project comes
 * from the project list every kind shares (`GET /v1/projects`), or for a
 * project it does not show (a branch's) from `GET /v1/projects/{ref}`.
 */
import type { ProjectDatabaseEntry } from "../../client/management";
import { managementClient, projectsList, providerContext } from "../../context";
import { isNotFound } from "../../errors";

const LIST = "organizationDatabases";

/** The organization slug of each project, learned once per process (a project keeps its organization). */
const slugs = new Map<string, string>();

async function organizationOf(ref: string): Promise<string | undefined> {
  const known = slugs.get(ref);
  if (known) return known;
  let slug = (await projectsList()).find((p) => (p.ref ?? p.id) === ref)?.organization_id;
  if (!slug) {
    try {
      slug = (await managementClient().getProject(ref)).organization_id;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
  if (slug) slugs.set(ref, slug);
  return slug;
}

function organizationDatabases(slug: string): Promise<Map<string, ProjectDatabaseEntry[]>> {
  return providerContext().list(LIST, slug, async (c) => {
    const projects = await c.listOrganizationProjects(slug);
    return new Map(projects.map((p) => [p.ref, p.databases ?? []]));
  });
}

/**
 * The project's databases (primary first, as the service lists them), or
 * `undefined` when the project is gone. `fresh` drops the shared list first:
 * create and delete wait on changes this process just asked for.
 */
export async function projectDatabases(ref: string, fresh = false): Promise<ProjectDatabaseEntry[] | undefined> {
  const slug = await organizationOf(ref);
  if (!slug) return undefined;
  if (fresh) providerContext().invalidate(LIST, slug);
  const found = (await organizationDatabases(slug)).get(ref);
  if (found) return found;
  // Not in its organization's list: gone, or moved to another organization since this process learned it.
  slugs.delete(ref);
  const now = await organizationOf(ref);
  return now && now !== slug ? (await organizationDatabases(now)).get(ref) : undefined;
}

/** The project's read replicas, or `undefined` when the project is gone. */
export async function projectReplicas(ref: string, fresh = false): Promise<ProjectDatabaseEntry[] | undefined> {
  return (await projectDatabases(ref, fresh))?.filter((d) => d.type === "READ_REPLICA");
}

/** Drops the shared list of the project's organization (after a write through this process). */
export function invalidateDatabases(ref: string): void {
  const slug = slugs.get(ref);
  if (slug) providerContext().invalidate(LIST, slug);
}

/** The connection host of a replica: its pooler's (`GET …/config/database/pooler`, one entry per database). */
export async function replicaHost(ref: string, identifier: string): Promise<string | null> {
  const poolers = await managementClient().getPoolerConnections(ref);
  return poolers.find((p) => p.identifier === identifier)?.db_host ?? null;
}

/**
 * Runs `fn` alone among this process's set-ups of the project's replicas:
 * from the list taken before the set-up to the new identifier found after it,
 * so two replicas set up at once (in one region or not) are never mistaken
 * for each other.
 */
const locks = new Map<string, Promise<unknown>>();
export function oneSetupAtATime<T>(ref: string, fn: () => Promise<T>): Promise<T> {
  const prev = locks.get(ref) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => undefined);
  locks.set(ref, tail);
  void tail.then(() => {
    if (locks.get(ref) === tail) locks.delete(ref);
  });
  return run;
}
