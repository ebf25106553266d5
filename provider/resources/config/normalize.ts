/**
 * How the configuration resources compare values: each field's kind (from the
 * generated mapping) says what the service canonicalizes, so a value written
 * differently but equal never diffs: booleans sent as strings, numbers as
 * strings, trailing slashes on URLs, the order and spacing of set-like lists,
 * durations and sizes in other units, enum letter case.
 */
import { createHmac } from "node:crypto";
import type { FieldKind } from "../../client/config-schemas";

const DURATION_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
const SIZE_KB: Record<string, number> = { b: 1 / 1024, kb: 1, mb: 1024, gb: 1024 * 1024, tb: 1024 * 1024 * 1024 };

function duration(v: string, defaultUnit: string): number | string {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/i.exec(v);
  return m ? Number(m[1]) * DURATION_MS[(m[2] ?? defaultUnit).toLowerCase()] : v;
}

function size(v: string): number | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(v);
  return m ? Number(m[1]) * SIZE_KB[(m[2] ?? "kb").toLowerCase()] : v;
}

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The canonical form of a value of the given kind; null and undefined (unset) are the same. */
export function normalizeValue(kind: FieldKind, v: unknown, apiName = ""): unknown {
  if (v === undefined || v === null) return null;
  switch (kind) {
    case "boolean":
      return v === "true" ? true : v === "false" ? false : v;
    case "integer":
    case "number":
      return typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v;
    case "url":
      return typeof v === "string" ? v.trim().replace(/\/+$/, "") : v;
    case "set-list":
      return typeof v === "string" ? [...new Set(list(v))].sort().join(",") : v;
    case "ordered-list":
      return typeof v === "string" ? list(v).join(",") : v;
    case "duration":
      // The spec gives each duration a default unit: checkpoint_timeout counts seconds, the others milliseconds.
      return typeof v === "string" ? duration(v, apiName === "checkpoint_timeout" ? "s" : "ms") : v;
    case "size":
      return typeof v === "string" ? size(v) : v;
    case "enum":
      return typeof v === "string" ? v.toLowerCase() : v;
    default:
      return v;
  }
}

/**
 * The digest the service answers for a write-only auth secret: lowercase hex
 * HMAC-SHA256 of the value keyed with the project ref.
 */
export function secretHash(ref: string, value: string): string {
  return createHmac("sha256", ref).update(value, "utf8").digest("hex");
}

/** Whether an answered secret is a digest to compare (as opposed to a mask such as `****`, or nothing). */
export const isDigest = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f]{64}$/.test(v);
