/**
 * A project's custom hostname as the service shows it: the step it has
 * reached (DNS verification read lazily from the clock), the service's 400
 * texts and the documented answer. Shared by the management routes and the
 * control plane's DNS stand-in.
 */
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord } from "../store/state";
import type { CustomHostnameRecord } from "./store";

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
