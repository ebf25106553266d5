/**
 * The project gateway's credentials check, the one every route that takes a
 * project's keys goes through (the pipeline runs it for each route with
 * `auth: "apikey"`, the default of the GraphQL and Storage surfaces).
 *
 * The `apikey` header must be one of the project's API keys: the publishable
 * key (`anon`), a secret key (its template's role, `service_role` by
 * default), or a legacy JWT key (`anon` or `service_role`, signed with the
 * project's JWT secret) while legacy keys are on. An `Authorization: Bearer`
 * token other than the key itself is a JWT that selects the role by its
 * `role` claim; it must be signed by a key the project trusts: the legacy
 * JWT secret (no `kid`), or a signing key named by its `kid` that is in use,
 * on standby or previously used. A revoked key's tokens are refused, the
 * legacy secret's too once it is revoked as a signing key. Refusals are the
 * gateway's 401 `{"message"}`; the Storage API answers a bad bearer JWT in
 * its own words (the route's `refused`).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { ProjectRecord, SigningKeyRecord } from "../store/records";
import {
  checkTimes,
  decodeJwt,
  signatureValid,
  type JwtClaims,
  type JwtVerification,
  type VerificationKey,
} from "./jwt";
import { opaqueKeyRole, opaqueKeys } from "./keys";

export const GatewayMessages = {
  noApiKey: "No API key found in request",
  invalidApiKey: "Invalid API key",
  invalidJwt: "Invalid JWT",
  legacyKeysDisabled: "Legacy API keys are disabled",
} as const;

/** Who the request acts as: the database role, the claims it runs with, and the kind of key presented. */
export interface GatewayCaller {
  role: string;
  claims: JwtClaims;
  apiKey: "publishable" | "secret" | "legacy";
}

export interface GatewayRefusal {
  refused: "no-api-key" | "invalid-api-key" | "legacy-api-keys-disabled" | "invalid-jwt";
  status: 401;
  message: string;
  /** Why a bearer JWT failed (signature, expiry, key revoked…). */
  reason?: string;
}

const refusal = (refused: GatewayRefusal["refused"], message: string, reason?: string): GatewayRefusal =>
  reason === undefined ? { refused, status: 401, message } : { refused, status: 401, message, reason };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The legacy JWT secret is trusted unless, taken over as a signing key, that key was revoked. */
function legacySecretTrusted(project: ProjectRecord): boolean {
  return project.settings?.signingKeys?.find((k) => k.legacy)?.status !== "revoked";
}

function keyOf(k: SigningKeyRecord): VerificationKey {
  return k.algorithm === "HS256"
    ? { algorithm: k.algorithm, secret: Buffer.from(String(k.privateJwk.k ?? ""), "base64url") }
    : { algorithm: k.algorithm, publicJwk: k.publicJwk };
}

type Decoded = NonNullable<ReturnType<typeof decodeJwt>>;

/**
 * Tokens whose signature was found valid, with the key material it was
 * valid for (the secret's text, or the public JWK object) and the decoded
 * token. Clients present the same keys on every request; a token presented
 * again is not decoded nor its signature computed again while the key it
 * needs is still that material. Which key is trusted (kid, revocation) and
 * `exp`/`nbf` are still checked on every request. Kept in memory only, the
 * oldest dropped first.
 */
const verified = new Map<string, { decoded: Decoded; algorithm: string; material: unknown }>();
const VERIFIED_KEPT = 1000;

function decodeCached(token: string): Decoded | undefined {
  return verified.get(token)?.decoded ?? decodeJwt(token);
}

/** The signature checked with the key (`key()` builds it), unless already found valid for this very material. */
function verifyCached(
  token: string,
  decoded: Decoded,
  algorithm: VerificationKey["algorithm"],
  material: unknown,
  key: () => VerificationKey,
  nowMs: number,
): JwtVerification {
  if (decoded.header.alg !== algorithm) return { ok: false, reason: "unsupported algorithm" };
  const hit = verified.get(token);
  if (!hit || hit.material !== material || hit.algorithm !== algorithm) {
    if (!signatureValid(token, key())) return { ok: false, reason: "invalid signature" };
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { decoded, algorithm, material });
  }
  return checkTimes(decoded.claims, nowMs);
}

/**
 * Verifies a JWT with the key the project trusts for it: the signing key its
 * `kid` names, or the legacy JWT secret when it names none.
 */
export function verifyProjectToken(project: ProjectRecord, token: string, nowMs: number): JwtVerification {
  const decoded = decodeCached(token);
  if (!decoded) return { ok: false, reason: "malformed token" };
  const kid = decoded.header.kid;
  if (kid !== undefined) {
    const k = project.settings?.signingKeys?.find((x) => x.id === kid);
    if (!k) return { ok: false, reason: "unknown signing key" };
    if (k.status === "revoked") return { ok: false, reason: "the signing key is revoked" };
    const material = k.algorithm === "HS256" ? String(k.privateJwk.k ?? "") : k.publicJwk;
    return verifyCached(token, decoded, k.algorithm, material, () => keyOf(k), nowMs);
  }
  if (!legacySecretTrusted(project)) return { ok: false, reason: "the legacy JWT secret is revoked" };
  const secret = project.jwtSecret;
  return verifyCached(
    token,
    decoded,
    "HS256",
    secret,
    () => ({ algorithm: "HS256", secret: Buffer.from(secret, "utf8") }),
    nowMs,
  );
}

/** The caller a request's keys stand for, or the gateway's refusal. */
export function gatewayCredentials(
  project: ProjectRecord,
  headers: IncomingHttpHeaders,
  nowMs: number,
): GatewayCaller | GatewayRefusal {
  const apiKey = header(headers, "apikey");
  if (!apiKey) return refusal("no-api-key", GatewayMessages.noApiKey);
  let caller: GatewayCaller;
  if (apiKey.startsWith("sb_")) {
    const k = opaqueKeys(project).find((o) => o.key === apiKey);
    if (!k) return refusal("invalid-api-key", GatewayMessages.invalidApiKey);
    const role = opaqueKeyRole(k);
    caller = { role, claims: { role }, apiKey: k.type };
  } else {
    // A legacy key: a JWT of the anon or service_role role signed with the project's secret.
    const v = decodeCached(apiKey)?.header.kid === undefined ? verifyProjectToken(project, apiKey, nowMs) : undefined;
    const role = v?.ok ? v.claims.role : undefined;
    if (!v?.ok || (role !== "anon" && role !== "service_role"))
      return refusal("invalid-api-key", GatewayMessages.invalidApiKey);
    if (project.settings?.legacyApiKeysDisabled === true)
      return refusal("legacy-api-keys-disabled", GatewayMessages.legacyKeysDisabled);
    caller = { role, claims: v.claims, apiKey: "legacy" };
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(headers, "authorization") ?? "")?.[1];
  if (bearer === undefined || bearer === apiKey) return caller;
  const v = verifyProjectToken(project, bearer, nowMs);
  if (!v.ok) return refusal("invalid-jwt", GatewayMessages.invalidJwt, v.reason);
  if (typeof v.claims.role !== "string" || v.claims.role === "")
    return refusal("invalid-jwt", GatewayMessages.invalidJwt, "the token has no role claim");
  return { role: v.claims.role, claims: v.claims, apiKey: caller.apiKey };
}
