/**
 * Billing add-ons: `GET`/`PATCH …/billing/addons` and
 * `DELETE …/billing/addons/{addon_variant}`. The compute size is the
 * project's instance size: a change is written to the project's record and
 * restarts the project (RESTARTING for `restartDelayMs`), as a resize does.
 * PITR, IPv4 and the custom-domain add-on are kept per project.
 */
import { z } from "zod";
import type { ProjectRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings, requireHealthy } from "../settings/store";
import { AVAILABLE_ADDONS, addonTypeOf, computeVariant, variantOf } from "../settings/addons";

const ADDON_TYPES = [
  "custom_domain",
  "compute_instance",
  "pitr",
  "ipv4",
  "auth_mfa_phone",
  "auth_mfa_web_authn",
  "log_drain",
] as const;
/** The variants a PATCH or DELETE may name (the document's `addon_variant` enums). */
const VARIANTS = AVAILABLE_ADDONS.flatMap((t) => t.variants.map((v) => v.id)) as [string, ...string[]];

const Apply = z.strictObject({ addon_variant: z.enum(VARIANTS), addon_type: z.enum(ADDON_TYPES) });

function selected(project: ProjectRecord, addons: Record<string, string>) {
  const out: Array<{ type: string; variant: unknown }> = [];
  const compute = computeVariant(project.desiredInstanceSize);
  if (compute) out.push({ type: "compute_instance", variant: variantOf(compute) });
  for (const [type, id] of Object.entries(addons)) out.push({ type, variant: variantOf(id) });
  return out;
}

export const billingRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/billing/addons",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      return {
        status: 200,
        body: { selected_addons: selected(project, settings.addons ?? {}), available_addons: AVAILABLE_ADDONS },
      };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/billing/addons",
    body: Apply,
    handler: ({ app, params, body }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const type = addonTypeOf(body.addon_variant);
      if (!type || type.type !== body.addon_type)
        throw new ApiError(400, `Addon variant ${body.addon_variant} is not a variant of ${body.addon_type}`);
      requireHealthy(app, project, "change add-ons");
      if (type.type === "compute_instance") {
        const size = body.addon_variant.replace(/^ci_/, "");
        if (computeVariant(project.desiredInstanceSize) !== body.addon_variant) {
          project.desiredInstanceSize = size;
          project.restartingUntilMs = app.clock.now() + app.settings.restartDelayMs;
        }
      } else {
        // PITR's history starts when it is first selected; another variant keeps what is there.
        if (type.type === "pitr" && settings.addons?.pitr === undefined) settings.pitrSinceMs = app.clock.now();
        settings.addons = { ...settings.addons, [type.type]: body.addon_variant };
      }
      app.store.commit();
      return { status: 200 };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/billing/addons/{addon_variant}",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const variant = params.addon_variant;
      const type = addonTypeOf(variant);
      if (!type) throw new ApiError(400, `Invalid addon variant: ${variant}`);
      const current =
        type.type === "compute_instance" ? computeVariant(project.desiredInstanceSize) : settings.addons?.[type.type];
      if (current !== variant) throw new ApiError(404, `Addon ${variant} is not selected for this project`);
      requireHealthy(app, project, "change add-ons");
      if (type.type === "compute_instance") {
        // Back to the smallest size of a paid plan.
        if (variant !== "ci_micro") {
          project.desiredInstanceSize = "micro";
          project.restartingUntilMs = app.clock.now() + app.settings.restartDelayMs;
        }
      } else {
        const rest = { ...settings.addons };
        delete rest[type.type];
        settings.addons = rest;
        if (type.type === "pitr") delete settings.pitrSinceMs;
      }
      app.store.commit();
      return { status: 200 };
    },
  }),
];
