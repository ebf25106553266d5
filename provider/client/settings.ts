/**
 * Wire types of the per-project settings: secrets, functions, custom
 * hostname, pgsodium, network bans and restrictions, TypeScript types.
 * Parsed tolerantly like the rest of the client: unknown fields are kept.
 */
import { z } from "zod";

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export interface Secret {
  name: string;
  /** The hex SHA-256 digest of the stored value, never the plaintext. */
  value: string;
  updated_at?: string;
  [extra: string]: unknown;
}
export const secretSchema = z
  .looseObject({ name: z.string(), value: z.string(), updated_at: optionalText })
  .transform((s): Secret => s);

export interface EdgeFunction {
  id: string;
  slug: string;
  name: string;
  status: string;
  version: number;
  created_at: number;
  updated_at: number;
  verify_jwt?: boolean;
  import_map?: boolean;
  entrypoint_path?: string;
  import_map_path?: string;
  /** Hex SHA-256 of the deployed bundle (a real-service addition). */
  ezbr_sha256?: string;
  [extra: string]: unknown;
}
const optionalBool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
export const functionSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    slug: z.string(),
    name: z.string(),
    status: z.string(),
    version: z.number(),
    created_at: z.number(),
    updated_at: z.number(),
    verify_jwt: optionalBool,
    import_map: optionalBool,
    entrypoint_path: optionalText,
    import_map_path: optionalText,
    ezbr_sha256: optionalText,
  })
  .transform((f): EdgeFunction => f);

export interface FunctionSettings {
  slug?: string;
  name?: string;
  verify_jwt?: boolean;
  import_map?: boolean;
  entrypoint_path?: string;
  import_map_path?: string;
}

/** The part of the hostname provider's record the provider reads; everything else passes through. */
export interface CustomHostnameResult {
  custom_origin_server?: string;
  ownership_verification?: { name?: string; value?: string };
  ssl?: { validation_records?: Array<{ txt_name?: string; txt_value?: string } | null> };
  [extra: string]: unknown;
}

export interface CustomHostname {
  status: string;
  custom_hostname: string;
  data: { result?: CustomHostnameResult; [extra: string]: unknown };
  [extra: string]: unknown;
}
export const customHostnameSchema = z
  .looseObject({ status: z.string(), custom_hostname: z.string(), data: z.record(z.string(), z.any()).nullish() })
  .transform((h): CustomHostname => ({ ...h, data: h.data ?? {} }));

export interface PgsodiumConfig {
  /** 64 hex characters; a secret. */
  root_key: string;
  [extra: string]: unknown;
}
export const pgsodiumSchema = z.looseObject({ root_key: z.string() }).transform((p): PgsodiumConfig => p);

export interface NetworkBans {
  banned_ipv4_addresses: string[];
  [extra: string]: unknown;
}
export const networkBansSchema = z
  .looseObject({ banned_ipv4_addresses: z.array(z.string()).nullish() })
  .transform((b): NetworkBans => ({ ...b, banned_ipv4_addresses: b.banned_ipv4_addresses ?? [] }));

export interface NetworkRestrictionsConfig {
  dbAllowedCidrs: string[];
  dbAllowedCidrsV6?: string[];
  [extra: string]: unknown;
}
export interface NetworkRestrictions {
  entitlement: string;
  config: NetworkRestrictionsConfig;
  old_config?: NetworkRestrictionsConfig;
  status: string;
  [extra: string]: unknown;
}
const restrictionsConfigSchema = z.looseObject({
  dbAllowedCidrs: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  dbAllowedCidrsV6: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? undefined),
});
export const networkRestrictionsSchema = z
  .looseObject({
    entitlement: z.string(),
    config: restrictionsConfigSchema,
    old_config: restrictionsConfigSchema.nullish().transform((v) => v ?? undefined),
    status: z.string(),
  })
  .transform((r): NetworkRestrictions => r);

export const typescriptTypesSchema = z.looseObject({ types: z.string() });
