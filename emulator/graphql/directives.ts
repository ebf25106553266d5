/**
 * Comment directives (`@graphql({...})` in a COMMENT): their JSON read, and
 * their options checked with pg_graphql's loader messages.
 */
import { GqlError } from "./errors";

/** The JSON of `@graphql(<JSON>)` in a comment (greedy up to the last `)`), or {} without one. */
export function directive(comment: string | null): Record<string, unknown> {
  if (!comment) return {};
  const m = /@graphql\(([\s\S]*)\)/.exec(comment);
  if (!m) return {};
  let value: unknown;
  try {
    value = JSON.parse(m[1]);
  } catch {
    throw new GqlError(`Error while loading schema, check comment directives. invalid input syntax for type json`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new GqlError(`Error while loading schema, check comment directives. invalid type: expected a map`);
  }
  return value as Record<string, unknown>;
}

export function directiveError(detail: string): GqlError {
  return new GqlError(`Error while loading schema, check comment directives. ${detail}`);
}

export function describe(v: unknown): string {
  if (typeof v === "string") return `string "${v}"`;
  if (typeof v === "number") return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (typeof v === "boolean") return `boolean \`${v}\``;
  if (Array.isArray(v)) return "sequence";
  if (v === null) return "null";
  return "map";
}

export function optString(d: Record<string, unknown>, key: string): string | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw directiveError(`invalid type: ${describe(v)}, expected a string`);
  return v;
}

export function optU64(d: Record<string, unknown>, key: string): number | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v)) throw directiveError(`invalid type: ${describe(v)}, expected u64`);
  if (v < 0) throw directiveError(`invalid value: integer \`${v}\`, expected u64`);
  return v;
}

export function optStringList(d: Record<string, unknown>, key: string): string[] | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw directiveError(`invalid type: ${describe(v)}, expected a sequence`);
  return v.map((x) => {
    if (typeof x !== "string") throw directiveError(`invalid type: ${describe(x)}, expected a string`);
    return x;
  });
}
