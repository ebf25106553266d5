/**
 * Temporary database access (JIT) [Beta in the service's document]:
 * `GET`/`PUT …/jit-access`, `{ state: "enabled" | "disabled" }`. A project the
 * service cannot offer it to answers `{ state: "unavailable", unavailableReason }`
 * to both, and a write changes nothing (the control plane sets the reason).
 */
import { z } from "zod";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { ProjectSettingsRecord } from "../store/records";
import { projectSettings } from "../settings/store";

const Body = z.strictObject({ state: z.enum(["enabled", "disabled"]) });

/** The answer of both routes. */
export function jitAccessView(settings: ProjectSettingsRecord) {
  const jit = settings.jitAccess;
  if (jit?.unavailableReason !== undefined) return { state: "unavailable", unavailableReason: jit.unavailableReason };
  return { state: jit?.state ?? "disabled", appliedSuccessfully: true };
}

export const jitAccessRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/jit-access",
    handler: ({ app, params }) => ({ status: 200, body: jitAccessView(projectSettings(app, params.ref).settings) }),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/jit-access",
    body: Body,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      if (
        settings.jitAccess?.unavailableReason === undefined &&
        (settings.jitAccess?.state ?? "disabled") !== body.state
      ) {
        settings.jitAccess = { state: body.state };
        app.store.commit();
      }
      return { status: 200, body: jitAccessView(settings) };
    },
  }),
];
