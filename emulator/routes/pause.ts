/**
 * Pausing and restoring a project: `POST …/pause` (the project reads PAUSING,
 * then INACTIVE once `provisioningDelayMs` has passed on the emulator clock),
 * `GET …/restore` (the versions a paused project can be restored to: the
 * image it runs) and `POST …/restore` (RESTORING, then ACTIVE_HEALTHY after
 * as long again). The database and every setting are kept while paused. The
 * state lives on the project's record, so a paused project stays paused across
 * a restart with a data directory.
 */
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { ProjectRecord } from "../store/records";
import { requireLiveProject } from "../settings/store";
import { appVersion } from "../settings/postgres";

export const PauseMessages = {
  notReady: (status: string) => `Project is not ready to be paused: its status is ${status}.`,
  notPaused: (status: string) => `Project is not paused: its status is ${status}.`,
} as const;

function move(app: EmulatorContext, p: ProjectRecord, paused: boolean): void {
  p.pause = { paused, sinceMs: app.clock.now(), delayMs: app.settings.provisioningDelayMs };
  app.store.commit();
}

export const pauseRoutes: RouteDef[] = [
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/pause",
    handler: ({ app, params }) => {
      const p = requireLiveProject(app, params.ref);
      const status = app.status(p);
      // Pausing again while pausing or paused changes nothing.
      if (status === "PAUSING" || status === "INACTIVE") return { status: 200 };
      if (status !== "ACTIVE_HEALTHY") throw new ApiError(400, PauseMessages.notReady(status));
      move(app, p, true);
      return { status: 200 };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/restore",
    handler: ({ app, params }) => {
      const p = requireLiveProject(app, params.ref);
      const status = app.status(p);
      if (status !== "INACTIVE") return { status: 200, body: { available_versions: [] } };
      // The image it runs, under the service's name for it.
      const version = appVersion(p, app.clock.now());
      const engine = version.split(".")[0];
      return {
        status: 200,
        body: {
          available_versions: [
            { version: `supabase-postgres-${version}`, release_channel: "ga", postgres_engine: engine },
          ],
        },
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/restore",
    handler: ({ app, params }) => {
      const p = requireLiveProject(app, params.ref);
      const status = app.status(p);
      if (status === "RESTORING") return { status: 200 };
      if (status !== "INACTIVE") throw new ApiError(400, PauseMessages.notPaused(status));
      move(app, p, false);
      return { status: 200 };
    },
  }),
];
