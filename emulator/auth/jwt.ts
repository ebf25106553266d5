/**
 * HS256 JSON Web Tokens with node:crypto only. Projects sign their legacy API
 * keys (anon, service_role) with a per-project secret; a project's GraphQL API
 * verifies bearer tokens with the same secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type ProjectRole = "anon" | "authenticated" | "service_role";

export interface JwtClaims {
  iss?: string;
  ref?: string;
  role?: string;
  iat?: number;
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

export type JwtVerification = { ok: true; claims: JwtClaims } | { ok: false; reason: string };

/** Legacy keys of the real service stay valid for about ten years. */
export const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/**
 * Checks signature, algorithm and expiry. `nowMs` comes from the emulator
 * clock so that advancing it can expire tokens.
 */
export function verifyJwt(token: string, secret: string, nowMs: number = Date.now()): JwtVerification {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed token" };
  const [headerPart, payloadPart, signaturePart] = parts;
  let header: { alg?: unknown };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed token" };
  }
  if (header.alg !== "HS256") return { ok: false, reason: "unsupported algorithm" };
  if (typeof claims !== "object" || claims === null || Array.isArray(claims))
    return { ok: false, reason: "malformed token" };
  const expected = createHmac("sha256", secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "invalid signature" };
  if (typeof claims.exp === "number" && claims.exp * 1000 <= nowMs) return { ok: false, reason: "token has expired" };
  if (typeof claims.nbf === "number" && claims.nbf * 1000 > nowMs)
    return { ok: false, reason: "token is not valid yet" };
  return { ok: true, claims };
}

/** The legacy API key of a project for a role; deterministic so every read returns the same key. */
export function signProjectJwt(
  project: { ref: string; jwtSecret: string; createdAtMs: number },
  role: ProjectRole,
): string {
  const iat = Math.floor(project.createdAtMs / 1000);
  return signJwt(
    { iss: "supabase", ref: project.ref, role, iat, exp: iat + API_KEY_LIFETIME_SECONDS },
    project.jwtSecret,
  );
}

export function verifyProjectJwt(token: string, project: { jwtSecret: string }, nowMs?: number): JwtVerification {
  return verifyJwt(token, project.jwtSecret, nowMs);
}
