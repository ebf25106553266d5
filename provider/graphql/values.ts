/**
 * Column values: validation against the column's GraphQL scalar, a canonical
 * form (so numeric strings, JSON key order and timestamp spellings never
 * produce a perpetual diff), the wire form pg_graphql expects, and per-row
 * digests.
 */
import { createHash } from "node:crypto";
import { stableJson } from "../resources/common";

export interface ColumnInfo {
  /** The named GraphQL type: Int, BigInt, BigFloat, Float, String, Boolean, Date, Time, Datetime, UUID, JSON, Opaque, or an enum. */
  scalar: string;
  list: boolean;
  nonNull: boolean;
  enumValues?: string[];
  /** In `<Type>InsertInput` (false for generated, serial and identity columns). */
  insertable: boolean;
  updatable: boolean;
  /** Operators of the column's filter type; empty when it cannot be filtered (JSON, …). */
  filterOps: string[];
}

export type Checked = { ok: true; value: unknown } | { ok: false; reason: string };

const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

/** Canonical decimal text: no exponent, no leading zeros, no trailing fractional zeros, no "-0". */
export function canonicalDecimal(text: string): string | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return undefined;
  const sign = m[1] === "-" ? "-" : "";
  let digits = (m[2] ?? "") + (m[3] ?? "");
  let point = (m[2] ?? "").length + Number(m[4] ?? 0);
  if (Math.abs(point) > 10000) return undefined;
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+/, "") || "0";
  const frac = digits.slice(point).replace(/0+$/, "");
  const out = frac ? `${int}.${frac}` : int;
  return out === "0" ? "0" : sign + out;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}

function datetime(v: string): string | undefined {
  if (!ISO_DATETIME.test(v)) return undefined;
  // A value without an offset (a `timestamp` column) is read as UTC on both sides.
  const withZone = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(v) ? v : `${v}Z`;
  const t = Date.parse(
    withZone
      .replace(" ", "T")
      .replace(/([+-]\d{2})(\d{2})$/, "$1:$2")
      .replace(/([+-]\d{2})$/, "$1:00"),
  );
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/** Validates one declared value against a scalar and answers its canonical form. */
function scalarValue(scalar: string, v: unknown, enumValues?: string[]): Checked {
  const bad = (expected: string): Checked => ({ ok: false, reason: `expected ${expected}, got ${describe(v)}` });
  switch (scalar) {
    case "Int":
      return typeof v === "number" && Number.isInteger(v) && v >= INT4_MIN && v <= INT4_MAX
        ? { ok: true, value: v }
        : bad("Int (a whole number within 32 bits)");
    case "Float":
      return typeof v === "number" && Number.isFinite(v) ? { ok: true, value: v } : bad("Float (a finite number)");
    case "BigInt": {
      const text =
        typeof v === "number"
          ? Number.isSafeInteger(v)
            ? String(v)
            : undefined
          : typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)
            ? v
            : undefined;
      const canon = text === undefined ? undefined : canonicalDecimal(text);
      if (canon === undefined || BigInt(canon) < INT8_MIN || BigInt(canon) > INT8_MAX)
        return bad("BigInt (a string of digits, or a safe integer, within 64 bits)");
      return { ok: true, value: canon };
    }
    case "BigFloat": {
      const canon =
        typeof v === "number"
          ? Number.isFinite(v)
            ? canonicalDecimal(String(v))
            : undefined
          : typeof v === "string"
            ? canonicalDecimal(v)
            : undefined;
      return canon === undefined ? bad("BigFloat (a decimal string or a finite number)") : { ok: true, value: canon };
    }
    case "String":
      return typeof v === "string" ? { ok: true, value: v } : bad("String");
    case "Boolean":
      return typeof v === "boolean" ? { ok: true, value: v } : bad("Boolean");
    case "UUID":
      return typeof v === "string" && UUID.test(v)
        ? { ok: true, value: v.toLowerCase() }
        : bad("UUID (8-4-4-4-12 hex digits)");
    case "Date": {
      const m = typeof v === "string" ? ISO_DATE.exec(v) : null;
      if (!m) return bad("Date (an ISO date, YYYY-MM-DD)");
      const d = new Date(`${v}T00:00:00Z`);
      return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v
        ? bad("Date (an existing calendar day)")
        : { ok: true, value: v };
    }
    case "Time": {
      const m = typeof v === "string" ? ISO_TIME.exec(v) : null;
      if (!m || Number(m[1]) > 24 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59)
        return bad("Time (HH:MM[:SS[.ffffff]])");
      const frac = (m[4] ?? "").replace(/0+$/, "");
      return { ok: true, value: `${m[1]}:${m[2]}:${m[3] ?? "00"}${frac === "." ? "" : frac}` };
    }
    case "Datetime": {
      const iso = typeof v === "string" ? datetime(v) : undefined;
      return iso === undefined ? bad("Datetime (an ISO 8601 timestamp string)") : { ok: true, value: iso };
    }
    case "JSON":
      // Objects travel serialized; a string here is almost always JSON serialized twice by mistake.
      return v !== null && typeof v !== "string" && typeof v !== "undefined"
        ? { ok: true, value: JSON.parse(stableJson(v)) }
        : bad("JSON (an object, array, number or boolean; it is serialized on the wire)");
    case "Opaque":
      return { ok: true, value: v };
    default:
      if (enumValues) {
        return typeof v === "string" && enumValues.includes(v)
          ? { ok: true, value: v }
          : bad(`one of ${enumValues.map((e) => JSON.stringify(e)).join(", ")}`);
      }
      return { ok: true, value: v };
  }
}

/** Validates a declared value for a column and answers its canonical form. */
export function checkValue(col: ColumnInfo, v: unknown): Checked {
  if (v === null)
    return col.nonNull ? { ok: false, reason: "must not be null (the column is NOT NULL)" } : { ok: true, value: null };
  if (v === undefined) return { ok: false, reason: "has no value (use null for NULL)" };
  if (col.list) {
    if (!Array.isArray(v)) return { ok: false, reason: `expected a list of ${col.scalar}, got ${describe(v)}` };
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null) {
        out.push(null);
        continue;
      }
      const r = scalarValue(col.scalar, v[i], col.enumValues);
      if (!r.ok) return { ok: false, reason: `element ${i}: ${r.reason}` };
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  return scalarValue(col.scalar, v, col.enumValues);
}

/** The canonical form of a value read from the API (pg_graphql's output form). */
export function fromWire(col: ColumnInfo | undefined, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (!col) return looseCanonical(v);
  const one = (x: unknown): unknown => {
    if (x === null) return null;
    if (col.scalar === "JSON" && typeof x === "string") {
      try {
        return JSON.parse(stableJson(JSON.parse(x)));
      } catch {
        return x;
      }
    }
    const r = scalarValue(col.scalar, x, col.enumValues);
    return r.ok ? r.value : x;
  };
  return col.list && Array.isArray(v) ? v.map(one) : one(v);
}

/** The form pg_graphql takes as input: JSON serialized, BigInt/BigFloat as strings. */
export function toWire(col: ColumnInfo | undefined, v: unknown): unknown {
  if (v === null) return null;
  if (!col) return v !== null && typeof v === "object" && !Array.isArray(v) ? JSON.stringify(v) : v;
  const one = (x: unknown) => (x === null ? null : col.scalar === "JSON" ? JSON.stringify(x) : x);
  return col.list && Array.isArray(v) ? v.map(one) : one(v);
}

/**
 * A type-blind canonical form, used only when the schema could not be
 * introspected: numbers and numeric strings compare as decimals, serialized
 * JSON objects as objects, ISO timestamps as instants.
 */
export function looseCanonical(v: unknown): unknown {
  if (typeof v === "number") return canonicalDecimal(String(v)) ?? v;
  if (typeof v === "string") {
    const d = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(v) ? canonicalDecimal(v) : undefined;
    if (d !== undefined) return d;
    if (/^\s*[[{]/.test(v)) {
      try {
        return JSON.parse(stableJson(JSON.parse(v)));
      } catch {
        return v;
      }
    }
    return datetime(v) ?? v;
  }
  if (Array.isArray(v)) return v.map(looseCanonical);
  if (v && typeof v === "object") return JSON.parse(stableJson(v));
  return v;
}

/** A short digest of a row's canonical values over the given columns. */
export function rowDigest(row: Record<string, unknown>, columns: string[]): string {
  const picked: Record<string, unknown> = {};
  for (const c of columns) picked[c] = row[c] === undefined ? null : row[c];
  return createHash("sha256").update(stableJson(picked)).digest("hex").slice(0, 16);
}

/** The identity of a row: its key values, canonical, as JSON text (e.g. `[1]` or `["eu",7]`). */
export function keyString(row: Record<string, unknown>, key: string[]): string {
  return stableJson(key.map((k) => row[k]));
}
