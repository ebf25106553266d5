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
import { HostnameMessages, hostnameStatus, hostnameView } from "../settings/hostname";
import { projectSettings } from "../settings/store";

const Initialize = z.strictObject({ custom_hostname: z.string().min(1).max(253) });
const DeleteQuery = z.object({ remove_addon: z.enum(["true", "false"]).optional() });

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
