/**
 * Custom hostname: one hostname per project,
 * stepping 2_initiated → 3_challenge_verified → 4_origin_setup_completed →
 * 5_services_reconfigured, with the service's 400 texts for every wrong step.
 *
 * DNS is simulated: the records count as published once the control endpoint
 * says so or `hostnameAutoVerifyMs` after initialize (a deadline fixed at
 * initialize, read lazily from the clock). While at step 2 a verified
 * configuration reads as 3_challenge_verified; `reverify` then moves it to 4.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { ProjectRecord } from "../store/state";
import { projectSettings, type CustomHostnameRecord } from "../settings/store";

export type HostnameStatus =
  "1_not_started" | "2_initiated" | "3_challenge_verified" | "4_origin_setup_completed" | "5_services_reconfigured";

export const HostnameMessages = {
  none: "No custom hostname configuration found.",
  notConfigured: "Custom hostname not configured for project",
  exists: "Delete the custom hostname associated with your project before attempting to create a new one.",
  notPending: "Project is not pending custom hostname verification.",
  notVerified: "Verification has not been completed.",
  verified: "Verification has been completed, please proceed to activation.",
  activated: "Custom hostname has already been activated.",
} as const;

const Initialize = z.strictObject({ custom_hostname: z.string().min(1).max(253) });
const DeleteQuery = z.object({ remove_addon: z.enum(["true", "false"]).optional() });

export function dnsVerified(h: CustomHostnameRecord, nowMs: number): boolean {
  return h.dnsVerifiedAtMs !== undefined || (h.autoVerifyAtMs !== null && nowMs >= h.autoVerifyAtMs);
}

export function hostnameStatus(h: CustomHostnameRecord, nowMs: number): HostnameStatus {
  return h.status === "2_initiated" && dnsVerified(h, nowMs) ? "3_challenge_verified" : h.status;
}

/** The documented answer, with `data` as the Cloudflare custom-hostname answer the real service wraps. */
export function hostnameView(app: EmulatorContext, p: ProjectRecord, h: CustomHostnameRecord) {
  const status = hostnameStatus(h, app.clock.now());
  const activated = status === "5_services_reconfigured";
  const certified = activated || status === "4_origin_setup_completed";
  const ssl = certified
    ? { status: "active", validation_records: [] }
    : {
        status: status === "3_challenge_verified" ? "pending_deployment" : "pending_validation",
        validation_records: [{ txt_name: `_acme-challenge.${h.hostname}`, txt_value: h.sslTxtValue }],
      };
  return {
    status,
    custom_hostname: h.hostname,
    data: {
      success: true,
      errors: [],
      messages: [],
      result: {
        id: h.id,
        hostname: h.hostname,
        ssl,
        // Once activated the service reports the ownership record as empty strings.
        ownership_verification: activated
          ? { type: "txt", name: "", value: "" }
          : { type: "txt", name: `_cf-custom-hostname.${h.hostname}`, value: h.ownershipValue },
        custom_origin_server: `${p.ref}.supabase.co`,
        status: status === "2_initiated" ? "pending" : "active",
      },
    },
  };
}

/** The project's configuration or the 400 of the "none" row for this call. */
function configured(app: EmulatorContext, ref: string, noneMessage: string) {
  const { project, settings } = projectSettings(app, ref);
  if (!settings.customHostname) throw new ApiError(400, noneMessage);
  return { project, settings, hostname: settings.customHostname };
}

export const customHostnameRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/custom-hostname",
    handler: ({ app, params }) => {
      const { project, hostname } = configured(app, params.ref, HostnameMessages.none);
      return { status: 200, body: hostnameView(app, project, hostname) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/custom-hostname/initialize",
    body: Initialize,
    handler: ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      if (settings.customHostname) throw new ApiError(400, HostnameMessages.exists);
      const now = app.clock.now();
      const delay = app.settings.hostnameAutoVerifyMs;
      settings.customHostname = {
        id: randomUUID(),
        hostname: body.custom_hostname,
        status: "2_initiated",
        initializedAtMs: now,
        autoVerifyAtMs: delay === null || delay < 0 ? null : now + delay,
        sslTxtValue: randomBytes(24).toString("base64url"),
        ownershipValue: randomUUID(),
      };
      app.store.commit();
      return { status: 201, body: hostnameView(app, project, settings.customHostname) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/custom-hostname/reverify",
    handler: ({ app, params }) => {
      const { project, hostname } = configured(app, params.ref, HostnameMessages.notPending);
      const status = hostnameStatus(hostname, app.clock.now());
      if (status === "4_origin_setup_completed") throw new ApiError(400, HostnameMessages.verified);
      if (status === "5_services_reconfigured") throw new ApiError(400, HostnameMessages.activated);
      // Still 2: the records are not visible yet, and the answer says so by its status (201 all the same).
      if (status === "3_challenge_verified") {
        hostname.status = "4_origin_setup_completed";
        app.store.commit();
      }
      return { status: 201, body: hostnameView(app, project, hostname) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/custom-hostname/activate",
    handler: ({ app, params }) => {
      const { project, hostname } = configured(app, params.ref, HostnameMessages.notVerified);
      const status = hostnameStatus(hostname, app.clock.now());
      if (status === "5_services_reconfigured") throw new ApiError(400, HostnameMessages.activated);
      if (status !== "4_origin_setup_completed") throw new ApiError(400, HostnameMessages.notVerified);
      hostname.status = "5_services_reconfigured";
      app.store.commit();
      return { status: 201, body: hostnameView(app, project, hostname) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/custom-hostname",
    // remove_addon=true also drops the add-on on the real service; the emulator has no add-on to drop.
    query: DeleteQuery,
    handler: ({ app, params }) => {
      const { settings } = configured(app, params.ref, HostnameMessages.notConfigured);
      delete settings.customHostname;
      app.store.commit();
      // 200 with an empty body and no content-type, as recorded.
      return { status: 200 };
    },
  }),
];
