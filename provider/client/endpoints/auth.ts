/**
 * A project's auth integrations and keys: third-party auth (OIDC issuers,
 * JWKS), SAML SSO providers, JWT signing keys (and the legacy JWT secret
 * taken over as one), whether the legacy JWT API keys work, and database
 * webhooks. Answers are parsed tolerantly (unknown fields kept).
 */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

const nullishText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export type ThirdPartyAuth = Open<WireSchemas["ThirdPartyAuth"]>;
export const thirdPartyAuthSchema = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    oidc_issuer_url: nullishText,
    jwks_url: nullishText,
    custom_jwks: z.unknown().optional(),
    inserted_at: z.string(),
    updated_at: z.string(),
  })
  .transform((t) => t as ThirdPartyAuth);

export type SsoProvider = Open<WireSchemas["GetProviderResponse"]>;
export const ssoProviderSchema = z
  .looseObject({
    id: z.string(),
    saml: z
      .looseObject({
        id: z.string(),
        entity_id: z.string(),
        metadata_url: z.string().optional(),
        metadata_xml: z.string().optional(),
        attribute_mapping: z.looseObject({ keys: z.record(z.string(), z.unknown()) }).optional(),
        name_id_format: z.string().optional(),
      })
      .optional(),
    domains: z.array(z.looseObject({ id: z.string(), domain: z.string().optional() })).optional(),
  })
  .transform((p) => p as SsoProvider);

export type SigningKey = Open<WireSchemas["SigningKeyResponse"]>;
export type SigningKeyStatus = SigningKey["status"];
export const signingKeySchema = z
  .looseObject({
    id: z.string(),
    algorithm: z.string(),
    status: z.string(),
    public_jwk: z.unknown().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((k) => k as SigningKey);

const legacyApiKeysSchema = z.looseObject({ enabled: z.boolean() });

export abstract class AuthEndpoints extends ManagementTransport {
  listThirdPartyAuth(ref: string): Promise<ThirdPartyAuth[]> {
    return this.typed(thirdPartyAuthSchema.array(), "GET", `/v1/projects/${enc(ref)}/config/auth/third-party-auth`);
  }

  /** Creates an integration (201). Not idempotent: callers settle an unknown outcome by looking it up. */
  createThirdPartyAuth(ref: string, body: WireSchemas["CreateThirdPartyAuthBody"]): Promise<ThirdPartyAuth> {
    return this.typed(thirdPartyAuthSchema, "POST", `/v1/projects/${enc(ref)}/config/auth/third-party-auth`, {
      body,
    });
  }

  /** One integration; 404 → NOT_FOUND. */
  getThirdPartyAuth(ref: string, id: string): Promise<ThirdPartyAuth> {
    return this.typed(thirdPartyAuthSchema, "GET", `/v1/projects/${enc(ref)}/config/auth/third-party-auth/${enc(id)}`);
  }

  deleteThirdPartyAuth(ref: string, id: string): Promise<ThirdPartyAuth> {
    return this.typed(
      thirdPartyAuthSchema,
      "DELETE",
      `/v1/projects/${enc(ref)}/config/auth/third-party-auth/${enc(id)}`,
    );
  }

  listSsoProviders(ref: string): Promise<SsoProvider[]> {
    return this.typed(
      z.looseObject({ items: ssoProviderSchema.array() }),
      "GET",
      `/v1/projects/${enc(ref)}/config/auth/sso/providers`,
    ).then((r) => r.items);
  }

  /** Creates a SAML provider (201). Not idempotent: callers settle an unknown outcome by its entity ID. */
  createSsoProvider(ref: string, body: WireSchemas["CreateProviderBody"]): Promise<SsoProvider> {
    return this.typed(ssoProviderSchema, "POST", `/v1/projects/${enc(ref)}/config/auth/sso/providers`, { body });
  }

  getSsoProvider(ref: string, id: string): Promise<SsoProvider> {
    return this.typed(ssoProviderSchema, "GET", `/v1/projects/${enc(ref)}/config/auth/sso/providers/${enc(id)}`);
  }

  /** Replaces the given settings of a provider; setting values is idempotent, so it is retryable. */
  updateSsoProvider(ref: string, id: string, body: WireSchemas["UpdateProviderBody"]): Promise<SsoProvider> {
    return this.typed(ssoProviderSchema, "PUT", `/v1/projects/${enc(ref)}/config/auth/sso/providers/${enc(id)}`, {
      body,
    });
  }

  deleteSsoProvider(ref: string, id: string): Promise<SsoProvider> {
    return this.typed(ssoProviderSchema, "DELETE", `/v1/projects/${enc(ref)}/config/auth/sso/providers/${enc(id)}`);
  }

  listSigningKeys(ref: string): Promise<SigningKey[]> {
    return this.typed(
      z.looseObject({ keys: signingKeySchema.array() }),
      "GET",
      `/v1/projects/${enc(ref)}/config/auth/signing-keys`,
    ).then((r) => r.keys);
  }

  /** Creates a key (201) that the service generates; no private key is ever sent. Not idempotent. */
  createSigningKey(ref: string, body: WireSchemas["CreateSigningKeyBody"]): Promise<SigningKey> {
    return this.typed(signingKeySchema, "POST", `/v1/projects/${enc(ref)}/config/auth/signing-keys`, { body });
  }

  getSigningKey(ref: string, id: string): Promise<SigningKey> {
    return this.typed(signingKeySchema, "GET", `/v1/projects/${enc(ref)}/config/auth/signing-keys/${enc(id)}`);
  }

  /** Moves a key to a status; setting the same status again changes nothing, so it is retryable. */
  updateSigningKey(ref: string, id: string, status: SigningKeyStatus): Promise<SigningKey> {
    return this.typed(signingKeySchema, "PATCH", `/v1/projects/${enc(ref)}/config/auth/signing-keys/${enc(id)}`, {
      body: { status } satisfies WireSchemas["UpdateSigningKeyBody"],
      idempotent: true,
    });
  }

  deleteSigningKey(ref: string, id: string): Promise<SigningKey> {
    return this.typed(signingKeySchema, "DELETE", `/v1/projects/${enc(ref)}/config/auth/signing-keys/${enc(id)}`);
  }

  /** The legacy JWT secret as a signing key; 404 → NOT_FOUND when it was never taken over. */
  getLegacySigningKey(ref: string): Promise<SigningKey> {
    return this.typed(signingKeySchema, "GET", `/v1/projects/${enc(ref)}/config/auth/signing-keys/legacy`);
  }

  /** Takes the legacy JWT secret over as an in_use signing key (201). Not idempotent: settle by the GET above. */
  createLegacySigningKey(ref: string): Promise<SigningKey> {
    return this.typed(signingKeySchema, "POST", `/v1/projects/${enc(ref)}/config/auth/signing-keys/legacy`);
  }

  /** Whether the legacy JWT API keys (anon, service_role) are accepted. */
  async getLegacyApiKeys(ref: string): Promise<boolean> {
    return (await this.typed(legacyApiKeysSchema, "GET", `/v1/projects/${enc(ref)}/api-keys/legacy`)).enabled;
  }

  /** Turns the legacy JWT API keys off or on (idempotent). */
  async updateLegacyApiKeys(ref: string, enabled: boolean): Promise<boolean> {
    const r = await this.typed(legacyApiKeysSchema, "PUT", `/v1/projects/${enc(ref)}/api-keys/legacy`, {
      query: { enabled },
    });
    return r.enabled;
  }

  /** Enables database webhooks (201, no body). Enabling again changes nothing, so it is retryable. */
  async enableDatabaseWebhooks(ref: string): Promise<void> {
    await this.request("POST", `/v1/projects/${enc(ref)}/database/webhooks/enable`, {
      expect: "text",
      idempotent: true,
    });
  }
}
