/**
 * A project's databases: its primary and its read replicas (kept on the
 * project's settings, so they survive a restart with a data directory). The
 * service names each database by an identifier (the primary's is the project
 * ref, a replica's `<ref>-rr-<region>-<5 letters>`) and lists them with the
 * project in `GET /v1/organizations/{slug}/projects` (`databases`) and as
 * poolers in `GET …/config/database/pooler`. Both routes and the replica
 * routes read them from here.
 */
import type { EmulatorContext, ProjectStatus } from "../store/context";
import type { ProjectRecord, ReadReplicaRecord } from "../store/records";
import { randomLetters } from "../store/ids";
import { poolerEntry } from "./config-defaults";

/** The database statuses of the document (`databases[].status`). */
export type DatabaseStatus =
  | "ACTIVE_HEALTHY"
  | "ACTIVE_UNHEALTHY"
  | "COMING_UP"
  | "GOING_DOWN"
  | "INIT_FAILED"
  | "REMOVED"
  | "RESTORING"
  | "UNKNOWN"
  | "INIT_READ_REPLICA"
  | "INIT_READ_REPLICA_FAILED"
  | "RESTARTING"
  | "RESIZING";

const SAME: ReadonlySet<string> = new Set([
  "ACTIVE_HEALTHY",
  "ACTIVE_UNHEALTHY",
  "COMING_UP",
  "GOING_DOWN",
  "INIT_FAILED",
  "REMOVED",
  "RESTORING",
  "RESTARTING",
  "RESIZING",
]);

/** The primary database's status: the project's where the document's database enum has it, else UNKNOWN. */
export function primaryStatus(status: ProjectStatus): DatabaseStatus {
  return SAME.has(status) ? (status as DatabaseStatus) : "UNKNOWN";
}

/** A replica's status at `nowMs`: launching, then syncing from the primary, then serving; `undefined` once gone. */
export function replicaStatus(r: ReadReplicaRecord, nowMs: number): DatabaseStatus | undefined {
  if (r.goneAtMs !== undefined && nowMs >= r.goneAtMs) return undefined;
  if (r.removedAtMs !== undefined) return "GOING_DOWN";
  if (r.imposedStatus) return r.imposedStatus;
  if (r.restartingUntilMs !== undefined && nowMs < r.restartingUntilMs) return "RESTARTING";
  if (nowMs >= r.readyAtMs) return "ACTIVE_HEALTHY";
  const launched = r.createdAtMs + (r.readyAtMs - r.createdAtMs) / 2;
  return nowMs < launched ? "COMING_UP" : "INIT_READ_REPLICA";
}

/** The project's replicas still listed (GOING_DOWN included), oldest first. */
export function liveReplicas(app: EmulatorContext, p: ProjectRecord): ReadReplicaRecord[] {
  const now = app.clock.now();
  return (p.settings?.readReplicas ?? []).filter((r) => replicaStatus(r, now) !== undefined);
}

/** Drops the replicas whose removal has completed (called before a write commits). */
export function pruneReplicas(app: EmulatorContext, p: ProjectRecord): void {
  if (p.settings?.readReplicas) p.settings.readReplicas = liveReplicas(app, p);
}

export function newReplicaIdentifier(ref: string, region: string): string {
  return `${ref}-rr-${region}-${randomLetters(5)}`;
}

/** The project's databases as `GET /v1/organizations/{slug}/projects` lists them, the primary first. */
export function databasesView(app: EmulatorContext, p: ProjectRecord) {
  const now = app.clock.now();
  const primary = {
    identifier: p.ref,
    type: "PRIMARY",
    region: p.region,
    status: primaryStatus(app.status(p)),
    cloud_provider: "AWS",
    infra_compute_size: p.desiredInstanceSize ?? "micro",
  };
  const replicas = liveReplicas(app, p).map((r) => ({
    identifier: r.identifier,
    type: "READ_REPLICA",
    region: r.region,
    status: replicaStatus(r, now)!,
    cloud_provider: "AWS",
    infra_compute_size: p.desiredInstanceSize ?? "micro",
  }));
  return [primary, ...replicas];
}

/** A replica's pooler: the pooler of its region, its tenant named by the replica's identifier. */
export function replicaPoolerView(r: ReadReplicaRecord, settings: Record<string, unknown>) {
  return poolerEntry(r.identifier, r.region, "READ_REPLICA", settings);
}
