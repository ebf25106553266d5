/**
 * Postgres version upgrades: `GET …/upgrade/eligibility` (the majors the
 * project can be upgraded to, from the table in settings/postgres.ts),
 * `POST …/upgrade` (201 `{tracking_id}`; the project reads UPGRADING while the
 * upgrade passes the document's progress steps over `provisioningDelayMs` on
 * the emulator clock, then runs the target version, or keeps its version when
 * the control plane's switch makes it fail) and `GET …/upgrade/status` (the
 * latest upgrade, or the one `tracking_id` names; `null` before any).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { requireHealthy, requireLiveProject } from "../settings/store";
import {
  APP_PREFIX,
  APP_VERSIONS,
  appVersion,
  eligibleTargets,
  startUpgrade,
  UpgradeMessages,
  upgradeStatusView,
  UPGRADE_TARGETS,
} from "../settings/postgres";

const CHANNELS = ["internal", "alpha", "beta", "ga", "withdrawn", "preview"] as const;
const Body = z.strictObject({ target_version: z.string().min(1), release_channel: z.enum(CHANNELS).optional() });
const StatusQuery = z.object({ tracking_id: z.string().optional() });

function eligibility(app: EmulatorContext, p: ProjectRecord) {
  const now = app.clock.now();
  const current = appVersion(p, now);
  const targets = eligibleTargets(p, now);
  // A paused project cannot be upgraded until it is restored.
  const validationErrors = app.status(p) === "INACTIVE" ? [{ type: "project_hibernating" }] : [];
  const latest = UPGRADE_TARGETS[UPGRADE_TARGETS.length - 1];
  return {
    eligible: targets.length > 0 && validationErrors.length === 0,
    current_app_version: `${APP_PREFIX}${current}`,
    current_app_version_release_channel: "ga",
    latest_app_version: `${APP_PREFIX}${APP_VERSIONS[latest]}`,
    target_upgrade_versions: targets.map((t) => ({
      postgres_version: t,
      release_channel: "ga",
      app_version: `${APP_PREFIX}${APP_VERSIONS[t]}`,
    })),
    duration_estimate_hours: 1,
    legacy_auth_custom_roles: [],
    objects_to_be_dropped: [],
    unsupported_extensions: [],
    user_defined_objects_in_internal_schemas: [],
    validation_errors: validationErrors,
    // pg_graphql 1.5 (on 17) changes what introspection shows.
    warnings: targets.includes("17") ? [{ type: "pg_graphql_introspection_change" }] : [],
  };
}

export const upgradeRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/upgrade/eligibility",
    handler: ({ app, params }) => ({ status: 200, body: eligibility(app, requireLiveProject(app, params.ref)) }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/upgrade",
    body: Body,
    handler: ({ app, params, body }) => {
      const p = requireLiveProject(app, params.ref);
      requireHealthy(app, p, "upgrade");
      const eligible = eligibleTargets(p, app.clock.now());
      if (!eligible.includes(body.target_version))
        throw new ApiError(400, UpgradeMessages.notEligible(body.target_version, eligible));
      const channel = body.release_channel ?? "ga";
      if (channel !== "ga") throw new ApiError(400, UpgradeMessages.badChannel(channel));
      const u = startUpgrade(p, app.clock.now(), {
        trackingId: randomUUID(),
        targetMajor: body.target_version,
        releaseChannel: channel,
        durationMs: app.settings.provisioningDelayMs,
      });
      app.store.commit();
      return { status: 201, body: { tracking_id: u.trackingId } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/upgrade/status",
    query: StatusQuery,
    handler: ({ app, params, query }) => {
      const u = requireLiveProject(app, params.ref).postgres?.upgrade;
      if (query.tracking_id !== undefined && u?.trackingId !== query.tracking_id)
        throw new ApiError(404, UpgradeMessages.notFound);
      const view = u ? upgradeStatusView(u, app.clock.now(), (ms) => app.clock.iso(ms)) : null;
      return { status: 200, body: { databaseUpgradeStatus: view } };
    },
  }),
];
