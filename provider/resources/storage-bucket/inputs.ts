/**
 * StorageBucket's inputs, their rules, and the normal forms its diff and refresh
 * compare: a size limit in bytes whatever way it was written, and MIME types
 * as a lowercase, sorted, duplicate-free list (an empty list is "any type",
 * as the service treats it).
 */
import { z } from "zod";
import { optionalFlag, projectRef } from "../shared";

/** Bucket ids the Storage API accepts: 1..100 characters, no slash, no leading or trailing space. */
export const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/;

/** A size written as the service reads it: `<n>(GB|MB|KB|B)`, decimal units, case-insensitive. */
export const SIZE_TEXT = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i;

/** `type/subtype` or `type/*`. */
export const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/i;

const UNITS: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };

/** Bytes of a size limit (a whole number or `"50MB"`); undefined when it is neither. */
export function sizeInBytes(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v !== "string") return undefined;
  const m = SIZE_TEXT.exec(v.trim());
  return m ? Math.round(parseFloat(m[1]) * UNITS[m[2].toLowerCase()]) : undefined;
}

/** The normal form of a MIME type list: lowercase, sorted, no duplicates; null for "any type". */
export function normalizeMimeTypes(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  const list = [...new Set(v.filter((t): t is string => typeof t === "string").map((t) => t.trim().toLowerCase()))];
  return list.length === 0 ? null : list.sort();
}

export const fileSizeLimitInput = z
  .union([z.number(), z.string()], { error: 'fileSizeLimit must be a number of bytes or a size such as "50MB"' })
  .meta({ tsType: "number | string" })
  .refine((v) => sizeInBytes(v) !== undefined && (sizeInBytes(v) as number) > 0, {
    message: 'fileSizeLimit must be a positive whole number of bytes, or a size such as "50MB", "512KB", "1.5GB"',
  });

export const mimeTypesInput = z
  .array(z.string({ error: "allowedMimeTypes entries must be strings" }), {
    error: "allowedMimeTypes must be a list of MIME types",
  })
  .max(100, "allowedMimeTypes may hold at most 100 types")
  .superRefine((list, ctx) => {
    list.forEach((t, i) => {
      if (!MIME_PATTERN.test(t.trim()))
        ctx.addIssue({
          code: "custom",
          path: [i],
          message: `"${t}" is not a MIME type (like "image/png") or a pattern (like "image/*")`,
        });
    });
  });

export const storageBucketInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the bucket.")
      .meta({ replaceOnChanges: true }),
    name: z
      .string({ error: "name is required and must be a string" })
      .regex(BUCKET_NAME, "name must be 1..100 characters: letters, digits, spaces and !-.*'()&$@=;:+,?_ (no slash)")
      .refine((n) => n.trim() === n, { message: "name must not start or end with a space" })
      .describe("The bucket's id (also its name), e.g. `avatars`. A change replaces the bucket.")
      .meta({ replaceOnChanges: true }),
    public: z
      .boolean({ error: "public must be a boolean" })
      .optional()
      .describe(
        "Whether anyone may read its objects by URL, without a key. Changed in place; not managed when not declared (a new bucket is private).",
      ),
    fileSizeLimit: fileSizeLimitInput
      .optional()
      .describe(
        'The largest object the bucket accepts: bytes, or a size such as `"50MB"` (decimal units: GB, MB, KB, B). Compared in bytes. Changed in place; not managed when not declared.',
      ),
    allowedMimeTypes: mimeTypesInput
      .optional()
      .describe(
        'The content types uploads may have, e.g. `["image/png", "image/*"]`; compared without regard to order, case or duplicates, and an empty list allows any type. Changed in place; not managed when not declared.',
      ),
    emptyOnDestroy: z
      .boolean({ error: "emptyOnDestroy must be a boolean" })
      .optional()
      .describe(
        "Delete the bucket's objects before deleting the bucket at destroy or replacement. Default false: deleting a bucket that holds objects fails with the service's error.",
      ),
    adopt: optionalFlag("adopt").describe(
      "Take over the project's existing bucket of this name instead of creating one (its declared settings are then applied).",
    ),
  })
  .strict();
