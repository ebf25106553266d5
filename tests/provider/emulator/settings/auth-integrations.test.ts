/**
 * Realtime config, third-party auth, SSO providers, signing keys, the legacy
 * API keys switch and database webhooks: kept per project with --data-dir
 * across a restart, and the routes' own refusals.
 */
import { usePersistentEmulators } from "../../../../harness/suite";
import { startTestEmulator, type TestEmulator } from "../../../../harness/emulator";
import { newProject } from "./helpers";

const persistent = usePersistentEmulators("auth");
const { start, stop } = persistent;

const XML = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/e"><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></EntityDescriptor>`;

/** Everything a client can read of these settings. */
async function snapshot(emu: TestEmulator, ref: string) {
  const p = `/v1/projects/${ref}`;
  return {
    realtime: (await emu.api("GET", `${p}/config/realtime`)).body,
    tpa: (await emu.api("GET", `${p}/config/auth/third-party-auth`)).body,
    sso: (await emu.api("GET", `${p}/config/auth/sso/providers`)).body,
    keys: (await emu.api("GET", `${p}/config/auth/signing-keys`)).body,
    legacyKey: (await emu.api("GET", `${p}/config/auth/signing-keys/legacy`)).body,
    legacyApiKeys: (await emu.api("GET", `${p}/api-keys/legacy`)).body,
    hooks: (
      await emu.api("POST", `${p}/database/query`, {
        query: "select to_regclass('supabase_functions.hooks')::text as hooks",
      })
    ).body,
  };
}

test("every setting survives a restart", async () => {
  const first = await start();
  const ref = await newProject(first);
  const p = `/v1/projects/${ref}`;
  const ok = async (method: string, url: string, body?: unknown) => {
    const r = await first.api(method, url, body);
    expect({ url, status: r.status }).toEqual({ url, status: r.status < 300 ? r.status : 200 });
    return r.body;
  };
  await ok("PATCH", `${p}/config/realtime`, { private_only: true, max_concurrent_users: 500 });
  await ok("POST", `${p}/config/auth/third-party-auth`, { oidc_issuer_url: "https://issuer.example.com" });
  await ok("PATCH", `${p}/config/auth`, { saml_enabled: true });
  await ok("POST", `${p}/config/auth/sso/providers`, { type: "saml", metadata_xml: XML, domains: ["example.com"] });
  await ok("POST", `${p}/config/auth/signing-keys/legacy`);
  await ok("POST", `${p}/config/auth/signing-keys`, { algorithm: "ES256", status: "in_use" });
  await ok("PUT", `${p}/api-keys/legacy?enabled=false`);
  await ok("POST", `${p}/database/webhooks/enable`);
  const before = await snapshot(first, ref);
  expect(before).toMatchObject({
    realtime: { private_only: true, max_concurrent_users: 500 },
    legacyKey: { status: "previously_used", algorithm: "HS256" },
    legacyApiKeys: { enabled: false },
    hooks: [{ hooks: "supabase_functions.hooks" }],
  });
  await stop(first);

  const second = await start();
  expect(await snapshot(second, ref)).toEqual(before);
  // The private keys stay the emulator's: in its state file, never in an answer.
  expect(JSON.stringify(before)).not.toMatch(/"d":|"k":/);
});

test("the routes' refusals", async () => {
  const emu = await startTestEmulator({ provisioningDelayMs: 0 });
  persistent.adopt(emu);
  const ref = await newProject(emu, "refusals");
  const p = `/v1/projects/${ref}`;
  const expectRefused = async (method: string, url: string, body: unknown, status: number, message: RegExp) => {
    const r = await emu.api(method, url, body);
    expect({ url, status: r.status, message: r.body?.message }).toEqual({
      url,
      status,
      message: expect.stringMatching(message),
    });
  };
  await expectRefused("PATCH", `${p}/config/realtime`, { max_concurrent_users: 0 }, 400, /max_concurrent_users/);
  await expectRefused("POST", `${p}/config/auth/third-party-auth`, {}, 400, /One of oidc_issuer_url/);
  await expectRefused("POST", `${p}/config/auth/third-party-auth`, { jwks_url: "http://x.example.com" }, 400, /https/);
  await expectRefused(
    "POST",
    `${p}/config/auth/third-party-auth`,
    { custom_jwks: { keys: [{}] } },
    400,
    /JSON Web Key Set/,
  );
  await expectRefused("GET", `${p}/config/auth/sso/providers`, undefined, 404, /SAML 2\.0 support is not enabled/);
  await emu.api("PATCH", `${p}/config/auth`, { saml_enabled: true });
  await expectRefused(
    "POST",
    `${p}/config/auth/sso/providers`,
    { type: "saml" },
    400,
    /Either metadata_xml or metadata_url/,
  );
  await expectRefused("POST", `${p}/config/auth/sso/providers`, { type: "saml", metadata_xml: "<x/>" }, 400, /invalid/);
  await expectRefused(
    "POST",
    `${p}/config/auth/sso/providers`,
    { type: "saml", metadata_url: "https://idp.example.com/m", domains: ["bad domain"] },
    400,
    /not a valid domain/,
  );
  const sso = await emu.api("POST", `${p}/config/auth/sso/providers`, { type: "saml", metadata_xml: XML });
  await expectRefused(
    "POST",
    `${p}/config/auth/sso/providers`,
    { type: "saml", metadata_xml: XML },
    422,
    /already exists/,
  );
  await expectRefused(
    "PUT",
    `${p}/config/auth/sso/providers/${sso.body.id}`,
    { metadata_url: "https://other.example.com/m" },
    400,
    /different entity ID/,
  );
  await expectRefused("PUT", `${p}/api-keys/legacy`, undefined, 400, /enabled/);
  await expectRefused("GET", `${p}/config/auth/signing-keys/legacy`, undefined, 404, /has not been set up/);
  await expectRefused(
    "POST",
    `${p}/config/auth/signing-keys`,
    { algorithm: "RS256", private_jwk: { kty: "EC" } },
    400,
    /RSA key/,
  );
  const key = await emu.api("POST", `${p}/config/auth/signing-keys`, { algorithm: "HS256" });
  expect(key.body).toMatchObject({ status: "standby", public_jwk: null });
  await expectRefused(
    "PATCH",
    `${p}/config/auth/signing-keys/${key.body.id}`,
    { status: "previously_used" },
    400,
    /from standby/,
  );
  await emu.control("PUT", `/projects/${ref}/status`, { status: "ACTIVE_UNHEALTHY" });
  await expectRefused("POST", `${p}/database/webhooks/enable`, undefined, 500, /Failed to enable Database Webhooks/);
});
