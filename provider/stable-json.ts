/**
 * Canonical JSON: object keys sorted, so equal values compare equal as
 * strings. The one implementation, used wherever values are compared or
 * keyed as text: the resources' diffs and row digests, the shared HTTP
 * dispatchers' keys, and the `supabase-pulumi drift` report.
 *
 * Object entries whose value is `undefined` or a function are left out, as
 * `JSON.stringify` leaves them out; `undefined` anywhere else is written as
 * `undefined`, so it never equals `null`. Row digests in stack state are
 * computed from this text: changing its form changes them.
 */
export function stableJson(v: unknown): string {
  if (v === undefined || typeof v === "function") return "undefined";
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined && typeof o[k] !== "function")
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(",")}}`;
}
