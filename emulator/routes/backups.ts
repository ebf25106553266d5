/**
 * Backups: the daily backup's schedule (`GET`/`PATCH
 * …/database/backups/schedule`), restore points (`POST`/`GET
 * …/database/backups/restore-point`) and undo to one (`POST
 * …/database/backups/undo`). A restore point is a real copy of the project's
 * database, taken when it is created (DatabaseManager.saveRestorePoint:
 * the data directory's dump embedded, a TEMPLATE copy on a server); undo
 * puts the database back to it, so everything written since is gone. The
 * list of points is kept on the project's record; their copies live beside
 * its database and go with it.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord, RestorePointRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";

/** A new project's daily backup runs at midnight UTC until told otherwise. */
const DEFAULT_SCHEDULE = "00:00:00";
/** At most this many restore points a project, so copies of its database cannot grow without bound. */
const MAX_RESTORE_POINTS = 10;

const Schedule = z.strictObject({ schedule_for: z.string() });
const PointBody = z.strictObject({ name: z.string().min(1).max(20) });
const PointQuery = z.object({ name: z.string().max(20).optional() });

const iso = (ms: number) => new Date(ms).toISOString();

function requireHealthy(app: EmulatorContext, p: ProjectRecord): void {
  const status = app.status(p);
  if (status !== "ACTIVE_HEALTHY") throw new ApiError(400, `Project is not ready: its status is ${status}.`);
}

const pointView = (p: RestorePointRecord) => ({
  name: p.name,
  status: p.status,
  completed_on: p.status === "AVAILABLE" ? iso(p.completedAtMs) : null,
});

export const backupRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/database/backups/schedule",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const s = settings.backupSchedule ?? { scheduleFor: DEFAULT_SCHEDULE, updatedAtMs: project.createdAtMs };
      return { status: 200, body: { schedule_for: s.scheduleFor, updated_at: iso(s.updatedAtMs) } };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/database/backups/schedule",
    body: Schedule,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      if (!/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(body.schedule_for))
        throw new ApiError(400, "Invalid schedule_for format: expected HH:MM:SS (UTC)");
      settings.backupSchedule = { scheduleFor: body.schedule_for, updatedAtMs: app.clock.now() };
      app.store.commit();
      return {
        status: 200,
        body: { schedule_for: body.schedule_for, updated_at: iso(settings.backupSchedule.updatedAtMs) },
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/database/backups/restore-point",
    body: PointBody,
    handler: async ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      requireHealthy(app, project);
      const points = settings.restorePoints ?? [];
      if (points.some((p) => p.name === body.name && p.status !== "REMOVED"))
        throw new ApiError(400, `A restore point named ${body.name} already exists`);
      if (points.filter((p) => p.status !== "REMOVED").length >= MAX_RESTORE_POINTS)
        throw new ApiError(400, `A project keeps at most ${MAX_RESTORE_POINTS} restore points`);
      await app.db.saveRestorePoint(project.ref, body.name);
      const now = app.clock.now();
      const point: RestorePointRecord = { name: body.name, createdAtMs: now, completedAtMs: now, status: "AVAILABLE" };
      settings.restorePoints = [...points.filter((p) => p.name !== body.name), point];
      app.store.commit();
      return { status: 201, body: pointView(point) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/database/backups/restore-point",
    query: PointQuery,
    handler: ({ app, params, query }) => {
      const { settings } = projectSettings(app, params.ref);
      const points = settings.restorePoints ?? [];
      // Without a name: the newest point still there. A named one is answered even when expired (REMOVED).
      const point =
        query.name === undefined
          ? points.filter((p) => p.status !== "REMOVED").at(-1)
          : points.filter((p) => p.name === query.name).at(-1);
      if (!point)
        throw new ApiError(404, query.name === undefined ? "No restore points found" : "Restore point not found");
      return { status: 200, body: pointView(point) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/database/backups/undo",
    body: PointBody,
    handler: async ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const point = (settings.restorePoints ?? []).find((p) => p.name === body.name && p.status === "AVAILABLE");
      if (!point) throw new ApiError(404, "Restore point not found");
      requireHealthy(app, project);
      await app.db.undoToRestorePoint(project.ref, point.name);
      return { status: 201 };
    },
  }),
];
