/**
 * Network restrictions. An apply replaces the
 * whole config; a change reads `stored` (with the config in force as
 * `old_config`) until `restrictionsApplyDelayMs` later, then `applied`. The
 * deadline is kept on the record and read lazily from the emulator clock.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { isCidr } from "../settings/net";
import { projectSettings, type CidrConfig, type NetworkRestrictionsRecord } from "../settings/store";

const ApplyRestrictions = z.strictObject({
  dbAllowedCidrs: z.array(z.string()).optional(),
  dbAllowedCidrsV6: z.array(z.string()).optional(),
});

export const invalidCidrMessage = (field: "dbAllowedCidrs" | "dbAllowedCidrsV6", entry: string) =>
  `Invalid ${field === "dbAllowedCidrs" ? "IPv4" : "IPv6"} CIDR in ${field}: "${entry}"`;

function checkCidrs(config: CidrConfig): void {
  const problems = [
    ...config.dbAllowedCidrs.filter((c) => !isCidr(c, 4)).map((c) => invalidCidrMessage("dbAllowedCidrs", c)),
    ...config.dbAllowedCidrsV6.filter((c) => !isCidr(c, 6)).map((c) => invalidCidrMessage("dbAllowedCidrsV6", c)),
  ];
  if (problems.length > 0) throw new ApiError(400, problems.join(", "));
}

/** Order, duplicates and letter case do not make a different config. */
function sameConfig(a: CidrConfig, b: CidrConfig): boolean {
  const norm = (list: string[]) => [...new Set(list.map((c) => c.toLowerCase()))].sort().join(",");
  return norm(a.dbAllowedCidrs) === norm(b.dbAllowedCidrs) && norm(a.dbAllowedCidrsV6) === norm(b.dbAllowedCidrsV6);
}

const copy = (c: CidrConfig): CidrConfig => ({
  dbAllowedCidrs: [...c.dbAllowedCidrs],
  dbAllowedCidrsV6: [...c.dbAllowedCidrsV6],
});

/** Promotes a pending config whose deadline has passed, so later changes start from what is in force. */
function settle(r: NetworkRestrictionsRecord, nowMs: number): void {
  if (!r.pending || nowMs < r.pending.appliesAtMs) return;
  r.config = r.pending.config;
  r.updatedAtMs = r.pending.updatedAtMs;
  r.appliedAtMs = r.pending.appliesAtMs;
  delete r.pending;
}

export function restrictionsView(app: EmulatorContext, r: NetworkRestrictionsRecord) {
  const now = app.clock.now();
  const stamp = (key: "updated_at" | "applied_at", ms: number | undefined) =>
    ms === undefined ? {} : { [key]: app.clock.iso(ms) };
  if (r.pending && now < r.pending.appliesAtMs) {
    return {
      entitlement: "allowed",
      config: copy(r.pending.config),
      old_config: copy(r.config),
      status: "stored",
      ...stamp("updated_at", r.pending.updatedAtMs),
    };
  }
  // A pending config past its deadline reads as applied even before settle() writes it down.
  const applied = r.pending ?? { config: r.config, updatedAtMs: r.updatedAtMs, appliesAtMs: r.appliedAtMs };
  return {
    entitlement: "allowed",
    config: copy(applied.config),
    status: "applied",
    ...stamp("updated_at", applied.updatedAtMs),
    ...stamp("applied_at", applied.appliesAtMs),
  };
}

export const networkRestrictionRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/network-restrictions",
    handler: ({ app, params }) => ({
      status: 200,
      body: restrictionsView(app, projectSettings(app, params.ref).settings.restrictions),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/network-restrictions/apply",
    body: ApplyRestrictions,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const requested: CidrConfig = {
        dbAllowedCidrs: body.dbAllowedCidrs ?? [],
        dbAllowedCidrsV6: body.dbAllowedCidrsV6 ?? [],
      };
      checkCidrs(requested);
      const r = settings.restrictions;
      const now = app.clock.now();
      settle(r, now);
      if (sameConfig(requested, r.config)) {
        // Nothing to change in force: applied at once (and a pending change, if any, is withdrawn).
        delete r.pending;
      } else if (!r.pending || !sameConfig(requested, r.pending.config)) {
        // Repeating the pending request keeps its deadline; anything else restarts it.
        r.pending = { config: requested, updatedAtMs: now, appliesAtMs: now + app.settings.restrictionsApplyDelayMs };
      }
      app.store.commit();
      return { status: 201, body: restrictionsView(app, r) };
    },
  }),
];
