/**
 * A project's API keys: the legacy anon and service_role JWTs, the default
 * opaque publishable and secret keys, and the keys created through
 * `POST …/api-keys`. Also maps a presented key to its role, which is what a
 * project's data API needs.
 */
import { randomBytes, randomUUID, createHash } from "node:crypto";
import { signProjectJwt, verifyProjectJwt, type ProjectRole } from "./jwt";
import type { ApiKeyRecord, GeneratedApiKey, ProjectRecord } from "../store/state";

export function newPublishableKey(nowMs: number): GeneratedApiKey {
  return { id: randomUUID(), key: `sb_publishable_${randomBytes(24).toString("base64url")}`, createdAtMs: nowMs };
}

export function newSecretKey(nowMs: number): GeneratedApiKey {
  return { id: randomUUID(), key: `sb_secret_${randomBytes(24).toString("base64url")}`, createdAtMs: nowMs };
}

/** Every opaque key of the project: the defaults (unless deleted), then the created ones. */
export function opaqueKeys(p: ProjectRecord): ApiKeyRecord[] {
  const deleted = new Set(p.settings?.deletedDefaultKeys ?? []);
  const defaults: ApiKeyRecord[] = [
    { k: p.publishableKey, type: "publishable" as const },
    { k: p.secretKey, type: "secret" as const },
  ]
    .filter(({ k }) => !deleted.has(k.id))
    .map(({ k, type }) => ({
      id: k.id,
      type,
      name: "default",
      description: null,
      secretJwtTemplate: type === "secret" ? { role: "service_role" } : null,
      key: k.key,
      createdAtMs: k.createdAtMs,
      updatedAtMs: k.createdAtMs,
    }));
  return [...defaults, ...(p.settings?.apiKeys ?? [])];
}

export const isDefaultKey = (p: ProjectRecord, id: string) => id === p.publishableKey.id || id === p.secretKey.id;

export function legacyKeyView(p: ProjectRecord, role: "anon" | "service_role") {
  return {
    name: role,
    api_key: signProjectJwt(p, role),
    id: role,
    type: "legacy",
    prefix: null,
    description: role === "anon" ? "Legacy anon API key" : "Legacy service_role API key",
    hash: null,
    secret_jwt_template: null,
    inserted_at: null,
    updated_at: null,
  };
}

/** One opaque key as the API answers it; a secret key is masked unless revealed. */
export function opaqueKeyView(k: ApiKeyRecord, reveal: boolean) {
  const prefix = k.key.slice(0, k.type === "publishable" ? 19 : 14);
  return {
    name: k.name,
    api_key: k.type === "secret" && !reveal ? `${prefix}${"·".repeat(8)}` : k.key,
    id: k.id,
    type: k.type,
    prefix,
    description: k.description,
    hash: k.type === "secret" ? createHash("sha256").update(k.key).digest("base64url") : null,
    secret_jwt_template: k.type === "secret" ? (k.secretJwtTemplate ?? { role: "service_role" }) : null,
    inserted_at: new Date(k.createdAtMs).toISOString(),
    updated_at: new Date(k.updatedAtMs).toISOString(),
  };
}

/** The API key list of `GET /v1/projects/{ref}/api-keys`; secret keys are masked unless revealed. */
export function apiKeyList(p: ProjectRecord, reveal: boolean) {
  return [
    legacyKeyView(p, "anon"),
    legacyKeyView(p, "service_role"),
    ...opaqueKeys(p).map((k) => opaqueKeyView(k, reveal)),
  ];
}

/** The role an opaque key stands for: publishable → anon; secret → its template's role (service_role by default). */
export function opaqueKeyRole(k: ApiKeyRecord): ProjectRole {
  if (k.type === "publishable") return "anon";
  const role = k.secretJwtTemplate?.role;
  return role === "anon" || role === "authenticated" ? role : "service_role";
}

/** The database role a presented API key (or user JWT) stands for, or undefined when it is not the project's. */
export function roleForApiKey(p: ProjectRecord, key: string, nowMs?: number): ProjectRole | undefined {
  if (key.startsWith("sb_")) {
    const k = opaqueKeys(p).find((o) => o.key === key);
    return k && opaqueKeyRole(k);
  }
  const v = verifyProjectJwt(key, p, nowMs);
  if (!v.ok) return undefined;
  const role = v.claims.role;
  return role === "anon" || role === "authenticated" || role === "service_role" ? role : undefined;
}
