/**
 * Backups: the list (`GET …/database/backups`), the daily backup's schedule
 * (`GET`/`PATCH …/database/backups/schedule`), restore points (`POST`/`GET
 * …/database/backups/restore-point`) and undo to one (`POST
 * …/database/backups/undo`). A restore point is a real copy of the project's
 * database, taken when it is created (DatabaseManager.saveRestorePoint:
 * the data directory's dump embedded, a TEMPLATE copy on a server); undo
 * puts the database back to it, so everything written since is gone. The
 * list of points is kept on the project's record; their copies live beside
 * its database and go with it.
 *
 * The list is read from the project's state on the emulator clock, like its
 * status: one physical (WAL-G) backup a day at the scheduled time since the
 * project came up, the last seven days of them (a paid plan's retention), the
 * schedule in force on each day; each restore point; and with the PITR add-on,
 * the window it can restore to (`physical_backup_data`), from when PITR was
 * selected or the add-on's days back, whichever is later, up to now.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord, ProjectSettingsRecord, RestorePointRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings, requireHealthy } from "../settings/store";

/** A new project's daily backup runs at midnight UTC until told otherwise. */
const DEFAULT_SCHEDULE = "00:00:00";
/** At most this many restore points a project, so copies of its database cannot grow without bound. */
const MAX_RESTORE_POINTS = 10;

const Schedule = z.strictObject({ schedule_for: z.string() });
const PointBody = z.strictObject({ name: z.string().min(1).max(20) });
const PointQuery = z.object({ name: z.string().max(20).optional() });

const iso = (ms: number) => new Date(ms).toISOString();

const DAY_MS = 24 * 3600 * 1000;
/** Daily backups are kept this long (a paid plan's seven days). */
const RETENTION_MS = 7 * DAY_MS;
/** Days of history of each PITR variant. */
const PITR_DAYS: Record<string, number> = { pitr_7: 7, pitr_14: 14, pitr_28: 28 };
/** A restore point's status as a backup's (`V1BackupsResponse.backups[].status`). */
const POINT_STATUS = { AVAILABLE: "COMPLETED", PENDING: "PENDING", REMOVED: "REMOVED", FAILED: "FAILED" } as const;

/** Milliseconds into the UTC day of an `HH:MM:SS` time. */
function timeOfDayMs(hhmmss: string): number {
  const [h, m, s] = hhmmss.split(":").map(Number);
  return ((h * 60 + m) * 60 + s) * 1000;
}

/** The schedules in force since the project was created, each with its span, oldest first. */
function scheduleSpans(project: ProjectRecord, settings: ProjectSettingsRecord) {
  const s = settings.backupSchedule;
  if (!s) return [{ scheduleFor: DEFAULT_SCHEDULE, fromMs: project.createdAtMs, untilMs: Infinity }];
  // A state file from before `earlier` was kept: the default schedule until the last change.
  const earlier = s.earlier ?? [{ scheduleFor: DEFAULT_SCHEDULE, untilMs: s.updatedAtMs }];
  let fromMs = project.createdAtMs;
  const spans = earlier.map((e) => {
    const span = { scheduleFor: e.scheduleFor, fromMs, untilMs: e.untilMs };
    fromMs = e.untilMs;
    return span;
  });
  return [...spans, { scheduleFor: s.scheduleFor, fromMs, untilMs: Infinity }];
}

/** The daily backups still kept at `now`: one at the scheduled time of each day since the project came up. */
function dailyBackupTimes(project: ProjectRecord, settings: ProjectSettingsRecord, now: number): number[] {
  const since = Math.max(project.readyAtMs, now - RETENTION_MS);
  const times: number[] = [];
  for (const span of scheduleSpans(project, settings)) {
    const offset = timeOfDayMs(span.scheduleFor);
    const first = Math.floor(Math.max(span.fromMs, since) / DAY_MS);
    const last = Math.floor(Math.min(span.untilMs, now) / DAY_MS);
    for (let day = first; day <= last; day++) {
      const t = day * DAY_MS + offset;
      if (t >= span.fromMs && t < span.untilMs && t > since && t <= now) times.push(t);
    }
  }
  return times.sort((a, b) => a - b);
}

/** `V1BackupsResponse`: the project's backups as the emulator clock has them now. */
function backupsView(app: EmulatorContext, project: ProjectRecord, settings: ProjectSettingsRecord) {
  const now = app.clock.now();
  const daily = dailyBackupTimes(project, settings, now).map((t) => ({
    id: Math.floor(t / 1000),
    is_physical_backup: true,
    status: "COMPLETED" as string,
    inserted_at: iso(t),
  }));
  const points = (settings.restorePoints ?? []).map((p) => ({
    // Milliseconds: never one of the daily backups' (whole seconds of the scheduled time).
    id: p.createdAtMs,
    is_physical_backup: true,
    status: POINT_STATUS[p.status] as string,
    inserted_at: iso(p.createdAtMs),
  }));
  const pitrDays = PITR_DAYS[settings.addons?.pitr ?? ""];
  const since = settings.pitrSinceMs ?? project.readyAtMs;
  return {
    region: project.region,
    walg_enabled: true,
    pitr_enabled: pitrDays !== undefined,
    backups: [...daily, ...points].sort((a, b) => a.inserted_at.localeCompare(b.inserted_at) || a.id - b.id),
    physical_backup_data:
      pitrDays === undefined
        ? {}
        : {
            earliest_physical_backup_date_unix: Math.floor(Math.max(since, now - pitrDays * DAY_MS) / 1000),
            latest_physical_backup_date_unix: Math.floor(now / 1000),
          },
  };
}

const pointView = (p: RestorePointRecord) => ({
  name: p.name,
  status: p.status,
  completed_on: p.status === "AVAILABLE" ? iso(p.completedAtMs) : null,
});

export const backupRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/database/backups",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      return { status: 200, body: backupsView(app, project, settings) };
    },
  }),
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
      const now = app.clock.now();
      const before = settings.backupSchedule;
      // What the days already behind used stays known while their backups are kept.
      const earlier = (
        before
          ? [
              ...(before.earlier ?? [{ scheduleFor: DEFAULT_SCHEDULE, untilMs: before.updatedAtMs }]),
              { scheduleFor: before.scheduleFor, untilMs: now },
            ]
          : [{ scheduleFor: DEFAULT_SCHEDULE, untilMs: now }]
      ).filter((e) => e.untilMs > now - RETENTION_MS - DAY_MS);
      settings.backupSchedule = { scheduleFor: body.schedule_for, updatedAtMs: now, earlier };
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
      requireHealthy(app, project, "create a restore point");
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
      requireHealthy(app, project, "undo to a restore point");
      await app.db.undoToRestorePoint(project.ref, point.name);
      return { status: 201 };
    },
  }),
];
