/**
 * A project's API keys: the legacy anon and service_role JWTs, and the newer
 * opaque publishable and secret keys. Also maps a presented key to its role,
 * which is what a project's data API needs.
 */
import { randomBytes, randomUUID, createHash } from "node:crypto";
import { signProjectJwt, verifyProjectJwt, type ProjectRole } from "./jwt";
import type { GeneratedApiKey, ProjectRecord } from "./state";

export function newPublishableKey(nowMs: number): GeneratedApiKey {
  return { id: randomUUID(), key: `sb_publishable_${randomBytes(24).toString("base64url")}`, createdAtMs: nowMs };
}

export function newSecretKey(nowMs: number): GeneratedApiKey {
  return { id: randomUUID(), key: `sb_secret_${randomBytes(24).toString("base64url")}`, createdAtMs: nowMs };
}

/** The API key list of `GET /v1/projects/{ref}/api-keys`; the secret key is masked unless revealed. */
export function apiKeyList(p: ProjectRecord, reveal: boolean) {
  const legacy = (role: "anon" | "service_role") => ({
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
  });
  const opaque = (k: GeneratedApiKey, type: "publishable" | "secret") => {
    const prefix = k.key.slice(0, type === "publishable" ? 19 : 14);
    const at = new Date(k.createdAtMs).toISOString();
    return {
      name: "default",
      api_key: type === "secret" && !reveal ? `${prefix}${"·".repeat(8)}` : k.key,
      id: k.id,
      type,
      prefix,
      description: null,
      hash: type === "secret" ? createHash("sha256").update(k.key).digest("base64url") : null,
      secret_jwt_template: type === "secret" ? { role: "service_role" } : null,
      inserted_at: at,
      updated_at: at,
    };
  };
  return [
    legacy("anon"),
    legacy("service_role"),
    opaque(p.publishableKey, "publishable"),
    opaque(p.secretKey, "secret"),
  ];
}

/** The database role a presented API key (or user JWT) stands for, or undefined when it is not the project's. */
export function roleForApiKey(p: ProjectRecord, key: string, nowMs?: number): ProjectRole | undefined {
  if (key === p.publishableKey.key) return "anon";
  if (key === p.secretKey.key) return "service_role";
  const v = verifyProjectJwt(key, p, nowMs);
  if (!v.ok) return undefined;
  const role = v.claims.role;
  return role === "anon" || role === "authenticated" || role === "service_role" ? role : undefined;
}
