/**
 * Vanity subdomain [Beta in the service's document]: `GET`/`DELETE
 * …/vanity-subdomain`, `POST …/check-availability` and `POST …/activate`.
 * One name per project, unique across all projects; activating another name
 * replaces the project's current one and frees it. A project whose custom
 * hostname is active reads `custom-domain-used` and cannot activate one.
 */
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord, ProjectSettingsRecord } from "../store/records";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { hostnameStatus } from "../settings/hostname";
import { projectSettings } from "../settings/store";
import { validVanityName, vanityAvailable, VANITY_DOMAIN, VanityMessages } from "../settings/vanity";

const Body = z.strictObject({ vanity_subdomain: z.string().max(63) });

function customDomainActive(app: EmulatorContext, settings: ProjectSettingsRecord): boolean {
  const h = settings.customHostname;
  return h !== undefined && hostnameStatus(h, app.clock.now()) === "5_services_reconfigured";
}

function view(app: EmulatorContext, _p: ProjectRecord, settings: ProjectSettingsRecord) {
  if (settings.vanitySubdomain)
    return { status: "active", custom_domain: `${settings.vanitySubdomain}.${VANITY_DOMAIN}` };
  return { status: customDomainActive(app, settings) ? "custom-domain-used" : "not-used" };
}

export const vanitySubdomainRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/vanity-subdomain",
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      return { status: 200, body: view(app, project, settings) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/vanity-subdomain/check-availability",
    body: Body,
    handler: ({ app, params, body }) => {
      projectSettings(app, params.ref);
      if (!validVanityName(body.vanity_subdomain)) throw new ApiError(400, VanityMessages.invalid);
      return { status: 201, body: { available: vanityAvailable(app, body.vanity_subdomain) } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/vanity-subdomain/activate",
    body: Body,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const name = body.vanity_subdomain;
      if (!validVanityName(name)) throw new ApiError(400, VanityMessages.invalid);
      if (customDomainActive(app, settings)) throw new ApiError(400, VanityMessages.customDomainUsed);
      if (settings.vanitySubdomain !== name) {
        if (!vanityAvailable(app, name)) throw new ApiError(400, VanityMessages.unavailable);
        settings.vanitySubdomain = name;
        app.store.commit();
      }
      return { status: 201, body: { custom_domain: `${name}.${VANITY_DOMAIN}` } };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/vanity-subdomain",
    handler: ({ app, params }) => {
      const { settings } = projectSettings(app, params.ref);
      if (settings.vanitySubdomain !== undefined) {
        delete settings.vanitySubdomain;
        app.store.commit();
      }
      return { status: 200 };
    },
  }),
];
