/**
 * API keys (`…/api-keys`, `…/api-keys/{id}`) and the database password
 * (`PATCH …/database/password`). Created keys are accepted by the project's
 * GraphQL API like the default ones: a publishable key stands for `anon`, a
 * secret key for the role of its JWT template (`service_role` by default).
 * Secret keys are masked unless `reveal=true`. `…/api-keys/legacy` turns the
 * legacy JWT keys (anon, service_role) off and on: while off, the project's
 * GraphQL API refuses them (graphql/route.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { EmulatorContext } from "../store/context";
import { ApiError } from "../pipeline/errors";
import { CreateApiKeyBody, UpdateApiKeyBody, V1UpdatePasswordBody } from "../generated/config-schemas";
import { isDefaultKey, legacyKeyView, opaqueKeys, opaqueKeyView, apiKeyList } from "../auth/keys";
import type { ApiKeyRecord, ProjectRecord } from "../store/records";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { requireHealthy, settingsOf } from "../settings/store";
import { hashPassword } from "../auth/password";

const Reveal = z.object({ reveal: z.enum(["true", "false"]).optional() });
const LegacyQuery = z.object({ enabled: z.enum(["true", "false"], { error: "enabled must be true or false" }) });
const DeleteQuery = Reveal.extend({
  was_compromised: z.enum(["true", "false"]).optional(),
  reason: z.string().optional(),
});

export const API_KEY_NOT_FOUND = "API key not found";

/** The legacy JWT keys are addressed by role name: readable, never changed. */
const isLegacyKeyId = (id: string): id is "anon" | "service_role" => id === "anon" || id === "service_role";

/** Refuses a change of a legacy key, before anything else is looked at. */
function refuseLegacy(id: string, change: "updated" | "deleted"): void {
  if (isLegacyKeyId(id)) throw new ApiError(400, `Legacy API keys cannot be ${change}.`);
}

function findKey(p: ProjectRecord, id: string): ApiKeyRecord {
  const k = opaqueKeys(p).find((x) => x.id === id);
  if (!k) throw new ApiError(404, API_KEY_NOT_FOUND);
  return k;
}

/** A default key is edited by moving it into the created list, so it keeps its id and value. */
function editableKey(app: EmulatorContext, p: ProjectRecord, id: string): ApiKeyRecord {
  const settings = settingsOf(app, p);
  settings.apiKeys ??= [];
  const created = settings.apiKeys.find((k) => k.id === id);
  if (created) return created;
  const k = findKey(p, id);
  settings.deletedDefaultKeys = [...(settings.deletedDefaultKeys ?? []), id];
  settings.apiKeys.unshift(k);
  return k;
}

export const apiKeyRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/api-keys/legacy",
    handler: ({ app, params }) => {
      const p = app.requireProject(params.ref);
      return { status: 200, body: { enabled: settingsOf(app, p).legacyApiKeysDisabled !== true } };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/api-keys/legacy",
    query: LegacyQuery,
    handler: ({ app, params, query }) => {
      const p = app.requireProject(params.ref);
      const settings = settingsOf(app, p);
      if (query.enabled === "true") delete settings.legacyApiKeysDisabled;
      else settings.legacyApiKeysDisabled = true;
      app.store.commit();
      return { status: 200, body: { enabled: settings.legacyApiKeysDisabled !== true } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/api-keys",
    query: Reveal,
    handler: ({ app, params, query }) => ({
      status: 200,
      body: apiKeyList(app.requireProject(params.ref), query.reveal === "true"),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/api-keys",
    query: Reveal,
    body: CreateApiKeyBody,
    handler: ({ app, params, query, body }) => {
      const p = app.requireProject(params.ref);
      const settings = settingsOf(app, p);
      settings.apiKeys ??= [];
      const now = app.clock.now();
      const prefix = body.type === "publishable" ? "sb_publishable_" : "sb_secret_";
      const key: ApiKeyRecord = {
        id: randomUUID(),
        type: body.type,
        name: body.name,
        description: body.description ?? null,
        secretJwtTemplate: body.type === "secret" ? (body.secret_jwt_template ?? { role: "service_role" }) : null,
        key: `${prefix}${randomBytes(24).toString("base64url")}`,
        createdAtMs: now,
        updatedAtMs: now,
      };
      settings.apiKeys.push(key);
      app.store.commit();
      return { status: 201, body: opaqueKeyView(key, query.reveal === "true") };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/api-keys/{id}",
    query: Reveal,
    handler: ({ app, params, query }) => {
      const p = app.requireProject(params.ref);
      if (isLegacyKeyId(params.id)) return { status: 200, body: legacyKeyView(p, params.id) };
      const k = findKey(p, params.id);
      return { status: 200, body: opaqueKeyView(k, query.reveal === "true") };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/api-keys/{id}",
    query: Reveal,
    body: UpdateApiKeyBody,
    handler: ({ app, params, query, body }) => {
      const p = app.requireProject(params.ref);
      refuseLegacy(params.id, "updated");
      const k = editableKey(app, p, params.id);
      if (body.name !== undefined) k.name = body.name;
      if (body.description !== undefined) k.description = body.description;
      if (body.secret_jwt_template !== undefined && k.type === "secret") k.secretJwtTemplate = body.secret_jwt_template;
      k.updatedAtMs = app.clock.now();
      app.store.commit();
      return { status: 200, body: opaqueKeyView(k, query.reveal === "true") };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/api-keys/{id}",
    query: DeleteQuery,
    handler: ({ app, params, query }) => {
      const p = app.requireProject(params.ref);
      refuseLegacy(params.id, "deleted");
      const k = findKey(p, params.id);
      const settings = settingsOf(app, p);
      if (isDefaultKey(p, k.id))
        settings.deletedDefaultKeys = [...new Set([...(settings.deletedDefaultKeys ?? []), k.id])];
      settings.apiKeys = (settings.apiKeys ?? []).filter((o) => o.id !== k.id);
      app.store.commit();
      return { status: 200, body: opaqueKeyView(k, query.reveal === "true") };
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/database/password",
    body: V1UpdatePasswordBody,
    handler: async ({ app, params, body }) => {
      const p = app.requireProject(params.ref);
      requireHealthy(app, p, "be configured");
      p.dbPassHash = await hashPassword(body.password);
      app.store.commit();
      return { status: 200, body: { message: "Password updated" } };
    },
  }),
];
