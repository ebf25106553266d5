/**
 * The project gateway's credentials check (emulator/auth/gateway.ts) on every
 * route that takes a project's keys. The keyed routes are read from the
 * emulator's route table, so a new one is in the matrix without being named
 * here; each meets every kind of key: the publishable and secret keys, the
 * legacy anon and service_role keys with legacy keys on and off, a bearer JWT
 * signed by the legacy secret and by each signing key in each status
 * (standby, in use, previously used, revoked), and missing, garbage or
 * misplaced credentials. The role each request acted as is read from the
 * request log; refusals are compared whole.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { signJwt, signJwtWithKey, type SigningAlgorithm } from "../../../emulator/auth/jwt";
import { authOf, type RouteDef } from "../../../emulator/pipeline/router";
import { buildRouter } from "../../../emulator/route-table";
import type { TestEmulator } from "../../../harness/emulator";
import { useEmulator } from "../../../harness/suite";
import { newProject } from "./settings/helpers";

const routes = buildRouter().list();
const keyed = routes.filter((r) => authOf(r) === "apikey");

let emu: TestEmulator;
let ref: string;
const keys: Record<"publishable" | "secret" | "anon" | "service_role", string> = {} as never;

useEmulator({
  emulator: { provisioningDelayMs: 0 },
  setup: async (e) => {
    emu = e;
    ref = await newProject(emu, "gateway");
    const list = (await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<{
      name: string;
      type: string;
      api_key: string;
    }>;
    const find = (type: string, name: string) => list.find((k) => k.type === type && k.name === name)!.api_key;
    keys.publishable = find("publishable", "default");
    keys.secret = find("secret", "default");
    keys.anon = find("legacy", "anon");
    keys.service_role = find("legacy", "service_role");
    // A public bucket every role may read, for the bucket routes.
    expect(
      (
        await call(
          routes.find((r) => r.path.endsWith("/bucket") && r.method === "POST")!,
          keys.secret,
        )
      ).status,
    ).toBe(200);
  },
});

/** A concrete request for a route template: the project, the shared bucket, an object path, a small body. */
function requestFor(route: RouteDef): { url: string; body?: string; headers: Record<string, string> } {
  const path = route.path
    .replace("{ref}", ref)
    .replace(/\{(id|bucket)\}/, "shared")
    .replace("{path+}", "gateway/a.txt");
  const url = `${emu.projectUrlTemplate.replace("{ref}", ref)}${path.replace(`/project/${ref}`, "")}`;
  if (route.method === "GET" || route.method === "DELETE") return { url, headers: {} };
  const json = (v: unknown) => ({ url, body: JSON.stringify(v), headers: { "content-type": "application/json" } });
  if (route.path.endsWith("/graphql/v1")) return json({ query: "{ __typename }" });
  if (route.path.endsWith("/bucket")) return json({ name: "shared", public: true });
  if (route.path.includes("/object/list/")) return json({ prefix: "" });
  if (route.path.includes("{path+}"))
    return { url, body: "hello", headers: { "content-type": "text/plain", "x-upsert": "true" } };
  return json({});
}

async function call(route: RouteDef, apiKey?: string, bearer?: string) {
  const { url, body, headers } = requestFor(route);
  if (apiKey !== undefined) headers.apikey = apiKey;
  if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`;
  const res = await fetch(url, { method: route.method, headers, body });
  const text = await res.text();
  const log = (await emu.requests()).filter((e) => e.api !== "management").at(-1);
  return { status: res.status, body: text === "" ? text : JSON.parse(text), role: log?.role, logged: log?.route };
}

type Expected = { role: string } | { refused: string } | { badJwt: true };

/** Every keyed route, with one set of credentials, answers as expected. */
async function expectEveryRoute(apiKey: string | undefined, bearer: string | undefined, expected: Expected) {
  for (const route of keyed) {
    const res = await call(route, apiKey, bearer);
    const where = `${route.method} ${route.path}`;
    expect({ where, logged: res.logged }).toEqual({ where, logged: where });
    if ("role" in expected) {
      expect({ where, status: res.status === 401, role: res.role }).toEqual({
        where,
        status: false,
        role: expected.role,
      });
    } else if ("refused" in expected) {
      expect({ where, status: res.status, body: res.body, role: res.role }).toEqual({
        where,
        status: 401,
        body: { message: expected.refused },
        role: undefined,
      });
    } else {
      // The gateway passes a bearer token on; the service behind it refuses it in its own words.
      const refusal =
        route.surface === "storage"
          ? { status: 400, body: { statusCode: "403", error: "Unauthorized", message: expect.any(String) } }
          : { status: 401, body: { message: "Invalid JWT" } };
      expect({ where, status: res.status, body: res.body, role: res.role }).toEqual({
        where,
        ...refusal,
        role: undefined,
      });
    }
  }
}

const userClaims = () => ({
  role: "authenticated",
  sub: "7f6a1c2e-0000-4000-8000-000000000001",
  exp: nowSeconds() + 600,
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

function privateJwk(algorithm: SigningAlgorithm): Record<string, unknown> {
  if (algorithm === "HS256") return { kty: "oct", k: randomBytes(32).toString("base64url") };
  const pair =
    algorithm === "RS256"
      ? generateKeyPairSync("rsa", { modulusLength: 2048 })
      : algorithm === "ES256"
        ? generateKeyPairSync("ec", { namedCurve: "P-256" })
        : generateKeyPairSync("ed25519");
  return pair.privateKey.export({ format: "jwk" }) as Record<string, unknown>;
}

test("the keyed routes are exactly the project URLs' routes, GraphQL and Storage among them", () => {
  const projectUrlRoutes = routes.filter((r) => r.path.startsWith("/project/"));
  expect(keyed).toEqual(projectUrlRoutes);
  expect(new Set(keyed.map((r) => r.surface))).toEqual(new Set(["graphql", "storage"]));
  // The management API takes the access token, never project keys.
  expect(routes.filter((r) => (r.surface ?? "management") === "management").every((r) => authOf(r) === "token")).toBe(
    true,
  );
});

test("missing, garbage and misplaced keys are refused with the gateway's words", async () => {
  await expectEveryRoute(undefined, undefined, { refused: "No API key found in request" });
  await expectEveryRoute("", undefined, { refused: "No API key found in request" });
  await expectEveryRoute("nope", undefined, { refused: "Invalid API key" });
  await expectEveryRoute("sb_publishable_not-one-of-the-projects", undefined, { refused: "Invalid API key" });
  // A user token is not an API key, nor a key of another project's secret.
  await expectEveryRoute(signJwt(userClaims(), await emu.jwtSecret(ref)), undefined, { refused: "Invalid API key" });
  await expectEveryRoute(signJwt({ role: "service_role" }, "x".repeat(40)), undefined, { refused: "Invalid API key" });
  // A bearer token alone is no API key.
  await expectEveryRoute(undefined, keys.service_role, { refused: "No API key found in request" });
});

test("the publishable and secret keys, and the legacy keys while they are on", async () => {
  await expectEveryRoute(keys.publishable, undefined, { role: "anon" });
  await expectEveryRoute(keys.secret, undefined, { role: "service_role" });
  await expectEveryRoute(keys.secret, keys.secret, { role: "service_role" });
  await expectEveryRoute(keys.anon, undefined, { role: "anon" });
  await expectEveryRoute(keys.service_role, undefined, { role: "service_role" });
  await expectEveryRoute(keys.anon, keys.service_role, { role: "service_role" });
});

test("with legacy keys off, the anon and service_role keys are refused on every keyed route", async () => {
  const legacy = (enabled: boolean) => emu.api("PUT", `/v1/projects/${ref}/api-keys/legacy?enabled=${enabled}`);
  expect((await legacy(false)).body).toEqual({ enabled: false });
  try {
    await expectEveryRoute(keys.anon, undefined, { refused: "Legacy API keys are disabled" });
    await expectEveryRoute(keys.service_role, undefined, { refused: "Legacy API keys are disabled" });
    await expectEveryRoute(keys.service_role, keys.service_role, { refused: "Legacy API keys are disabled" });
    // The new keys keep working, and user tokens signed with the legacy secret still verify.
    await expectEveryRoute(keys.publishable, undefined, { role: "anon" });
    await expectEveryRoute(keys.secret, undefined, { role: "service_role" });
    await expectEveryRoute(keys.publishable, signJwt(userClaims(), await emu.jwtSecret(ref)), {
      role: "authenticated",
    });
  } finally {
    expect((await legacy(true)).body).toEqual({ enabled: true });
  }
  await expectEveryRoute(keys.anon, undefined, { role: "anon" });
});

test("a bearer JWT is trusted when signed by the legacy secret or a signing key not revoked", async () => {
  const secret = await emu.jwtSecret(ref);
  await expectEveryRoute(keys.publishable, signJwt(userClaims(), secret), { role: "authenticated" });
  await expectEveryRoute(keys.publishable, signJwt({ ...userClaims(), exp: nowSeconds() - 60 }, secret), {
    badJwt: true,
  });
  await expectEveryRoute(keys.publishable, signJwt(userClaims(), "y".repeat(40)), { badJwt: true });
  await expectEveryRoute(keys.publishable, "not-a-jwt", { badJwt: true });
  await expectEveryRoute(keys.publishable, signJwt({ sub: "no-role", exp: nowSeconds() + 60 }, secret), {
    badJwt: true,
  });

  const base = `/v1/projects/${ref}/config/auth/signing-keys`;
  const signers: Record<string, { id: string; sign: () => string }> = {};
  for (const algorithm of ["RS256", "ES256", "EdDSA", "HS256"] as const) {
    const jwk = privateJwk(algorithm);
    const created = await emu.api("POST", base, { algorithm, private_jwk: jwk });
    expect(created).toMatchObject({ status: 201, body: { algorithm, status: "standby" } });
    const id = created.body.id as string;
    signers[algorithm] = { id, sign: () => signJwtWithKey(userClaims(), { algorithm, privateJwk: jwk, kid: id }) };
  }
  const patch = async (id: string, status: string) =>
    expect((await emu.api("PATCH", `${base}/${id}`, { status })).body).toMatchObject({ id, status });

  // Standby keys are trusted already (published ahead of their use).
  for (const algorithm of Object.keys(signers))
    await expectEveryRoute(keys.publishable, signers[algorithm].sign(), { role: "authenticated" });
  // In use, then previously used once another key takes over: still trusted.
  await patch(signers.RS256.id, "in_use");
  await expectEveryRoute(keys.publishable, signers.RS256.sign(), { role: "authenticated" });
  await patch(signers.ES256.id, "in_use");
  expect((await emu.api("GET", `${base}/${signers.RS256.id}`)).body.status).toBe("previously_used");
  await expectEveryRoute(keys.publishable, signers.RS256.sign(), { role: "authenticated" });
  await expectEveryRoute(keys.secret, signers.ES256.sign(), { role: "authenticated" });
  // Revoked: its tokens are refused, the others' still pass.
  await patch(signers.RS256.id, "revoked");
  await expectEveryRoute(keys.publishable, signers.RS256.sign(), { badJwt: true });
  await expectEveryRoute(keys.publishable, signers.ES256.sign(), { role: "authenticated" });
  // A token naming a key the project does not have, or signed by another key than the one it names.
  const forged = signJwtWithKey(userClaims(), {
    algorithm: "ES256",
    privateJwk: privateJwk("ES256"),
    kid: signers.ES256.id,
  });
  await expectEveryRoute(keys.publishable, forged, { badJwt: true });
  const stranger = signJwtWithKey(userClaims(), { algorithm: "ES256", privateJwk: privateJwk("ES256"), kid: "nope" });
  await expectEveryRoute(keys.publishable, stranger, { badJwt: true });
  // A signing key's token is a user token, not an API key.
  await expectEveryRoute(signers.ES256.sign(), undefined, { refused: "Invalid API key" });
});

test("once the legacy secret is revoked as a signing key, neither its keys nor its tokens pass", async () => {
  const base = `/v1/projects/${ref}/config/auth/signing-keys`;
  const legacy = await emu.api("POST", `${base}/legacy`);
  expect(legacy).toMatchObject({ status: 201, body: { algorithm: "HS256", status: "in_use" } });
  const secret = await emu.jwtSecret(ref);
  // Taken over as a signing key, the secret still verifies (with or without its kid).
  await expectEveryRoute(keys.anon, undefined, { role: "anon" });
  await expectEveryRoute(keys.publishable, signJwt(userClaims(), secret), { role: "authenticated" });
  const next = await emu.api("POST", base, { algorithm: "ES256", status: "in_use" });
  expect(next.status).toBe(201);
  expect((await emu.api("PATCH", `${base}/${legacy.body.id}`, { status: "revoked" })).body.status).toBe("revoked");
  await expectEveryRoute(keys.anon, undefined, { refused: "Invalid API key" });
  await expectEveryRoute(keys.service_role, undefined, { refused: "Invalid API key" });
  await expectEveryRoute(keys.publishable, signJwt(userClaims(), secret), { badJwt: true });
  // The new keys do not depend on the legacy secret.
  await expectEveryRoute(keys.publishable, undefined, { role: "anon" });
  await expectEveryRoute(keys.secret, undefined, { role: "service_role" });
});

test("a token verified once is still checked for expiry on each request", async () => {
  // The gateway remembers a valid signature, not a verdict: the same token, presented after the clock moved past
  // its `exp`, is refused. (The legacy secret is revoked by now: an HS256 signing key signs it.)
  const graphql = keyed.find((r) => r.path.endsWith("/graphql/v1"))!;
  const jwk = privateJwk("HS256");
  const created = await emu.api("POST", `/v1/projects/${ref}/config/auth/signing-keys`, {
    algorithm: "HS256",
    private_jwk: jwk,
  });
  expect(created.status).toBe(201);
  const claims = { ...userClaims(), exp: nowSeconds() + 60 };
  const token = signJwtWithKey(claims, { algorithm: "HS256", privateJwk: jwk, kid: created.body.id as string });
  expect((await call(graphql, keys.publishable, token)).role).toBe("authenticated");
  expect((await call(graphql, keys.publishable, token)).role).toBe("authenticated");
  await emu.advanceTime(120_000);
  expect(await call(graphql, keys.publishable, token)).toMatchObject({ status: 401, body: { message: "Invalid JWT" } });
});
