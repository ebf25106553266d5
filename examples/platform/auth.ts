// A project's auth integrations and keys, its Realtime settings and database webhooks: who may sign in (SAML SSO,
// a third-party issuer), what signs and verifies its tokens (signing keys, the legacy JWT keys turned off), and two
// services around the database. index.ts calls `authServices(project)`.
import * as supabase from "supabase-pulumi";

export function authServices(project: supabase.Project) {
  const ref = project.ref;

  // Realtime: private channels only, and a higher user limit; other settings stay as they are.
  new supabase.RealtimeConfig("realtime", { projectRef: ref, privateOnly: true, maxConcurrentUsers: 500 });

  // Tokens of a Firebase project are accepted too (any change replaces the integration).
  const firebase = new supabase.ThirdPartyAuth("firebase", {
    projectRef: ref,
    oidcIssuerUrl: "https://securetoken.google.com/platform-example",
  });

  // SAML SSO needs SAML enabled in the auth config first.
  const auth = new supabase.AuthConfig("auth", { projectRef: ref, samlEnabled: true });
  const okta = new supabase.SsoProvider(
    "okta",
    {
      projectRef: ref,
      metadataUrl: "https://acme.okta.com/app/exk1/sso/saml/metadata",
      domains: ["acme.com", "corp.acme.com"],
      attributeMapping: { keys: { email: { name: "email" }, full_name: { names: ["displayName", "cn"] } } },
    },
    { dependsOn: [auth] },
  );

  // The next signing key, published in standby (see examples/signing-key-rotation for a whole rotation).
  const nextKey = new supabase.SigningKey("next-key", { projectRef: ref, algorithm: "ES256", status: "standby" });

  // Every client uses publishable and secret keys: the JWT-based anon and service_role keys are refused.
  new supabase.LegacyApiKeys("legacy-keys", { projectRef: ref, enabled: false });

  // Database webhooks (Beta): they can only be turned on; destroy leaves them on.
  new supabase.DatabaseWebhooks("webhooks", { projectRef: ref });

  return { issuerType: firebase.type, ssoEntityId: okta.entityId, nextKeyJwk: nextKey.publicJwk };
}
