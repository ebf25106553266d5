/**
 * The database disk: `GET`/`POST …/config/disk` (type, size, IOPS,
 * throughput), `GET …/config/disk/util` (the file system's size and use; the
 * used bytes are the project database's real size) and `GET
 * …/config/disk/autoscale` (the service's autoscaling settings). A
 * modification is refused when it breaks the type's rules, shrinks the disk,
 * or comes a fifth time inside a rolling day (settings/disk.ts); accepted, it
 * takes effect at once and the project reads RESIZING for `restartDelayMs` on
 * the emulator clock.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { DiskRecord, ProjectRecord, ProjectSettingsRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";
import { DiskMessages, diskRuleViolation, NEW_DISK, nextModificationAllowedMs } from "../settings/disk";

const positive = z.number().int().positive();
const Body = z.strictObject({
  attributes: z.discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("gp3"),
      size_gb: positive,
      iops: positive,
      throughput_mibps: positive.optional(),
    }),
    z.strictObject({ type: z.literal("io2"), size_gb: positive, iops: positive }),
  ]),
});

const iso = (ms: number) => new Date(ms).toISOString();
const GIB = 1024 ** 3;

function diskOf(settings: ProjectSettingsRecord): DiskRecord {
  return settings.disk ?? { ...NEW_DISK, modifiedAtMs: [] };
}

function view(disk: DiskRecord, p: ProjectRecord) {
  const attributes =
    disk.type === "gp3"
      ? { type: "gp3", size_gb: disk.sizeGb, iops: disk.iops, throughput_mibps: disk.throughputMibps ?? 125 }
      : { type: "io2", size_gb: disk.sizeGb, iops: disk.iops };
  const last = disk.modifiedAtMs.at(-1);
  return { attributes, last_modified_at: iso(last ?? p.createdAtMs) };
}

function requireHealthy(app: EmulatorContext, p: ProjectRecord): void {
  const status = app.status(p);
  if (status !== "ACTIVE_HEALTHY")
    throw new ApiError(400, `Project is not ready to modify its disk: its status is ${status}.`);
}

export const diskRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/disk",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      return { status: 200, body: view(diskOf(settings), project) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/config/disk",
    body: Body,
    handler: ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const a = body.attributes;
      const broken = diskRuleViolation(a);
      if (broken) throw new ApiError(400, broken);
      const disk = diskOf(settings);
      if (a.size_gb < disk.sizeGb) throw new ApiError(400, DiskMessages.shrink(disk.sizeGb, a.size_gb));
      const throughput = a.type === "gp3" ? (a.throughput_mibps ?? 125) : undefined;
      if (
        a.type === disk.type &&
        a.size_gb === disk.sizeGb &&
        a.iops === disk.iops &&
        throughput === (disk.type === "gp3" ? (disk.throughputMibps ?? 125) : undefined)
      )
        throw new ApiError(400, DiskMessages.unchanged);
      requireHealthy(app, project);
      const now = app.clock.now();
      const next = nextModificationAllowedMs(disk.modifiedAtMs, now);
      if (next !== undefined) throw new ApiError(400, DiskMessages.tooSoon(iso(next)));
      settings.disk = {
        type: a.type,
        sizeGb: a.size_gb,
        iops: a.iops,
        ...(throughput === undefined ? {} : { throughputMibps: throughput }),
        // Only the last day's modifications matter.
        modifiedAtMs: [...disk.modifiedAtMs.filter((t) => t > now - 24 * 3600 * 1000), now],
      };
      project.resizingUntilMs = now + app.settings.restartDelayMs;
      app.store.commit();
      return { status: 201 };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/disk/util",
    handler: async ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const size = diskOf(settings).sizeGb * GIB;
      let used = 0;
      if (app.status(project) === "ACTIVE_HEALTHY" || app.status(project) === "RESIZING") {
        const db = await app.db.forProject(project.ref);
        const { rows } = await db.query<{ n: string }>("SELECT pg_database_size(current_database())::text AS n");
        used = Number(rows[0]?.n ?? 0);
      }
      return {
        status: 200,
        body: {
          timestamp: iso(app.clock.now()),
          metrics: { fs_size_bytes: size, fs_used_bytes: used, fs_avail_bytes: Math.max(0, size - used) },
        },
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/disk/autoscale",
    // The service's defaults: grow by half (at least 4 GB) when the disk nears full, up to the gp3 ceiling.
    handler: ({ app, params }) => {
      const { settings } = projectSettings(app, params.ref);
      const type = diskOf(settings).type;
      return {
        status: 200,
        body: { growth_percent: 50, min_increment_gb: 4, max_size_gb: type === "gp3" ? 16_384 : 61_440 },
      };
    },
  }),
];
