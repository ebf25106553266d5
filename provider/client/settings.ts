/**
 * Wire types of the per-project settings: secrets, functions, custom
 * hostname, pgsodium, network bans and restrictions, TypeScript types. The
 * shapes come from the generated OpenAPI types; the zod schemas parse answers
 * tolerantly like the rest of the client: unknown fields are kept.
 */
import { z } from "zod";
import type { operations } from "./openapi";
import type { Open, WireSchemas } from "./types";

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

/** `value` is the hex SHA-256 digest of the stored value, never the plaintext. */
export type Secret = Open<WireSchemas["SecretResponse"]>;
export type SecretsUpsertBody = WireSchemas["CreateSecretBody"];
export type SecretsDeleteBody = WireSchemas["DeleteSecretsBody"];
export const secretSchema = z
  .looseObject({ name: z.string(), value: z.string(), updated_at: optionalText })
  .transform((s): Secret => s);

/** A function (`ezbr_sha256`: hex SHA-256 of the deployed bundle). Any status string the service sends is kept. */
export type EdgeFunction = Open<
  Omit<WireSchemas["FunctionResponse"], "status"> & {
    status: WireSchemas["FunctionResponse"]["status"] | (string & {});
  }
>;
const optionalBool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
const functionFields = {
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
};
export const functionSchema = z.looseObject(functionFields).transform((f): EdgeFunction => f);

/** What a deploy answers: a function whose timestamps the document makes optional. */
export type DeployedFunction = Open<
  Omit<WireSchemas["DeployFunctionResponse"], "status"> & {
    status: WireSchemas["DeployFunctionResponse"]["status"] | (string & {});
  }
>;
const optionalNumber = z
  .number()
  .nullish()
  .transform((v) => v ?? undefined);
export const deployedFunctionSchema = z
  .looseObject({ ...functionFields, created_at: optionalNumber, updated_at: optionalNumber })
  .transform((f): DeployedFunction => f);

/** The metadata part of a deploy (`functions/deploy`). */
export type DeployMetadata = WireSchemas["FunctionDeployBody"]["metadata"];

/** One file of a function bundle: its path relative to the bundle's root, and its bytes. */
export interface BundleFile {
  name: string;
  content: Buffer | string;
  /** Default: by extension (TypeScript, JavaScript, JSON), else application/octet-stream. */
  contentType?: string;
}

/** A function's settings, sent as query parameters of the update. */
export type FunctionSettings = Omit<
  NonNullable<operations["v1-update-a-function"]["parameters"]["query"]>,
  "ezbr_sha256"
>;

type WireHostname = WireSchemas["UpdateCustomHostnameResponse"];
type WireHostnameResult = WireHostname["data"]["result"];
/** The part of the hostname provider's record the provider reads, all optional; everything else passes through. */
export type CustomHostnameResult = Open<{
  custom_origin_server?: WireHostnameResult["custom_origin_server"];
  ownership_verification?: Partial<Pick<WireHostnameResult["ownership_verification"], "name" | "value">>;
  ssl?: { validation_records?: Array<Partial<WireHostnameResult["ssl"]["validation_records"][number]> | null> };
}>;

export type CustomHostname = Open<{
  status: WireHostname["status"] | (string & {});
  custom_hostname: string;
  data: Open<{ result?: CustomHostnameResult }>;
}>;
export const customHostnameSchema = z
  .looseObject({ status: z.string(), custom_hostname: z.string(), data: z.record(z.string(), z.any()).nullish() })
  .transform((h): CustomHostname => ({ ...h, data: h.data ?? {} }));

/** `root_key`: 64 hex characters; a secret. */
export type PgsodiumConfig = Open<WireSchemas["PgsodiumConfigResponse"]>;
export const pgsodiumSchema = z.looseObject({ root_key: z.string() }).transform((p): PgsodiumConfig => p);

export type NetworkBans = Open<WireSchemas["NetworkBanResponse"]>;
export type RemoveNetworkBansBody = WireSchemas["RemoveNetworkBanRequest"];
export const networkBansSchema = z
  .looseObject({ banned_ipv4_addresses: z.array(z.string()).nullish() })
  .transform((b): NetworkBans => ({ ...b, banned_ipv4_addresses: b.banned_ipv4_addresses ?? [] }));

type WireRestrictions = WireSchemas["NetworkRestrictionsResponse"];
/** The config with `dbAllowedCidrs` always present (empty when the service omits it). */
export type NetworkRestrictionsConfig = Open<
  Omit<WireRestrictions["config"], "dbAllowedCidrs"> & { dbAllowedCidrs: string[] }
>;
export type NetworkRestrictions = Open<{
  entitlement: WireRestrictions["entitlement"] | (string & {});
  config: NetworkRestrictionsConfig;
  old_config?: NetworkRestrictionsConfig;
  status: WireRestrictions["status"] | (string & {});
}>;
export type NetworkRestrictionsBody = WireSchemas["NetworkRestrictionsRequest"];
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
