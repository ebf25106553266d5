// A zero-downtime rotation of a project's JWT signing key, away from the
// legacy JWT secret, one `pulumi up` per step (`pulumi config set step N`):
//
// 1. The legacy secret is taken over as a signing key (it keeps signing), and
//    a new ES256 key is added in standby: it is published in the project's
//    JWKS, so every verifier learns it before it signs anything.
// 2. The new key is made in use and the old one becomes previously used: new
//    tokens are signed with the new key, and tokens signed with the old one
//    still verify.
// 3. Once every token the old key signed has expired (the auth config's
//    `jwtExp`), the old key is revoked.
// 4. The old key is removed from the program, which deletes it.
//
// Between steps nothing is refused and no token stops verifying early.
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

const config = new pulumi.Config();
const step = config.getNumber("step") ?? 1;
if (![1, 2, 3, 4].includes(step)) throw new Error(`step must be 1, 2, 3 or 4, not ${step}`);

const org = new supabase.Organization("org", { name: "Rotation Example" });
const project = new supabase.Project("project", {
  name: "rotation-example",
  organizationId: org.organizationId,
  region: "eu-central-1",
  dbPass: config.requireSecret("dbPass"),
  createTimeoutSeconds: 900,
});

// How long the old key's tokens live: the wait between steps 2 and 3.
new supabase.AuthConfig("auth", { projectRef: project.ref, jwtExp: 3600 });

const next = new supabase.SigningKey("next", {
  projectRef: project.ref,
  algorithm: "ES256",
  status: step >= 2 ? "in_use" : "standby",
});

// The legacy secret, after `next`: in step 2 the service retires it when `next` takes over.
const legacy =
  step <= 3
    ? new supabase.SigningKey(
        "legacy",
        {
          projectRef: project.ref,
          legacy: true,
          status: step === 1 ? "in_use" : step === 2 ? "previously_used" : "revoked",
        },
        { dependsOn: [next] },
      )
    : undefined;

export const nextKeyId = next.signingKeyId;
export const nextPublicJwk = next.publicJwk;
export const nextStatus = next.status;
export const legacyStatus = legacy?.status;
