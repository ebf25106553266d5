/**
 * The control plane under /_emulator/: no auth, never logged, rate limited or
 * faulted. Tests and tools use it to inspect requests and to shape time,
 * latency, faults and limits.
 */
import { z } from "zod";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import type { ClockInfo, FaultSpec } from "../types";
import { IMPOSED_STATUSES, type EmulatorContext } from "../store/context";
import { passwordMatches } from "../auth/password";

const FaultSpecSchema = z
  .strictObject({
    method: z.string().min(1).optional(),
    path: z
      .string()
      .refine((p) => {
        if (!p.startsWith("re:")) return true;
        try {
          new RegExp(p.slice(3));
          return true;
        } catch {
          return false;
        }
      }, "path: invalid regular expression")
      .optional(),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    delayMs: z.number().min(0).optional(),
    reset: z.enum(["before", "after"]).optional(),
    times: z.number().int().min(1).optional(),
    ratio: z.number().min(0).max(1).optional(),
  })
  .refine(
    (f) => f.status !== undefined || f.delayMs !== undefined || f.reset !== undefined,
    "A fault needs status, delayMs or reset",
  );

const LatencySchema = z.strictObject({ ms: z.number().min(0), jitterMs: z.number().min(0).optional() });

const RateLimitSchema = z.strictObject({
  enabled: z.boolean().optional(),
  limit: z.number().int().min(1).optional(),
  windowMs: z.number().int().min(1).optional(),
  overrides: z.record(z.string(), z.number().int().min(1)).optional(),
});

const SettingsSchema = z.strictObject({
  provisioningDelayMs: z.number().min(0).optional(),
  deletionDelayMs: z.number().min(0).optional(),
  hostnameAutoVerifyMs: z.number().nullable().optional(),
  restrictionsApplyDelayMs: z.number().min(0).optional(),
  restartDelayMs: z.number().min(0).optional(),
});

const TimeSchema = z.strictObject({ advanceMs: z.number().min(0) });

/** The latest instant a Date can hold; the clock never passes it, so every timestamp stays printable. */
const LATEST_DATE_MS = 8.64e15;

const RequestsQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
  api: z.enum(["management", "graphql", "storage"]).optional(),
});

function clockInfo(app: EmulatorContext): ClockInfo {
  const nowMs = app.clock.now();
  return { now: app.clock.iso(nowMs), nowMs, offsetMs: app.clock.offsetMs };
}

const control = <B, Q>(def: RouteDef<B, Q>) => defineRoute<B, Q>({ ...def, surface: "control", auth: "none" });

const ImposedStatusSchema = z.strictObject({ status: z.enum(IMPOSED_STATUSES).nullable() });

export const controlRoutes: RouteDef[] = [
  control({ method: "GET", path: "/_emulator/info", handler: ({ app }) => ({ status: 200, body: app.info }) }),
  control({
    method: "GET",
    path: "/_emulator/requests",
    query: RequestsQuery,
    handler: ({ app, query }) => ({ status: 200, body: { requests: app.log.list(query) } }),
  }),
  control({
    method: "DELETE",
    path: "/_emulator/requests",
    handler: ({ app }) => {
      app.log.clear();
      return { status: 200, body: {} };
    },
  }),
  control({
    method: "POST",
    path: "/_emulator/reset",
    handler: async ({ app }) => {
      await app.reset();
      return { status: 200, body: {} };
    },
  }),
  control({
    method: "GET",
    path: "/_emulator/faults",
    handler: ({ app }) => ({ status: 200, body: { faults: app.faults.list() } }),
  }),
  control({
    method: "POST",
    path: "/_emulator/faults",
    body: FaultSpecSchema,
    handler: ({ app, body }) => ({ status: 201, body: app.faults.add(body as FaultSpec) }),
  }),
  control({
    method: "DELETE",
    path: "/_emulator/faults",
    handler: ({ app }) => {
      app.faults.clear();
      return { status: 200, body: {} };
    },
  }),
  control({
    method: "DELETE",
    path: "/_emulator/faults/{id}",
    handler: ({ app, params }) => {
      const fault = app.faults.list().find((f) => f.id === params.id);
      if (!fault || !app.faults.remove(params.id)) throw new ApiError(404, "Fault not found");
      return { status: 200, body: fault };
    },
  }),
  control({ method: "GET", path: "/_emulator/latency", handler: ({ app }) => ({ status: 200, body: app.latency }) }),
  control({
    method: "PUT",
    path: "/_emulator/latency",
    body: LatencySchema,
    handler: ({ app, body }) => {
      app.latency = { ms: body.ms, jitterMs: body.jitterMs ?? 0 };
      return { status: 200, body: app.latency };
    },
  }),
  control({
    method: "GET",
    path: "/_emulator/rate-limits",
    handler: ({ app }) => ({ status: 200, body: app.limiter.settings }),
  }),
  control({
    method: "PUT",
    path: "/_emulator/rate-limits",
    body: RateLimitSchema,
    handler: ({ app, body }) => ({ status: 200, body: app.limiter.configure(body) }),
  }),
  control({ method: "GET", path: "/_emulator/time", handler: ({ app }) => ({ status: 200, body: clockInfo(app) }) }),
  control({
    method: "POST",
    path: "/_emulator/time",
    body: TimeSchema,
    handler: async ({ app, body }) => {
      if (app.clock.now() + body.advanceMs > LATEST_DATE_MS)
        throw new ApiError(400, `advanceMs would move the clock past ${new Date(LATEST_DATE_MS).toISOString()}`);
      app.advanceClock(body.advanceMs);
      // Databases of projects whose deletion just completed are released now, not on the next API call.
      await app.sweep();
      return { status: 200, body: clockInfo(app) };
    },
  }),
  control({
    method: "GET",
    path: "/_emulator/projects/{ref}/jwt-secret",
    // Lets tests and tools sign their own user JWTs (role "authenticated") for a project.
    handler: ({ app, params }) => ({ status: 200, body: { jwt_secret: app.requireProject(params.ref).jwtSecret } }),
  }),
  control({
    method: "POST",
    path: "/_emulator/projects/{ref}/db-password/verify",
    body: z.object({ password: z.string() }).strict(),
    // Stands in for a login to the project's database: says whether the password would be accepted.
    handler: async ({ app, params, body }) => ({
      status: 200,
      body: { valid: await passwordMatches(body.password, app.requireProject(params.ref).dbPassHash) },
    }),
  }),
  control({
    method: "PUT",
    path: "/_emulator/projects/{ref}/status",
    body: ImposedStatusSchema,
    // Stands in for the platform pausing, failing or restarting a project; null hands it back to the lifecycle.
    handler: ({ app, params, body }) => {
      const p = app.requireProject(params.ref);
      if (body.status === null) delete p.imposedStatus;
      else p.imposedStatus = body.status;
      app.store.commit();
      return { status: 200, body: { ref: p.ref, status: app.status(p) } };
    },
  }),
  control({ method: "GET", path: "/_emulator/settings", handler: ({ app }) => ({ status: 200, body: app.settings }) }),
  control({
    method: "PUT",
    path: "/_emulator/settings",
    body: SettingsSchema,
    handler: ({ app, body }) => {
      app.settings = { ...app.settings, ...body };
      return { status: 200, body: app.settings };
    },
  }),
];
