/**
 * `GET /v1/projects/{ref}/storage/buckets`: the project's buckets as the
 * management API lists them (`V1StorageBucketResponse`), read from the same
 * state the project's Storage API writes (`storage/route.ts`).
 */
import { defineRoute, type RouteDef } from "../pipeline/router";
import { bucketsOf, managementBucketView } from "../settings/buckets";
import { requireLiveProject } from "../settings/store";

export const storageRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/storage/buckets",
    handler: ({ app, params }) => {
      const project = requireLiveProject(app, params.ref);
      return { status: 200, body: bucketsOf(app, project).map((b) => managementBucketView(app, b)) };
    },
  }),
];
