/**
 * JWT signing keys (`…/config/auth/signing-keys`, `…/{id}`) and the legacy
 * JWT secret taken over as one (`…/signing-keys/legacy`), kept per project in
 * the durable store. The emulator generates each key (RSA 2048, P-256,
 * Ed25519, or a 256-bit HS256 secret) unless a private JWK is given, answers
 * only the public JWK (none for HS256), and keeps the private one to itself.
 *
 * The service's rules: a new key is `standby` (or `in_use`); at most one key
 * is `in_use`, and making a key `in_use` moves the one in use to
 * `previously_used` (still verifying the tokens it signed). From `standby` a
 * key can only go `in_use`; from `previously_used` back to `in_use` (a roll
 * back) or on to `revoked`; `in_use` only leaves by another key taking over;
 * `revoked` is final. Only `standby` and `revoked` keys can be removed. Any
 * other move is refused with 400.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type JsonWebKey,
} from "node:crypto";
import { CreateSigningKeyBody, UpdateSigningKeyBody } from "../generated/config-schemas";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";
import type { EmulatorContext } from "../store/context";
import type { ProjectRecord, ProjectSettingsRecord, SigningKeyRecord, SigningKeyStatus } from "../store/records";

type Algorithm = SigningKeyRecord["algorithm"];

const KEY_NOT_FOUND = "Signing key not found";
const KTY: Record<Algorithm, string> = { RS256: "RSA", ES256: "EC", EdDSA: "OKP", HS256: "oct" };

/** The moves the service allows, from → to (staying put is always allowed). */
const ALLOWED: Record<SigningKeyStatus, readonly SigningKeyStatus[]> = {
  standby: ["in_use"],
  in_use: [],
  previously_used: ["in_use", "revoked"],
  revoked: [],
};

function transitionError(from: SigningKeyStatus, to: SigningKeyStatus): ApiError {
  const why =
    from === "in_use"
      ? "the key in use only leaves that status when another key is made in_use (it then becomes previously_used)"
      : from === "revoked"
        ? "a revoked key cannot be used again"
        : `a ${from} key can only become ${ALLOWED[from].join(" or ")}`;
  return new ApiError(400, `Invalid signing key status transition from ${from} to ${to}: ${why}`);
}

function generate(algorithm: Algorithm): JsonWebKey {
  if (algorithm === "HS256") return { kty: "oct", k: randomBytes(32).toString("base64url") };
  const pair =
    algorithm === "RS256"
      ? generateKeyPairSync("rsa", { modulusLength: 2048 })
      : algorithm === "ES256"
        ? generateKeyPairSync("ec", { namedCurve: "P-256" })
        : generateKeyPairSync("ed25519");
  return pair.privateKey.export({ format: "jwk" });
}

/** The public JWK of a private one (null for a shared HS256 secret). */
function publicOf(id: string, algorithm: Algorithm, priv: JsonWebKey): Record<string, unknown> | null {
  if (algorithm === "HS256") return null;
  let pub: JsonWebKey;
  try {
    pub = createPublicKey(createPrivateKey({ key: priv, format: "jwk" })).export({ format: "jwk" });
  } catch {
    throw new ApiError(400, "private_jwk is not a valid private key");
  }
  return { ...pub, kid: id, alg: algorithm, use: "sig", key_ops: ["verify"], ext: true };
}

function view(app: EmulatorContext, k: SigningKeyRecord) {
  return {
    id: k.id,
    algorithm: k.algorithm,
    status: k.status,
    public_jwk: k.publicJwk,
    created_at: app.clock.iso(k.createdAtMs),
    updated_at: app.clock.iso(k.updatedAtMs),
  };
}

function keysOf(
  app: EmulatorContext,
  ref: string,
): { project: ProjectRecord; settings: ProjectSettingsRecord; keys: SigningKeyRecord[] } {
  const { project, settings } = projectSettings(app, ref);
  return { project, settings, keys: (settings.signingKeys ??= []) };
}

function findKey(keys: SigningKeyRecord[], id: string): SigningKeyRecord {
  const k = keys.find((x) => x.id === id);
  if (!k) throw new ApiError(404, KEY_NOT_FOUND);
  return k;
}

/** Makes a key the one in use: the key in use before becomes previously_used. */
function putInUse(keys: SigningKeyRecord[], k: SigningKeyRecord, now: number): void {
  for (const other of keys)
    if (other !== k && other.status === "in_use") {
      other.status = "previously_used";
      other.updatedAtMs = now;
    }
  k.status = "in_use";
}

export const signingKeyRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/signing-keys",
    handler: ({ app, params }) => ({
      status: 200,
      body: { keys: keysOf(app, params.ref).keys.map((k) => view(app, k)) },
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/config/auth/signing-keys",
    body: CreateSigningKeyBody,
    handler: ({ app, params, body }) => {
      const { keys } = keysOf(app, params.ref);
      const given = body.private_jwk as JsonWebKey | undefined;
      if (given !== undefined) {
        if (typeof given !== "object" || given === null || given.kty !== KTY[body.algorithm])
          throw new ApiError(400, `private_jwk must be a ${KTY[body.algorithm]} key for ${body.algorithm}`);
        if (body.algorithm === "HS256" && (typeof given.k !== "string" || given.k.length < 16))
          throw new ApiError(400, "private_jwk.k must be at least 16 characters");
      }
      const id = randomUUID();
      const priv = given ?? generate(body.algorithm);
      const now = app.clock.now();
      const k: SigningKeyRecord = {
        id,
        algorithm: body.algorithm,
        status: "standby",
        publicJwk: publicOf(id, body.algorithm, priv),
        privateJwk: priv as Record<string, unknown>,
        createdAtMs: now,
        updatedAtMs: now,
      };
      if (body.status === "in_use") putInUse(keys, k, now);
      keys.push(k);
      app.store.commit();
      return { status: 201, body: view(app, k) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/signing-keys/legacy",
    handler: ({ app, params }) => {
      const k = keysOf(app, params.ref).keys.find((x) => x.legacy);
      if (!k) throw new ApiError(404, "The legacy JWT secret has not been set up as a signing key");
      return { status: 200, body: view(app, k) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/config/auth/signing-keys/legacy",
    handler: ({ app, params }) => {
      const { project, keys } = keysOf(app, params.ref);
      if (keys.some((x) => x.legacy))
        throw new ApiError(400, "The legacy JWT secret is already set up as a signing key");
      const now = app.clock.now();
      const k: SigningKeyRecord = {
        id: randomUUID(),
        algorithm: "HS256",
        status: "in_use",
        publicJwk: null,
        privateJwk: { kty: "oct", k: Buffer.from(project.jwtSecret, "utf8").toString("base64url") },
        legacy: true,
        createdAtMs: now,
        updatedAtMs: now,
      };
      putInUse(keys, k, now);
      keys.push(k);
      app.store.commit();
      return { status: 201, body: view(app, k) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/config/auth/signing-keys/{id}",
    handler: ({ app, params }) => ({ status: 200, body: view(app, findKey(keysOf(app, params.ref).keys, params.id)) }),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/projects/{ref}/config/auth/signing-keys/{id}",
    body: UpdateSigningKeyBody,
    handler: ({ app, params, body }) => {
      const { keys } = keysOf(app, params.ref);
      const k = findKey(keys, params.id);
      if (k.status !== body.status) {
        if (!ALLOWED[k.status].includes(body.status)) throw transitionError(k.status, body.status);
        const now = app.clock.now();
        if (body.status === "in_use") putInUse(keys, k, now);
        else k.status = body.status;
        k.updatedAtMs = now;
        app.store.commit();
      }
      return { status: 200, body: view(app, k) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/config/auth/signing-keys/{id}",
    handler: ({ app, params }) => {
      const { settings, keys } = keysOf(app, params.ref);
      const k = findKey(keys, params.id);
      if (k.status !== "standby" && k.status !== "revoked")
        throw new ApiError(400, `Only standby or revoked signing keys can be removed; this one is ${k.status}`);
      settings.signingKeys = keys.filter((x) => x !== k);
      app.store.commit();
      return { status: 200, body: view(app, k) };
    },
  }),
];
