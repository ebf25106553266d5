/**
 * Wire types of the management API, parsed tolerantly: unknown fields are
 * kept, optional fields may be missing or null, and the seed's deprecated
 * names (`id`, `organization_id`) are filled from the real service's newer
 * ones (`ref`/`slug`, `organization_slug`) when only those are present.
 */
import { z } from "zod";

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
/** Ids are strings in the seed; tolerate numbers from the real service. */
const idLike = z.union([z.string(), z.number()]).nullish();

export interface Organization {
  /** The organization slug (the seed's `id`; deprecated in favour of `slug` on the real service). */
  id: string;
  slug?: string;
  name: string;
  [extra: string]: unknown;
}

export const organizationSchema = z
  .looseObject({ id: idLike, slug: optionalText, name: z.string() })
  .refine((o) => o.id != null || o.slug !== undefined, { message: "organization has neither id nor slug" })
  .transform((o): Organization => ({ ...o, id: o.id != null ? String(o.id) : (o.slug as string), slug: o.slug }));

export interface ProjectDatabase {
  host: string;
  version: string;
  [extra: string]: unknown;
}

export interface Project {
  /** The project ref (seed `id`). */
  id: string;
  ref?: string;
  /** The organization slug. */
  organization_id: string;
  organization_slug?: string;
  name: string;
  region: string;
  created_at: string;
  /** Lifecycle status (COMING_UP, ACTIVE_HEALTHY, …); not in the seed, never required. */
  status?: string;
  database?: ProjectDatabase;
  [extra: string]: unknown;
}

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
export interface ProjectRefResult {
  id?: number | string;
  ref: string;
  name?: string;
  [extra: string]: unknown;
}

export const projectRefResultSchema = z
  .looseObject({
    id: idLike.transform((v) => v ?? undefined),
    ref: z.string(),
    name: optionalText,
  })
  .transform((r): ProjectRefResult => r);

export interface ApiKey {
  name: string;
  /** The key itself; a secret. Masked for `secret` keys unless revealed. */
  api_key?: string;
  id?: string;
  type?: string;
  prefix?: string;
  description?: string;
  hash?: string;
  [extra: string]: unknown;
}

export const apiKeySchema = z
  .looseObject({
    name: z.string(),
    api_key: optionalText,
    id: optionalText,
    type: optionalText,
    prefix: optionalText,
    description: optionalText,
    hash: optionalText,
  })
  .transform((k): ApiKey => k);

export type QueryRow = Record<string, unknown>;
export const queryRowsSchema = z.array(z.record(z.string(), z.unknown()));

export interface CreateOrganizationInput {
  name: string;
}

export interface CreateProjectInput {
  name: string;
  /** Database password: a secret, sent once and never logged. */
  db_pass: string;
  /** The organization slug (seed name). Sent as both `organization_id` and `organization_slug`. */
  organization_id: string;
  /** A specific region code, e.g. `us-east-1`. */
  region?: string;
  /** Newer alternative to `region`: `{type: "specific"|"smartGroup", code}`. Not both. */
  region_selection?: { type: "specific" | "smartGroup"; code: string };
  desired_instance_size?: string;
}

export interface UpdateProjectInput {
  name: string;
}
