/**
 * Service configuration: auth (`config/auth`), the Data API (`postgrest`),
 * Postgres (`config/database/postgres`), the pooler (`config/database/pooler`),
 * storage (`config/storage`), realtime (`config/realtime`) and SSL enforcement. Request bodies are validated
 * with schemas generated from the spec. Each project stores only what was
 * written; reads lay that over the defaults of a new project.
 *
 * Auth secrets (SMTP password, OAuth provider secrets, hook secrets, …) are
 * answered as the lowercase hex HMAC-SHA256 of the value keyed with the
 * project ref, the way the service's own CLI compares them, and the emulator
 * keeps only that digest.
 *
 * A Postgres change puts the project through RESTARTING for `restartDelayMs`
 * (unless `restart_database: false`). Writes need a healthy project: the
 * pooler answers 500 "error adding pooler tenant" before that, as the service
 * did for projects that had just come up.
 */
import { createHmac } from "node:crypto";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { SqlError } from "../db";
import { liveReplicas, replicaPoolerView } from "../settings/read-replicas";
import {
  AUTH_SECRET_FIELDS,
  SslEnforcementRequest,
  UpdateAuthConfigBody,
  UpdatePostgresConfigBody,
  UpdateRealtimeConfigBody,
  UpdateStorageConfigBody,
  UpdateSupavisorConfigBody,
  V1UpdatePostgrestConfigBody,
} from "../generated/config-schemas";
import type { ProjectRecord, ServiceConfigRecord } from "../store/records";
import { defineRoute, type RouteDef } from "../pipeline/router";
import {
  authDefaults,
  poolerDefaults,
  poolerView,
  postgrestDefaults,
  realtimeDefaults,
  storageDefaults,
} from "../settings/config-defaults";
import { projectSettings, requireHealthy } from "../settings/store";

/** The digest the auth config answers for a secret: hex HMAC-SHA256 keyed with the project ref. */
export function authSecretDigest(ref: string, value: string): string {
  return createHmac("sha256", ref).update(value, "utf8").digest("hex");
}

const SECRETS = new Set(AUTH_SECRET_FIELDS);

function configOf(app: EmulatorContext, ref: string): { project: ProjectRecord; config: ServiceConfigRecord } {
  const { project, settings } = projectSettings(app, ref);
  settings.config ??= { auth: {}, postgrest: {}, postgres: {}, pooler: {}, storage: {}, sslEnforced: false };
  return { project, config: settings.config };
}

const authView = (config: ServiceConfigRecord) => ({ ...authDefaults(), ...config.auth });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function deepMerge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const serviceConfigRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth",
    handler: ({ app, params }) => ({ status: 200, body: authView(configOf(app, params.ref).config) }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/config/auth",
    body: UpdateAuthConfigBody,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      for (const [field, value] of Object.entries(body)) {
        if (value === undefined) continue;
        config.auth[field] =
          SECRETS.has(field) && typeof value === "string" && value !== ""
            ? authSecretDigest(project.ref, value)
            : value;
      }
      app.store.commit();
      return { status: 200, body: authView(config) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/postgrest",
    handler: ({ app, params }) => {
      const { project, config } = configOf(app, params.ref);
      return { status: 200, body: { ...postgrestDefaults(), ...config.postgrest, jwt_secret: project.jwtSecret } };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/postgrest",
    body: V1UpdatePostgrestConfigBody,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      for (const [field, value] of Object.entries(body)) if (value !== undefined) config.postgrest[field] = value;
      app.store.commit();
      return { status: 200, body: { ...postgrestDefaults(), ...config.postgrest } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/database/postgres",
    handler: ({ app, params }) => ({ status: 200, body: { ...configOf(app, params.ref).config.postgres } }),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/config/database/postgres",
    body: UpdatePostgresConfigBody,
    handler: async ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      // PUT replaces the whole set of overrides: a setting left out returns to its default.
      const { restart_database: restart, ...settings } = body;
      const next = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
      // Applied to the project's database where PostgreSQL allows it per database (see db/settings.ts).
      try {
        await app.db.configure(project.ref, next);
      } catch (err) {
        if (err instanceof SqlError) throw new ApiError(400, err.message);
        throw err;
      }
      if (!sameJson(next, config.postgres) && restart !== false)
        project.restartingUntilMs = app.clock.now() + app.settings.restartDelayMs;
      config.postgres = next;
      app.store.commit();
      return { status: 200, body: { ...config.postgres } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/database/pooler",
    handler: ({ app, params }) => {
      const { project, config } = configOf(app, params.ref);
      const settings = { ...poolerDefaults(), ...config.pooler };
      // The primary's pooler, then each replica's (one going down is no longer served).
      const replicas = liveReplicas(app, project).filter((r) => r.removedAtMs === undefined);
      return {
        status: 200,
        body: [poolerView(project, settings), ...replicas.map((r) => replicaPoolerView(r, settings))],
      };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/config/database/pooler",
    body: UpdateSupavisorConfigBody,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, () => new ApiError(500, "error adding pooler tenant: the pooler is not ready yet"));
      for (const [field, value] of Object.entries(body)) if (value !== undefined) config.pooler[field] = value;
      app.store.commit();
      const view = { ...poolerDefaults(), ...config.pooler };
      return { status: 200, body: { default_pool_size: view.default_pool_size ?? null, pool_mode: view.pool_mode } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/storage",
    handler: ({ app, params }) => ({
      status: 200,
      body: deepMerge(storageDefaults(), configOf(app, params.ref).config.storage),
    }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/config/storage",
    body: UpdateStorageConfigBody,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      config.storage = deepMerge(config.storage, body as Json);
      app.store.commit();
      // The service answers 200 with no body.
      return { status: 200 };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/ssl-enforcement",
    handler: ({ app, params }) => ({
      status: 200,
      body: { currentConfig: { database: configOf(app, params.ref).config.sslEnforced }, appliedSuccessfully: true },
    }),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/ssl-enforcement",
    body: SslEnforcementRequest,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      config.sslEnforced = body.requestedConfig.database;
      app.store.commit();
      return { status: 200, body: { currentConfig: { database: config.sslEnforced }, appliedSuccessfully: true } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/realtime",
    handler: ({ app, params }) => ({
      status: 200,
      body: { ...realtimeDefaults(), ...configOf(app, params.ref).config.realtime },
    }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/config/realtime",
    body: UpdateRealtimeConfigBody,
    handler: ({ app, params, body }) => {
      const { project, config } = configOf(app, params.ref);
      requireHealthy(app, project, "be configured");
      const realtime = (config.realtime ??= {});
      for (const [field, value] of Object.entries(body)) if (value !== undefined) realtime[field] = value;
      app.store.commit();
      // The service answers 204 with no body.
      return { status: 204 };
    },
  }),
];
