/**
 * A project's Postgres version and its upgrades, as the service names them:
 * the image ("app") version a project runs (`15.8.1.085`, shown with the
 * `supabase-postgres-` prefix by the upgrade routes), its major
 * (`database.postgres_engine`), the majors it can be upgraded to, and an
 * upgrade's progress through the document's steps on the emulator clock.
 *
 * Like provisioning, an upgrade is stored as a start time and a duration and
 * evaluated when read (no timers): the project reads `UPGRADING` until the
 * upgrade completes (then it runs the target version) or fails at the step
 * its error names (then it keeps the version it had, as the service rolls a
 * failed upgrade back onto the original instance). It lives on the project's
 * record, so it survives a restart with a data directory.
 */
import type { PostgresRecord, ProjectRecord, UpgradeRecord } from "../store/records";

/** The image each major runs on the platform now. */
export const APP_VERSIONS: Readonly<Record<string, string>> = Object.freeze({
  "13": "13.3.0.57",
  "14": "14.1.0.106",
  "15": "15.8.1.085",
  "17": "17.4.1.054",
});
/** What a new project runs (the platform's default). */
export const DEFAULT_MAJOR = "17";
/** The majors the platform upgrades to (13 and 14 are only upgraded from). */
export const UPGRADE_TARGETS = ["15", "17"] as const;
export const APP_PREFIX = "supabase-postgres-";

/** The document's progress steps, in order; the upgrade passes one per tenth of its duration. */
export const UPGRADE_PROGRESS = [
  "0_requested",
  "1_started",
  "2_launched_upgraded_instance",
  "3_detached_volume_from_upgraded_instance",
  "4_attached_volume_to_original_instance",
  "5_initiated_data_upgrade",
  "6_completed_data_upgrade",
  "7_detached_volume_from_original_instance",
  "8_attached_volume_to_upgraded_instance",
  "9_completed_upgrade",
  "10_completed_post_physical_backup",
] as const;

/** The document's errors; error `n_…` is the failure to reach progress step n + 1. */
export const UPGRADE_ERRORS = [
  "1_upgraded_instance_launch_failed",
  "2_volume_detachchment_from_upgraded_instance_failed",
  "3_volume_attachment_to_original_instance_failed",
  "4_data_upgrade_initiation_failed",
  "5_data_upgrade_completion_failed",
  "6_volume_detachchment_from_original_instance_failed",
  "7_volume_attachment_to_upgraded_instance_failed",
  "8_upgrade_completion_failed",
  "9_post_physical_backup_failed",
] as const;

/** The status numbers of `databaseUpgradeStatus.status` (the service's dashboard reads them so). */
export const UpgradeStatus = { UPGRADING: 0, UPGRADED: 1, FAILED: 2 } as const;

export const UpgradeMessages = {
  notEligible: (target: string, eligible: readonly string[]) =>
    eligible.length
      ? `Postgres version ${target} is not an eligible upgrade target for this project; eligible: ${eligible.join(", ")}.`
      : `Postgres version ${target} is not an eligible upgrade target for this project; it has no eligible upgrade target.`,
  badChannel: (channel: string) => `Release channel ${channel} is not available for this upgrade; use ga.`,
  notFound: "Upgrade not found",
} as const;

const STEPS = UPGRADE_PROGRESS.length - 1;

const majorOf = (version: string) => version.split(".")[0]!;

/** The step an upgrade fails to reach (its error's number + 1), or past the last when it does not fail. */
function failingStep(u: UpgradeRecord): number {
  return u.error ? Number(u.error.split("_")[0]) + 1 : STEPS + 1;
}

/** When the upgrade ends: completed, or failed at its error's step. */
export function upgradeEndMs(u: UpgradeRecord): number {
  return u.initiatedAtMs + (u.durationMs * Math.min(failingStep(u), STEPS)) / STEPS;
}

/** Whether the project is upgrading at `nowMs` (it reads UPGRADING). */
export function upgrading(p: ProjectRecord, nowMs: number): boolean {
  const u = p.postgres?.upgrade;
  return u !== undefined && nowMs < upgradeEndMs(u);
}

/** The app version the project runs at `nowMs`: the target once an upgrade has completed. */
export function appVersion(p: ProjectRecord, nowMs: number): string {
  const pg = p.postgres;
  const u = pg?.upgrade;
  if (u && !u.error && nowMs >= upgradeEndMs(u)) return u.targetVersion;
  return pg?.version ?? APP_VERSIONS[DEFAULT_MAJOR]!;
}

export const postgresMajor = (p: ProjectRecord, nowMs: number) => majorOf(appVersion(p, nowMs));

/** The majors the project can be upgraded to now (higher than the one it runs). */
export function eligibleTargets(p: ProjectRecord, nowMs: number): string[] {
  const major = Number(postgresMajor(p, nowMs));
  return UPGRADE_TARGETS.filter((t) => Number(t) > major);
}

/** The record a new upgrade starts from: the version it runs now, and the switch of the control plane. */
export function startUpgrade(
  p: ProjectRecord,
  nowMs: number,
  fields: Pick<UpgradeRecord, "trackingId" | "targetMajor" | "releaseChannel" | "durationMs">,
): UpgradeRecord {
  const pg: PostgresRecord = { ...p.postgres, version: appVersion(p, nowMs) };
  const upgrade: UpgradeRecord = {
    ...fields,
    targetVersion: APP_VERSIONS[fields.targetMajor]!,
    initiatedAtMs: nowMs,
    ...(pg.failNextUpgrade ? { error: pg.failNextUpgrade } : {}),
  };
  delete pg.failNextUpgrade;
  p.postgres = { ...pg, upgrade };
  return upgrade;
}

/** `databaseUpgradeStatus` of the document for an upgrade at `nowMs`. */
export function upgradeStatusView(u: UpgradeRecord, nowMs: number, iso: (ms: number) => string) {
  const elapsed = Math.max(0, nowMs - u.initiatedAtMs);
  const reached = u.durationMs === 0 ? STEPS : Math.floor((elapsed / u.durationMs) * STEPS);
  const failAt = failingStep(u);
  const failed = u.error !== undefined && reached >= failAt;
  const step = Math.min(reached, failAt - 1, STEPS);
  const done = !u.error && step === STEPS;
  const stepAtMs = (s: number) => u.initiatedAtMs + (u.durationMs * s) / STEPS;
  return {
    initiated_at: iso(u.initiatedAtMs),
    latest_status_at: iso(failed ? upgradeEndMs(u) : stepAtMs(step)),
    target_version: Number(u.targetMajor),
    progress: UPGRADE_PROGRESS[step],
    ...(failed ? { error: u.error } : {}),
    status: failed ? UpgradeStatus.FAILED : done ? UpgradeStatus.UPGRADED : UpgradeStatus.UPGRADING,
  };
}

/** The version a project is set to through the control plane: a major (its current image) or an image version. */
export function appVersionFor(version: string): string | undefined {
  if (APP_VERSIONS[version]) return APP_VERSIONS[version];
  const v = version.startsWith(APP_PREFIX) ? version.slice(APP_PREFIX.length) : version;
  return /^\d+\.\d+\.\d+\.\d+$/.test(v) && APP_VERSIONS[majorOf(v)] ? v : undefined;
}
