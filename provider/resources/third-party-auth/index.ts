/**
 * ThirdPartyAuth: one third-party auth integration of a project (an OIDC
 * issuer, a JWKS URL or a custom JWKS whose tokens the project accepts).
 * Integrations cannot be changed in the service, so any input change replaces
 * it. One issuer (or JWKS URL) is one integration: declaring adopts the
 * project's integration for it. Its documentation is `thirdPartyAuthDoc`.
 */
import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { thirdPartyAuthImporter } from "./import";
import { withUnknownOutcome, type ThirdPartyAuth } from "../../client/management";
import { managementClient } from "../../context";
import { isNotFound, SupabaseError } from "../../errors";
import { managementFootprint, usageProjectRef, type ResourceDoc } from "../../resource-doc";
import {
  checkWith,
  diffFields,
  stableJson,
  type FieldRule,
  type Props,
  type ResourceImpl,
  splitRefId,
} from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";

const httpsUrl = (name: string) =>
  z.string({ error: `${name} must be a string` }).refine(
    (v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    },
    { message: `${name} must be an https:// URL` },
  );

const jwk = z.looseObject({ kty: z.string({ error: "each key needs a kty" }) });

export const thirdPartyAuthInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the integration.")
      .meta({ replaceOnChanges: true }),
    oidcIssuerUrl: httpsUrl("oidcIssuerUrl")
      .optional()
      .describe(
        "The OIDC issuer whose tokens the project accepts (e.g. `https://securetoken.google.com/<firebase-project>`); its keys are found through the issuer's discovery document. A change replaces the integration.",
      )
      .meta({ replaceOnChanges: true }),
    jwksUrl: httpsUrl("jwksUrl")
      .optional()
      .describe("A JWKS URL to take the verification keys from. A change replaces the integration.")
      .meta({ replaceOnChanges: true }),
    customJwks: z
      .object({
        keys: z.array(jwk, { error: "customJwks.keys must be a list of JWKs" }).min(1, "customJwks needs a key"),
      })
      .loose()
      .optional()
      .describe(
        "A JSON Web Key Set given inline (`{ keys: [...] }`), public keys only. A change replaces the integration.",
      )
      .meta({ replaceOnChanges: true, tsType: "{ keys: Array<{ kty: string; [field: string]: unknown }> }" }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.oidcIssuerUrl === undefined && v.jwksUrl === undefined && v.customJwks === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["oidcIssuerUrl"],
        message: "declare one of oidcIssuerUrl, jwksUrl or customJwks",
      });
    for (const [i, k] of (v.customJwks?.keys ?? []).entries())
      if ("d" in k || "p" in k || "q" in k || ("k" in k && k.kty === "oct"))
        ctx.addIssue({
          code: "custom",
          path: ["customJwks", "keys", i],
          message: "customJwks takes public keys only (no d, p, q or symmetric k)",
        });
  });

const FIELDS = ["oidcIssuerUrl", "jwksUrl", "customJwks"] as const;
const API: Record<(typeof FIELDS)[number], "oidc_issuer_url" | "jwks_url" | "custom_jwks"> = {
  oidcIssuerUrl: "oidc_issuer_url",
  jwksUrl: "jwks_url",
  customJwks: "custom_jwks",
};
const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  ...FIELDS.map((name) => ({ name, replaces: true, normalize: (v: unknown) => v ?? null })),
];

/** What makes an integration the same one: its issuer, else its JWKS URL, else its key set. */
function identity(v: Props): string {
  if (v.oidcIssuerUrl) return `issuer ${v.oidcIssuerUrl}`;
  if (v.jwksUrl) return `JWKS URL ${v.jwksUrl}`;
  return `custom JWKS ${stableJson(v.customJwks ?? null)}`;
}

const asInputs = (t: ThirdPartyAuth): Props => ({
  oidcIssuerUrl: t.oidc_issuer_url ?? undefined,
  jwksUrl: t.jwks_url ?? undefined,
  customJwks: t.custom_jwks ?? undefined,
});

/** The declared fields that differ from the service's integration. */
const differing = (inputs: Props, t: ThirdPartyAuth) =>
  FIELDS.filter((f) => stableJson(inputs[f] ?? null) !== stableJson(t[API[f]] ?? null));

async function findSame(ref: string, inputs: Props): Promise<ThirdPartyAuth | undefined> {
  const want = identity(inputs);
  return (await managementClient().listThirdPartyAuth(ref)).find((t) => identity(asInputs(t)) === want);
}

const outputs = (inputs: Props, t: ThirdPartyAuth): Props => ({ ...inputs, integrationId: t.id, type: t.type });

export const thirdPartyAuth: ResourceImpl = {
  async check(_olds, news) {
    const r = checkWith(thirdPartyAuthInputs, news);
    return { inputs: r.inputs, failures: r.failures };
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // The same issuer cannot be registered twice: the old one goes first.
    d.deleteBeforeReplace = (d.replaces?.length ?? 0) > 0 && identity(olds) === identity(news);
    return d;
  },

  async create(inputs) {
    const ref = inputs.projectRef as string;
    let t = await findSame(ref, inputs);
    if (t) {
      const differs = differing(inputs, t);
      if (differs.length > 0)
        throw new SupabaseError(
          "VALIDATION",
          `Project ${ref} already has a third-party auth integration for ${identity(inputs)} (${t.id}) with a different ${differs.join(", ")}; integrations cannot be changed: delete it, or declare its values.`,
        );
    } else {
      const body = Object.fromEntries(FIELDS.filter((f) => inputs[f] !== undefined).map((f) => [API[f], inputs[f]]));
      t = await withUnknownOutcome(
        () => managementClient().createThirdPartyAuth(ref, body),
        () => findSame(ref, inputs),
      );
    }
    return { id: `${ref}/${t.id}`, outs: outputs(inputs, t) };
  },

  async read(id, props) {
    const [ref, tpaId] = splitRefId(id, props, "integrationId");
    let t: ThirdPartyAuth | undefined;
    try {
      t = await managementClient().getThirdPartyAuth(ref, tpaId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    // Gone: replaced out of band by another integration for the same issuer, or deleted.
    if (!t && FIELDS.some((f) => props[f] !== undefined)) t = await findSame(ref, props);
    if (!t) return { id: "", props: {} };
    const changed: string[] = differing(props, t);
    if (t.id !== tpaId) changed.unshift("integrationId");
    const next: Props = { ...props, projectRef: ref, ...asInputs(t), integrationId: t.id, type: t.type };
    for (const f of FIELDS) if (next[f] === undefined) delete next[f];
    return { id: `${ref}/${t.id}`, props: withDrift(next, { changed }) };
  },

  async update(_id, olds, news) {
    // Every input replaces; only a refresh's drift marker is cleared here.
    const { drift: _d, ...rest } = olds;
    return { outs: { ...rest, ...news } };
  },

  async delete(id, props) {
    const [ref, tpaId] = splitRefId(id, props, "integrationId");
    try {
      await managementClient().deleteThirdPartyAuth(ref, tpaId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};

export const thirdPartyAuthDoc: ResourceDoc<typeof thirdPartyAuthInputs> = {
  name: "ThirdPartyAuth",
  page: "third-party-auth",
  usage: {
    name: "firebase-auth",
    inputs: { projectRef: usageProjectRef(), oidcIssuerUrl: "https://securetoken.google.com/acme-app" },
  },
  manages: "a third-party auth integration (OIDC issuer, JWKS URL or custom JWKS); any change replaces it",
  summary:
    "One third-party auth integration of a project: the project's APIs accept the tokens of an OIDC issuer (Firebase, Auth0, Cognito, Clerk, WorkOS, …), of a JWKS URL, or signed with the keys of a custom JWKS.",
  inputs: thirdPartyAuthInputs,
  outputs: z.object({
    projectRef: z.string(),
    integrationId: z.string().describe("The integration's id."),
    type: z.string().describe("What the service recognised the issuer as (`firebase`, `auth0`, `oidc`, …)."),
    drift: driftOutput(
      "After a refresh that found drift: `integrationId` and the inputs that differ when the integration for the same issuer was replaced out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace:
      "Any input change: the service has no update for integrations. When the issuer (or, without one, the JWKS URL) stays the same, the old integration is deleted before the new one is created, since one issuer is registered once; otherwise the new one is created first.",
    adopt:
      "The default: an integration the project already has for the declared issuer (or JWKS URL, or the same custom key set) is taken over instead of created. One with different values is refused, naming them.",
    drift:
      "Refresh reads the integration by id. Deleted out of band, it shows as deleted and `up` creates it again; replaced out of band by another integration for the same issuer, refresh follows the new one and reports `integrationId` and the inputs that differ, and `up` replaces it with the declared one.",
    destroy: "Deletes the integration; one already gone counts as deleted.",
    notes: [
      "The service resolves a URL's keys itself (`resolved_jwks`); the emulator makes no outbound call, so there they stay unresolved.",
      "When the create request's outcome is unknown (a reset after it was sent), the provider looks the integration up by issuer before creating it again.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `GET /v1/projects/{ref}/config/auth/third-party-auth` + 1 `POST …/third-party-auth` (none when adopting)",
    "read (refresh)": "1 `GET …/third-party-auth/{tpa_id}` (+1 list `GET` when it is gone, to follow a replacement)",
    update: "0 (every input change replaces)",
    delete: "1 `DELETE …/third-party-auth/{tpa_id}`",
  }),
};

export default defineKind(thirdPartyAuth, thirdPartyAuthDoc, {
  recover: {
    adopts: "create adopts the project's integration for the same issuer, JWKS URL or key set (one integration each)",
  },
  importer: thirdPartyAuthImporter,
});
