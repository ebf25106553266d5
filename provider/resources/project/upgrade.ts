/**
 * Project's `postgresVersion`: the major version a project runs (`"15"`,
 * `"17"`), upgraded in place by `up`, never downgraded.
 *
 * Users write the major, as the service's upgrade takes it (`target_version:
 * "17"`) and as they think of it; the exact image the service picks for that
 * major (`17.4.1.054`) changes with the platform's patch releases, so
 * declaring it would turn every patch release into drift. It is the
 * `databaseVersion` output instead.
 */
import { z } from "zod";
import { UPGRADE_STATUS, withUnknownOutcome, type Project, type UpgradeEligibility } from "../../client";
import { SupabaseError } from "../../errors";
import { invalidateProjects, managementClient, projectsList } from "../../context";
import { pollUntil } from "../../poll";
import { containsUnknown, type CheckFailure, type Props } from "../common";
import { warn } from "../warn";

export const postgresVersionInput = z
  .string({ error: 'postgresVersion must be a string naming a major version, such as "17"' })
  .regex(
    /^[1-9]\d*$/,
    'postgresVersion must be a major version such as "17" (the exact version the service runs is the databaseVersion output)',
  )
  .optional()
  .describe(
    'The PostgreSQL major version (`"15"`, `"17"`). Raising it upgrades the project in place (`POST …/upgrade`, then `GET …/upgrade/status` until done); the project is unavailable while it upgrades. Preview reads the eligible targets and warns; a target that is not eligible, or a lower version (a downgrade), is refused at check. Absent: the service\'s default at creation, and left alone after.',
  );

/** The major a project runs (`database.postgres_engine`, else the image version's first number). */
export function liveMajor(p: Project): string | null {
  const engine = p.database?.postgres_engine;
  if (typeof engine === "string" && /^\d+/.test(engine)) return engine.match(/^\d+/)![0];
  const version = p.database?.version;
  return typeof version === "string" && /^\d+/.test(version) ? version.match(/^\d+/)![0] : null;
}

const eligibleOf = (e: UpgradeEligibility) => e.target_upgrade_versions.map((t) => t.postgres_version);

const validationErrors = (e: UpgradeEligibility) =>
  (e.validation_errors ?? []).map((v) => (v as { type: string }).type);

function notEligible(ref: string, target: string, e: UpgradeEligibility): string {
  const eligible = eligibleOf(e);
  const why = validationErrors(e);
  return (
    `Postgres ${target} is not an eligible upgrade target for project ${ref} (it runs ${e.current_app_version}); ` +
    (eligible.length ? `eligible: ${eligible.join(", ")}.` : "it has no eligible target now.") +
    (why.length ? ` The service reports: ${why.join(", ")}.` : "")
  );
}

const notNow = (ref: string, target: string, e: UpgradeEligibility) =>
  `Project ${ref} cannot be upgraded to Postgres ${target} now: the service reports ${validationErrors(e).join(", ") || "it not eligible"}.`;

const downgrade = (target: string, from: string, ref?: string) =>
  `postgresVersion ${target} is lower than the ${from} the project${ref ? ` ${ref}` : ""} runs: a PostgreSQL major version cannot be downgraded. Declare "${from}" (or a higher, eligible major to upgrade), or replace the project.`;

/**
 * Check's part: a downgrade is refused, and when the declared major changes
 * the service's eligibility is read, to refuse a target that is not eligible
 * (naming the eligible ones) and to warn that `up` will upgrade.
 *
 * Check runs on every preview and `up`, and `diff` must stay pure, so the
 * service is read here only when the declared version differs from the one
 * the state recorded (`olds`, the last inputs `up` applied): an unchanged
 * program, and a no-op `up`, make no call at all. The recorded version is
 * what the project ran after that `up`, so a lower declared one is refused
 * without asking. The project is found by organization and name (check is not
 * given its ref): the one list call all project reads of the process share.
 */
export async function checkPostgresVersion(olds: Props, news: Props): Promise<CheckFailure[]> {
  const target = news.postgresVersion as string | undefined;
  // Unknown until apply (computed from another resource's output): nothing to compare yet.
  if (target === undefined || containsUnknown(target)) return [];
  const recorded = typeof olds.postgresVersion === "string" ? olds.postgresVersion : undefined;
  if (recorded !== undefined && Number(target) < Number(recorded))
    return [{ property: "postgresVersion", reason: downgrade(target, recorded) }];
  if (target === recorded || [news.name, news.organizationId].some(containsUnknown)) return [];
  const names = new Set([news.name, olds.name].filter((n) => typeof n === "string"));
  // Best effort: a failed read says nothing here, and `up` asks again before it writes.
  const found = (await projectsList().catch(() => [] as Project[])).find(
    (p) =>
      p.organization_id === news.organizationId &&
      names.has(p.name) &&
      p.status !== "GOING_DOWN" &&
      p.status !== "REMOVED",
  );
  // A project yet to be created: creation decides (the service's default, then an upgrade when lower).
  if (!found) return [];
  const ref = found.ref ?? found.id;
  const live = liveMajor(found);
  if (live === target) return [];
  if (live !== null && Number(target) < Number(live))
    return [{ property: "postgresVersion", reason: downgrade(target, live, ref) }];
  const e = await managementClient()
    .getUpgradeEligibility(ref)
    .catch(() => undefined);
  if (!e) return [];
  const chosen = e.target_upgrade_versions.find((t) => t.postgres_version === target);
  if (!chosen) return [{ property: "postgresVersion", reason: notEligible(ref, target, e) }];
  const notes = (e.warnings ?? []).map((w) => (w as { type: string }).type);
  // Not eligible now (a paused project, an extension to drop first): a warning, as it may change before up
  // (this up may restore the project first); up asks again and refuses with the service's reasons.
  if (!e.eligible) warn(`supabase: ${notNow(ref, target, e)} Up will fail unless that is resolved first.`);
  warn(
    `supabase: up will upgrade project ${ref} from Postgres ${live ?? "?"} (${e.current_app_version}) to ${target} (${chosen.app_version}); ` +
      `the project is unavailable while it upgrades. Eligible targets: ${eligibleOf(e).join(", ")}.` +
      (notes.length ? ` The service warns: ${notes.join(", ")}.` : ""),
  );
  return [];
}

/** Follows an upgrade until it is done; a failed one throws with the service's status text. */
async function followUpgrade(ref: string, trackingId: string | undefined, from: string, timeoutS: number) {
  const client = managementClient();
  await pollUntil(
    async () => {
      const s = await client.getUpgradeStatus(ref, trackingId);
      if (!s || s.status === UPGRADE_STATUS.UPGRADED) return true;
      if (s.status === UPGRADE_STATUS.FAILED)
        throw new SupabaseError(
          "UPGRADE_FAILED",
          `The upgrade of project ${ref} to Postgres ${s.target_version} failed: ${s.error ?? "failed"} (last step ${s.progress ?? "unknown"}, ${s.latest_status_at}). The project keeps Postgres ${from}.`,
        );
      return undefined;
    },
    {
      timeoutMs: timeoutS * 1000,
      minDelayMs: 500,
      maxDelayMs: 30_000,
      what: `the Postgres upgrade of project ${ref} to finish (it goes on; the next up follows it)`,
    },
  );
}

/**
 * Brings the project to the declared major: nothing when it runs it, refused
 * for a lower one, else eligibility, one `POST …/upgrade` and its status until
 * done. An upgrade already running (an earlier `up` that stopped waiting, or
 * one started out of band) is followed first instead of started again. On
 * failure or timeout the caller's state keeps the version it had.
 */
export async function upgradeTo(ref: string, target: string, timeoutS: number): Promise<void> {
  const client = managementClient();
  let p = await client.getProject(ref);
  if (p.status === "UPGRADING") {
    await followUpgrade(ref, undefined, liveMajor(p) ?? "?", timeoutS);
    p = await client.getProject(ref);
  }
  const live = liveMajor(p);
  if (live === target) return;
  if (live !== null && Number(target) < Number(live)) throw new SupabaseError("CONFLICT", downgrade(target, live, ref));
  const e = await client.getUpgradeEligibility(ref);
  const chosen = e.target_upgrade_versions.find((t) => t.postgres_version === target);
  if (!chosen) throw new SupabaseError("CONFLICT", notEligible(ref, target, e));
  if (!e.eligible) throw new SupabaseError("CONFLICT", notNow(ref, target, e));
  // Allow for clock skew between this machine and the service when telling this upgrade from an older one.
  const notBefore = Date.now() - 120_000;
  const { trackingId } = await withUnknownOutcome<{ trackingId?: string }>(
    () => client.upgradePostgres(ref, target, chosen.release_channel),
    async () => {
      const s = await client.getUpgradeStatus(ref);
      const ours = s && s.target_version === Number(target) && Date.parse(s.initiated_at) >= notBefore;
      return ours ? { trackingId: undefined } : undefined;
    },
  );
  // The project list all reads share showed the old version.
  invalidateProjects();
  await followUpgrade(ref, trackingId, live ?? "?", timeoutS);
}
