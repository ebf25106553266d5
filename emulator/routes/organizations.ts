import { z } from "zod";
import { randomLetters } from "../store/ids";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { OrganizationRecord } from "../store/state";

/** `id` is the deprecated alias of `slug` on the real service. */
export function organizationView(o: OrganizationRecord) {
  return { id: o.slug, slug: o.slug, name: o.name };
}

const CreateOrganization = z.strictObject({ name: z.string().min(1).max(256) });

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
];
