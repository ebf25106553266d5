/** Input rules shared by the project-scoped resources. */
import { createHash } from "node:crypto";
import { z } from "zod";

export const projectRef = z
  .string({ error: "projectRef is required (the project's 20-letter reference)" })
  .regex(/^[a-z]{20}$/, "projectRef must be a project reference: exactly 20 lowercase letters");

/** A display name: trimmed, 1..256 characters (organizations and projects). */
export const displayName = z
  .string({ error: "name is required and must be a string" })
  .trim()
  .min(1, "name must not be empty")
  .max(256, "name must be at most 256 characters");

export const SECRET_NAME_MAX = 256;
export const SECRET_VALUE_MAX = 24576;

export const secretName = z
  .string({ error: "name is required and must be a string" })
  .min(1, "name must not be empty")
  .max(SECRET_NAME_MAX, `name must be at most ${SECRET_NAME_MAX} characters`)
  .refine((n) => !n.startsWith("SUPABASE_"), {
    message: "names starting with SUPABASE_ are reserved by the platform and cannot be set",
  })
  .refine((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n), {
    message: "name must be an environment variable name: letters, digits and '_', not starting with a digit",
  });

export const secretValue = z
  .string({ error: "value is required and must be a string" })
  .max(SECRET_VALUE_MAX, `value must be at most ${SECRET_VALUE_MAX} characters`);

/** The digest the service reports for a secret: lowercase hex SHA-256 of the UTF-8 value. */
export function secretDigest(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** How long an operation may wait, in whole seconds from 1 to `max`; the messages name the input. */
export function timeoutSeconds(name: string, max: number) {
  return z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(max, `${name} must be at most ${max}`);
}

/** An optional switch, `adopt` for instance; the message names the input. */
export function optionalFlag(name: string) {
  return z.boolean({ error: `${name} must be a boolean` }).optional();
}

/**
 * How the migrations a DatabaseSchema writes are known in the history: their
 * idempotency key starts with this. They carry no rollback; their objects are
 * the DatabaseSchema's to keep or drop.
 */
export const DECLARED_SCHEMA_KEY_PREFIX = "supabase-pulumi-schema-";
