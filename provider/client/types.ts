/**
 * Wire types of the management API. The shapes come from the types generated
 * from the service's OpenAPI document (`./openapi.ts`); the zod schemas here
 * parse answers tolerantly at the edge: unknown fields are kept, optional
 * fields may be missing or null, and the deprecated names (`id`,
 * `organization_id`) are filled from the newer ones (`ref`/`slug`,
 * `organization_slug`) when only those are present.
 */
import { z } from "zod";
import type { components } from "./openapi";

/** The schemas of the service's OpenAPI document. */
export type WireSchemas = components["schemas"];
/** A parsed answer: the documented fields, plus whatever else the service sent. */
export type Open<T> = T & { [extra: string]: unknown };

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
/** Ids are documented as strings; tolerate numbers from the real service. */
const idLike = z.union([z.string(), z.number()]).nullish();

/** `id` is the organization slug (the deprecated name; older answers lack `slug`, which replaces it). */
export type Organization = Open<Omit<WireSchemas["OrganizationResponseV1"], "slug"> & { slug?: string }>;

export const organizationSchema = z
  .looseObject({ id: idLike, slug: optionalText, name: z.string() })
  .refine((o) => o.id != null || o.slug !== undefined, { message: "organization has neither id nor slug" })
  .transform((o): Organization => ({ ...o, id: o.id != null ? String(o.id) : (o.slug as string), slug: o.slug }));

type WireProject = WireSchemas["V1ProjectWithDatabaseResponse"];
export type ProjectStatus = WireProject["status"];
export type ProjectDatabase = Open<Pick<WireProject["database"], "host" | "version">>;

/**
 * A project. `id` is the ref and `organization_id` the organization slug (the
 * deprecated names); `status` and `database` may be missing from older
 * answers, so neither is required here.
 */
export type Project = Open<
  Omit<WireProject, "ref" | "organization_slug" | "status" | "database"> & {
    ref?: string;
    organization_slug?: string;
    /** Lifecycle status (COMING_UP, ACTIVE_HEALTHY, …); any string the service sends is kept. */
    status?: ProjectStatus | (string & {});
    database?: ProjectDatabase;
  }
>;

const databaseSchema = z.looseObject({ host: z.string(), version: z.string() });

export const projectSchema = z
  .looseObject({
    id: idLike,
    ref: optionalText,
    organization_id: optionalText,
    organization_slug: optionalText,
    name: z.string(),
    region: z.string(),
    created_at: z.string(),
    status: optionalText,
    database: databaseSchema.nullish().transform((v) => v ?? undefined),
  })
  .refine((p) => typeof p.id === "string" || p.ref !== undefined, {
    message: "project has neither a string id nor a ref",
  })
  .refine((p) => p.organization_id !== undefined || p.organization_slug !== undefined, {
    message: "project has neither organization_id nor organization_slug",
  })
  .transform((p): Project => ({
    ...p,
    id: typeof p.id === "string" ? p.id : (p.ref as string),
    organization_id: (p.organization_id ?? p.organization_slug) as string,
  }));

/** What PATCH and DELETE on a project answer: a numeric id, the ref and the name. */
export type ProjectRefResult = Open<
  Omit<WireSchemas["V1ProjectRefResponse"], "id" | "name"> & { id?: number | string; name?: string }
>;

export const projectRefResultSchema = z
  .looseObject({
    id: idLike.transform((v) => v ?? undefined),
    ref: z.string(),
    name: optionalText,
  })
  .transform((r): ProjectRefResult => r);

/** `api_key` is the key itself (a secret), masked for `secret` keys unless revealed. Nulls read as missing. */
export type ApiKey = Open<
  {
    [K in "api_key" | "id" | "prefix" | "description" | "hash" | "inserted_at"]?: Exclude<
      WireSchemas["ApiKeyResponse"][K],
      null
    >;
  } & { name: string; type?: string; secret_jwt_template?: Record<string, unknown> }
>;

export const apiKeySchema = z
  .looseObject({
    name: z.string(),
    api_key: optionalText,
    id: optionalText,
    type: optionalText,
    prefix: optionalText,
    description: optionalText,
    hash: optionalText,
    inserted_at: optionalText,
    secret_jwt_template: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .transform((k): ApiKey => k);

/** Request bodies of the API key endpoints. */
export type CreateApiKeyInput = WireSchemas["CreateApiKeyBody"];
export type UpdateApiKeyInput = WireSchemas["UpdateApiKeyBody"];

export type QueryRow = Record<string, unknown>;
export const queryRowsSchema = z.array(z.record(z.string(), z.unknown()));

/** Request bodies, exactly as the document defines them. */
export type CreateOrganizationInput = WireSchemas["CreateOrganizationV1"];
/**
 * `organization_slug` names the organization; the region goes in
 * `region_selection`. The deprecated `organization_id` and `region` are never
 * sent (the body allows no extra properties).
 */
export type CreateProjectInput = Omit<
  WireSchemas["V1CreateProjectBody"],
  "organization_id" | "region" | "plan" | "kps_enabled"
>;
export type UpdateProjectInput = WireSchemas["V1UpdateProjectBody"];
export type RunQueryBody = WireSchemas["V1RunQueryBody"];

/** A bucket as `GET /v1/projects/{ref}/storage/buckets` lists it; any further field the service sends is kept. */
export type ManagementBucket = Open<WireSchemas["V1StorageBucketResponse"]>;

export const managementBucketSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    public: z.boolean(),
    owner: z.string().nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .transform((b): ManagementBucket => b as ManagementBucket);
