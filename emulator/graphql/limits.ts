/**
 * Limits on a GraphQL document, checked before it is executed: its size in
 * bytes, and how many field selections it makes once fragments are expanded.
 * pg_graphql itself has no such limits (only its fragment-cycle guard, which
 * execution applies with pg_graphql's messages), but a service in front of it
 * does, and without them a small document of nested fragment spreads expands
 * to billions of fields.
 *
 * A document too large is refused like an oversized body (413
 * `{"message"}`); one with too many fields gets a request-level GraphQL error
 * (`{"errors": [...]}`, no `data`), the shape of pg_graphql's other
 * document-level refusals. The checks run in `request.ts`, on the one parse
 * of the document that execution then uses.
 */
import { Kind, type DocumentNode, type SelectionSetNode } from "graphql";

export interface GraphqlLimits {
  /** Largest `query` string, in UTF-8 bytes. */
  maxDocumentBytes: number;
  /** Most field selections, aliases included and fragments expanded. */
  maxFields: number;
}

export type LimitRefusal =
  { status: 413; body: { message: string } } | { status: 200; body: { errors: [{ message: string }] } };

export const LimitMessages = {
  documentTooLarge: (max: number) => `GraphQL document is larger than the limit of ${max} bytes`,
  tooManyFields: (max: number) => `GraphQL document selects more than the limit of ${max} fields`,
} as const;

/**
 * Field selections in the document, fragments expanded, counting stops just
 * past `cap`. Each fragment is counted once (memoized), so nested spreads cost
 * linear time; a spread of an unknown fragment or one on a cycle counts 0 and
 * is left to execution to report.
 */
export function countFields(doc: DocumentNode, cap: number): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  const memo = new Map<string, number>();
  const visiting = new Set<string>();
  const countSet = (set: SelectionSetNode): number => {
    let n = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) n += 1 + (s.selectionSet ? countSet(s.selectionSet) : 0);
      else if (s.kind === Kind.INLINE_FRAGMENT) n += countSet(s.selectionSet);
      else n += countFragment(s.name.value);
      if (n > cap) return n;
    }
    return n;
  };
  const countFragment = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const set = fragments.get(name);
    if (!set || visiting.has(name)) return 0;
    visiting.add(name);
    const n = countSet(set);
    visiting.delete(name);
    memo.set(name, n);
    return n;
  };
  let total = 0;
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    total += countSet(d.selectionSet);
    if (total > cap) break;
  }
  return total;
}
