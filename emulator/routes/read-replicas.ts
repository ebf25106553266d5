/**
 * Read replicas [Beta in the service's document]: `POST …/read-replicas/setup`
 * (`{ read_replica_region }`, one of the document's regions) and `POST
 * …/read-replicas/remove` (`{ database_identifier }`), both answering 201 with
 * no body. Setup needs the project's database serving (`requireHealthy`); the
 * new replica moves COMING_UP → INIT_READ_REPLICA → ACTIVE_HEALTHY over
 * `provisioningDelayMs` on the emulator clock, and a removed one reads
 * GOING_DOWN for `deletionDelayMs`, then is no longer listed. Removing one
 * that is going down changes nothing; an identifier that names no replica of
 * the project answers 404, the primary's 400. The replicas are listed with
 * the project's databases (`GET /v1/organizations/{slug}/projects`) and as
 * poolers (`GET …/config/database/pooler`).
 */
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { RemoveReadReplicaBody, SetUpReadReplicaBody } from "../generated/config-schemas";
import { projectSettings, requireHealthy } from "../settings/store";
import { liveReplicas, newReplicaIdentifier, pruneReplicas } from "../settings/read-replicas";

export const ReadReplicaMessages = {
  notFound: (id: string) => `Read replica ${id} not found.`,
  primary: "The primary database cannot be removed as a read replica.",
} as const;

export const readReplicaRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/read-replicas/setup",
    body: SetUpReadReplicaBody,
    handler: ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      requireHealthy(app, project, "set up a read replica");
      pruneReplicas(app, project);
      const now = app.clock.now();
      const region = body.read_replica_region;
      (settings.readReplicas ??= []).push({
        identifier: newReplicaIdentifier(project.ref, region),
        region,
        createdAtMs: now,
        readyAtMs: now + app.settings.provisioningDelayMs,
      });
      app.store.commit();
      return { status: 201 };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/read-replicas/remove",
    body: RemoveReadReplicaBody,
    handler: ({ app, params, body }) => {
      const { project } = projectSettings(app, params.ref);
      const id = body.database_identifier;
      if (id === project.ref) throw new ApiError(400, ReadReplicaMessages.primary);
      const replica = liveReplicas(app, project).find((r) => r.identifier === id);
      if (!replica) throw new ApiError(404, ReadReplicaMessages.notFound(id));
      if (replica.removedAtMs === undefined) {
        const now = app.clock.now();
        replica.removedAtMs = now;
        replica.goneAtMs = now + app.settings.deletionDelayMs;
        pruneReplicas(app, project);
        app.store.commit();
      }
      return { status: 201 };
    },
  }),
];
