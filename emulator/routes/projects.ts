import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError, Messages } from "../pipeline/errors";
import { PROJECT_INSTANCE_SIZES, REGIONS } from "../generated/config-schemas";
import { randomLetters, randomSecret } from "../store/ids";
import { newPublishableKey, newSecretKey } from "../auth/keys";
import { hashPassword } from "../auth/password";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { ProjectRecord } from "../store/state";
import { appVersion } from "../settings/postgres";

/** Where a smart region group places a new project. */
export const SMART_GROUPS: Record<string, string> = {
  americas: "us-east-1",
  emea: "eu-central-1",
  apac: "ap-southeast-1",
};

const isRegion = (r: string) => (REGIONS as readonly string[]).includes(r);

const CreateProject = z
  .strictObject({
    name: z.string().min(1).max(256),
    db_pass: z.string().min(1),
    organization_id: z.string().min(1).optional(),
    organization_slug: z.string().min(1).optional(),
    region: z.string().refine(isRegion, Messages.badRegion).optional(),
    region_selection: z
      .strictObject({ type: z.enum(["specific", "smartGroup"]), code: z.string().min(1) })
      .refine((s) => (s.type === "specific" ? isRegion(s.code) : s.code in SMART_GROUPS), Messages.badRegion)
      .optional(),
    desired_instance_size: z.enum(PROJECT_INSTANCE_SIZES).optional(),
    plan: z.enum(["free", "pro"]).optional(),
    kps_enabled: z.boolean().optional(),
    template_url: z.string().optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.organization_slug && !b.organization_id)
      ctx.addIssue({ code: "custom", message: "organization_slug should not be empty" });
    if (b.organization_slug && b.organization_id && b.organization_slug !== b.organization_id)
      ctx.addIssue({
        code: "custom",
        message: "organization_id and organization_slug must name the same organization",
      });
    if (b.region && b.region_selection)
      ctx.addIssue({ code: "custom", message: "Only one of region or region_selection can be specified." });
  });

const UpdateProject = z.strictObject({ name: z.string().min(1).max(256) });

export const HEALTH_SERVICES = [
  "auth",
  "db",
  "db_postgres_user",
  "pooler",
  "realtime",
  "rest",
  "storage",
  "pg_bouncer",
] as const;

/** `services` repeats (services=db&services=auth); the route reads it from the raw search params. */
const HealthQuery = z.object({ timeout_ms: z.coerce.number().int().min(0).max(10_000).optional() });

/** The documented Project shape plus the real service's compatible extras. */
export async function projectView(app: EmulatorContext, p: ProjectRecord): Promise<Record<string, unknown>> {
  const status = app.status(p);
  const view: Record<string, unknown> = {
    id: p.ref,
    ref: p.ref,
    organization_id: p.organizationSlug,
    organization_slug: p.organizationSlug,
    name: p.name,
    region: p.region,
    created_at: app.clock.iso(p.createdAtMs),
    status,
  };
  // Sent in every status, as the service does: the spec requires it even while the project comes up. The version
  // is the platform's image the project runs (settings/postgres.ts), which an upgrade moves on.
  const version = appVersion(p, app.clock.now());
  view.database = {
    host: `db.${p.ref}.supabase.co`,
    version,
    postgres_engine: version.split(".")[0],
    release_channel: "ga",
  };
  return view;
}

/**
 * A new project's record, COMING_UP for the provisioning delay from now, with
 * its own ref, keys and JWT secret; the caller adds it to the store. Branches
 * are provisioned the same way.
 */
export async function newProject(
  app: EmulatorContext,
  fields: Pick<ProjectRecord, "name" | "organizationSlug" | "region" | "desiredInstanceSize"> & {
    /** The database password, or how to derive it from the new JWT secret. */
    dbPass: string | ((jwtSecret: string) => string);
  },
): Promise<ProjectRecord> {
  const jwtSecret = randomSecret(30);
  const dbPassHash = await hashPassword(typeof fields.dbPass === "string" ? fields.dbPass : fields.dbPass(jwtSecret));
  const now = app.clock.now();
  let ref = randomLetters(20);
  while (app.store.project(ref)) ref = randomLetters(20);
  return {
    ref,
    numericId: app.store.data.nextProjectId++,
    name: fields.name,
    organizationSlug: fields.organizationSlug,
    region: fields.region,
    desiredInstanceSize: fields.desiredInstanceSize,
    createdAtMs: now,
    readyAtMs: now + app.settings.provisioningDelayMs,
    dbPassHash,
    jwtSecret,
    publishableKey: newPublishableKey(now),
    secretKey: newSecretKey(now),
  };
}

/** PATCH and DELETE answer with the short form. */
const shortView = (p: ProjectRecord) => ({ id: p.numericId, ref: p.ref, name: p.name });

const organizationScope = (_params: Record<string, string>, body: unknown) => {
  const b = body as { organization_slug?: unknown; organization_id?: unknown } | undefined;
  const slug = b?.organization_slug ?? b?.organization_id;
  return typeof slug === "string" ? slug : undefined;
};

export const projectRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects",
    handler: async ({ app }) => ({
      status: 200,
      // A branch's own project is reached by its ref, but only its parent is listed, as on the service.
      body: await Promise.all(
        app
          .projects()
          .filter((p) => !p.branchOf)
          .map((p) => projectView(app, p)),
      ),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects",
    scope: organizationScope,
    body: CreateProject,
    handler: async ({ app, body }) => {
      const slug = (body.organization_slug ?? body.organization_id) as string;
      if (!app.store.organization(slug)) throw new ApiError(404, Messages.organizationNotFound);
      const region =
        body.region ??
        (body.region_selection
          ? body.region_selection.type === "specific"
            ? body.region_selection.code
            : SMART_GROUPS[body.region_selection.code]
          : SMART_GROUPS.americas);
      const project = await newProject(app, {
        name: body.name,
        organizationSlug: slug,
        region,
        desiredInstanceSize: body.desired_instance_size,
        dbPass: body.db_pass,
      });
      app.store.data.projects.push(project);
      app.store.commit();
      return { status: 201, body: await projectView(app, project) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}",
    handler: async ({ app, params }) => ({ status: 200, body: await projectView(app, app.requireProject(params.ref)) }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}",
    body: UpdateProject,
    handler: ({ app, params, body }) => {
      const p = app.requireProject(params.ref);
      p.name = body.name;
      app.store.commit();
      return { status: 200, body: shortView(p) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}",
    handler: ({ app, params }) => {
      const p = app.requireProject(params.ref);
      const status = app.status(p);
      if (status === "COMING_UP") throw new ApiError(400, Messages.notReadyForDeletion);
      // A repeated DELETE while GOING_DOWN succeeds again without restarting the countdown.
      if (status !== "GOING_DOWN") {
        const now = app.clock.now();
        p.deletedAtMs = now;
        p.goneAtMs = now + app.settings.deletionDelayMs;
        app.store.commit();
      }
      return { status: 200, body: shortView(p) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/health",
    query: HealthQuery,
    handler: ({ app, params, search }) => {
      const p = app.requireProject(params.ref);
      const services = search.getAll("services").flatMap((s) => s.split(","));
      if (services.length === 0) throw new ApiError(400, "services should not be empty");
      const unknown = services.filter((s) => !(HEALTH_SERVICES as readonly string[]).includes(s));
      if (unknown.length)
        throw new ApiError(
          400,
          `each value in services must be one of the following values: ${HEALTH_SERVICES.join(", ")}`,
        );
      const status = app.status(p);
      const health =
        status === "ACTIVE_HEALTHY" ? "ACTIVE_HEALTHY" : status === "COMING_UP" ? "COMING_UP" : "UNHEALTHY";
      return {
        status: 200,
        body: services.map((name) => ({ name, healthy: health === "ACTIVE_HEALTHY", status: health })),
      };
    },
  }),
];
