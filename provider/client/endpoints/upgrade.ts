/**
 * Postgres version upgrades [Beta in the service's API]: the majors a project
 * can be upgraded to, starting an upgrade, and its progress.
 */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

type WireEligibility = WireSchemas["ProjectUpgradeEligibilityResponse"];
/**
 * The eligibility answer, read without its deprecated fields (`objects_to_be_dropped`,
 * `unsupported_extensions`, `user_defined_objects_in_internal_schemas`; `validation_errors` replaces them).
 */
export type UpgradeEligibility = Open<
  Pick<
    WireEligibility,
    | "eligible"
    | "current_app_version"
    | "latest_app_version"
    | "target_upgrade_versions"
    | "validation_errors"
    | "warnings"
  >
>;
export type UpgradeTarget = WireEligibility["target_upgrade_versions"][number];
export type UpgradeStatus = NonNullable<WireSchemas["DatabaseUpgradeStatusResponse"]["databaseUpgradeStatus"]>;

/** `databaseUpgradeStatus.status`: 0 while it runs, 1 once upgraded, 2 when it failed. */
export const UPGRADE_STATUS = { UPGRADING: 0, UPGRADED: 1, FAILED: 2 } as const;

const typeOnly = z.looseObject({ type: z.string() });
const eligibilitySchema = z
  .looseObject({
    eligible: z.boolean(),
    current_app_version: z.string(),
    latest_app_version: z.string().optional(),
    target_upgrade_versions: z.array(
      z.looseObject({ postgres_version: z.string(), release_channel: z.string(), app_version: z.string() }),
    ),
    validation_errors: z.array(typeOnly).optional().default([]),
    warnings: z.array(typeOnly).optional().default([]),
  })
  .transform((e) => e as unknown as UpgradeEligibility);
const initiateSchema = z.looseObject({ tracking_id: z.string() });
const statusSchema = z
  .looseObject({
    databaseUpgradeStatus: z
      .looseObject({
        initiated_at: z.string(),
        latest_status_at: z.string(),
        target_version: z.number(),
        status: z.number(),
        progress: z.string().optional(),
        error: z.string().optional(),
      })
      .nullable(),
  })
  .transform((s) => (s.databaseUpgradeStatus ?? null) as UpgradeStatus | null);

export abstract class UpgradeEndpoints extends ManagementTransport {
  getUpgradeEligibility(ref: string): Promise<UpgradeEligibility> {
    return this.typed(eligibilitySchema, "GET", `/v1/projects/${enc(ref)}/upgrade/eligibility`);
  }

  /**
   * Starts an upgrade to a major (`"17"`). Not repeated blindly: a lost answer
   * is settled by the caller from the upgrade's status.
   */
  async upgradePostgres(ref: string, targetVersion: string, releaseChannel?: UpgradeTarget["release_channel"]) {
    const body: WireSchemas["UpgradeDatabaseBody"] = { target_version: targetVersion };
    if (releaseChannel !== undefined) body.release_channel = releaseChannel;
    const r = await this.typed(initiateSchema, "POST", `/v1/projects/${enc(ref)}/upgrade`, { body });
    return { trackingId: r.tracking_id };
  }

  /** The latest upgrade (or the one `trackingId` names); `null` when the project was never upgraded. */
  getUpgradeStatus(ref: string, trackingId?: string): Promise<UpgradeStatus | null> {
    return this.typed(statusSchema, "GET", `/v1/projects/${enc(ref)}/upgrade/status`, {
      ...(trackingId ? { query: { tracking_id: trackingId } } : {}),
    });
  }
}
