/**
 * JSON Web Tokens with node:crypto only. Projects sign their legacy API keys
 * (anon, service_role) with a per-project HS256 secret; user tokens may also
 * be signed by the project's signing keys (RS256, ES256, EdDSA, HS256, each
 * named by its `kid`), which the gateway (gateway.ts) verifies.
 */
import { createHmac, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify } from "node:crypto";

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

/** The algorithms of the project's signing keys. */
export type SigningAlgorithm = "RS256" | "ES256" | "EdDSA" | "HS256";

/** What a signing key verifies with: the public JWK, or the shared secret of an HS256 key. */
export interface VerificationKey {
  algorithm: SigningAlgorithm;
  /** The public JWK (RS256, ES256, EdDSA). */
  publicJwk?: Record<string, unknown> | null;
  /** The shared secret (HS256). */
  secret?: Buffer;
}

/** The header and claims of a compact JWT, unverified; undefined when it is not one. */
export function decodeJwt(token: string): { header: Record<string, unknown>; claims: JwtClaims } | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8"));
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    return isObject(header) && isObject(claims) ? { header, claims } : undefined;
  } catch {
    return undefined;
  }
}

const NODE_DIGEST: Record<SigningAlgorithm, string | null> = {
  RS256: "sha256",
  ES256: "sha256",
  EdDSA: null,
  HS256: "sha256",
};

/** Signs claims with a signing key's private JWK (tests and tools sign user tokens this way). */
export function signJwtWithKey(
  claims: JwtClaims,
  key: { algorithm: SigningAlgorithm; privateJwk: Record<string, unknown>; kid?: string },
): string {
  const head: Record<string, unknown> = { alg: key.algorithm, typ: "JWT" };
  if (key.kid !== undefined) head.kid = key.kid;
  const input = `${b64url(JSON.stringify(head))}.${b64url(JSON.stringify(claims))}`;
  const signature =
    key.algorithm === "HS256"
      ? createHmac("sha256", Buffer.from(String(key.privateJwk.k), "base64url"))
          .update(input)
          .digest()
      : sign(NODE_DIGEST[key.algorithm], Buffer.from(input), {
          key: createPrivateKey({ key: key.privateJwk as never, format: "jwk" }),
          dsaEncoding: "ieee-p1363",
        });
  return `${input}.${b64url(signature)}`;
}

/** Whether the token's signature is the key's (the algorithm already checked against the key's). */
export function signatureValid(token: string, key: VerificationKey): boolean {
  const [headerPart, payloadPart, signaturePart] = token.split(".");
  const input = Buffer.from(`${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, "base64url");
  let valid: boolean;
  try {
    if (key.algorithm === "HS256") {
      const expected = createHmac("sha256", key.secret ?? Buffer.alloc(0))
        .update(input)
        .digest();
      valid = given.length === expected.length && timingSafeEqual(given, expected);
    } else {
      const pub = createPublicKey({ key: (key.publicJwk ?? {}) as never, format: "jwk" });
      valid = verify(NODE_DIGEST[key.algorithm], input, { key: pub, dsaEncoding: "ieee-p1363" }, given);
    }
  } catch {
    valid = false;
  }
  return valid;
}

/** `exp` and `nbf` at `nowMs`: the claims, or why they are not valid now. */
export function checkTimes(claims: JwtClaims, nowMs: number): JwtVerification {
  if (typeof claims.exp === "number" && claims.exp * 1000 <= nowMs) return { ok: false, reason: "token has expired" };
  if (typeof claims.nbf === "number" && claims.nbf * 1000 > nowMs)
    return { ok: false, reason: "token is not valid yet" };
  return { ok: true, claims };
}
