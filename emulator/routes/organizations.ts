import { z } from "zod";
import { randomLetters } from "../store/ids";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { OrganizationRecord } from "../store/state";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord } from "../store/records";
import { ApiError, Messages } from "../pipeline/errors";
import { databasesView } from "../settings/read-replicas";

/** `id` is the deprecated alias of `slug` on the real service. */
export function organizationView(o: OrganizationRecord) {
  return { id: o.slug, slug: o.slug, name: o.name };
}

const CreateOrganization = z.strictObject({ name: z.string().min(1).max(256) });

const ProjectsQuery = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().optional(),
  sort: z.enum(["name_asc", "name_desc", "created_asc", "created_desc"]).optional(),
  statuses: z.string().optional(),
});

const SORTS: Record<string, (a: ProjectRecord, b: ProjectRecord) => number> = {
  name_asc: (a, b) => a.name.localeCompare(b.name) || a.createdAtMs - b.createdAtMs,
  name_desc: (a, b) => b.name.localeCompare(a.name) || a.createdAtMs - b.createdAtMs,
  created_asc: (a, b) => a.createdAtMs - b.createdAtMs,
  created_desc: (a, b) => b.createdAtMs - a.createdAtMs,
};

/** One project of an organization's list, with its databases: the primary and its read replicas. */
function organizationProjectView(app: EmulatorContext, p: ProjectRecord) {
  return {
    ref: p.ref,
    name: p.name,
    cloud_provider: "AWS",
    region: p.region,
    is_branch: p.branchOf !== undefined,
    status: app.status(p),
    inserted_at: new Date(p.createdAtMs).toISOString(),
    databases: databasesView(app, p),
  };
}

export const organizationRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/organizations",
    handler: ({ app }) => ({ status: 200, body: app.store.data.organizations.map(organizationView) }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/organizations",
    body: CreateOrganization,
    handler: ({ app, body }) => {
      const org: OrganizationRecord = { slug: randomLetters(20), name: body.name, createdAtMs: app.clock.now() };
      app.store.data.organizations.push(org);
      app.store.commit();
      return { status: 201, body: organizationView(org) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/organizations/{slug}/projects",
    query: ProjectsQuery,
    handler: ({ app, params, query }) => {
      if (!app.store.data.organizations.some((o) => o.slug === params.slug))
        throw new ApiError(404, Messages.organizationNotFound);
      const statuses = query.statuses?.split(",").map((s) => s.trim().toUpperCase());
      const search = query.search?.toLowerCase();
      const all = app
        .projects()
        .filter((p) => p.organizationSlug === params.slug)
        .filter((p) => !search || p.name.toLowerCase().includes(search))
        .filter((p) => !statuses || statuses.includes(app.status(p)))
        .sort(SORTS[query.sort ?? "name_asc"]);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 100;
      return {
        status: 200,
        body: {
          projects: all.slice(offset, offset + limit).map((p) => organizationProjectView(app, p)),
          pagination: { count: all.length, limit, offset },
        },
      };
    },
  }),
];
