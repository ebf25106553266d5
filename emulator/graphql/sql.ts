/**
 * SQL text building. User input never becomes SQL text: values are bind
 * parameters with casts, and identifiers come only from the catalog, quoted.
 */

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/**
 * A cast target from the catalog (`format_type` output such as `integer`,
 * `character varying`, `public.status[]`, `"Mood"`). It is catalog text, not
 * user input, but it still goes through a whitelist of characters so a
 * compromised value could not smuggle SQL.
 */
export function castType(sqlType: string): string {
  if (!/^[A-Za-z0-9_ ."[\](),]+$/.test(sqlType) || /;|--|\/\*/.test(sqlType))
    throw new Error(`unexpected type name ${JSON.stringify(sqlType)}`);
  return sqlType;
}

/** The element type of an array type name (`integer[]` → `integer`). */
export function elementType(sqlType: string): string {
  return sqlType.endsWith("[]") ? sqlType.slice(0, -2) : sqlType;
}

/** Collects bind parameters and hands out table aliases for one statement. */
export class SqlBuilder {
  readonly params: unknown[] = [];
  private aliases = 0;

  /** A new parameter `$n` holding `value` (text or null), optionally cast. */
  param(value: string | null, cast?: string): string {
    this.params.push(value);
    const ref = `$${this.params.length}`;
    return cast ? `${ref}::${castType(cast)}` : ref;
  }

  alias(): string {
    return `t${this.aliases++}`;
  }
}

/**
 * A json object of the pairs, keys in selection order. The response is
 * built as `json` (text), not `jsonb`: nesting json values appends their
 * text, where jsonb would decode and re-encode every nested value at each
 * level. `json_build_object` takes at most 100 arguments, so long objects
 * are built in pieces and merged through jsonb (which then orders keys its
 * own way).
 */
export function jsonObject(pairs: Array<[string, string]>, sql: SqlBuilder): string {
  if (pairs.length === 0) return `'{}'::json`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const part = pairs.slice(i, i + 50).map(([k, v]) => `${sql.param(k, "text")}, ${v}`);
    chunks.push(`json_build_object(${part.join(", ")})`);
  }
  return chunks.length === 1 ? chunks[0] : `(${chunks.map((c) => `${c}::jsonb`).join(" || ")})::json`;
}
