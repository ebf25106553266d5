/**
 * Wire types of the migration history (`/v1/projects/{ref}/database/migrations`),
 * from the service's OpenAPI document, parsed tolerantly like the rest of the
 * client: unknown fields are kept, optional fields may be missing or null.
 */
import { z } from "zod";
import type { Open, WireSchemas } from "./types";

/** One entry of the history list: its version and name. */
export type MigrationListEntry = Open<WireSchemas["V1ListMigrationsResponse"][number]>;
/** One entry read by version: also its statements, rollback, author and idempotency key. */
export type MigrationEntry = Open<WireSchemas["V1GetMigrationResponse"]>;
/** The body of apply (`POST`) and upsert (`PUT`). */
export type MigrationBody = WireSchemas["V1CreateMigrationBody"];
/** The body of a per-version `PATCH`. */
export type MigrationPatchBody = WireSchemas["V1PatchMigrationBody"];

const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const optionalTexts = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? undefined);

export const migrationListEntrySchema = z.looseObject({ version: z.string(), name: optionalText });

export const migrationEntrySchema = z.looseObject({
  version: z.string(),
  name: optionalText,
  statements: optionalTexts,
  rollback: optionalTexts,
  created_by: optionalText,
  idempotency_key: optionalText,
});
