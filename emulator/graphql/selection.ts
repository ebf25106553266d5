/**
 * Reading a selection against the document: fields in document order with
 * fragments expanded, @skip/@include applied, same-key fields merged (or
 * rejected when they conflict), and arguments resolved to JS values.
 */
import {
  Kind,
  print,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { GqlError } from "./errors";
import { resolveValue, type Variables } from "./values";

export const responseKey = (f: FieldNode) => f.alias?.value ?? f.name.value;

/** Whether @skip/@include keep a selection. */
function included(node: { directives?: readonly DirectiveNode[] }, vars: Variables): boolean {
  for (const d of node.directives ?? []) {
    const name = d.name.value;
    if (name !== "skip" && name !== "include") throw new GqlError(`Unknown directive ${name}`);
    const arg = d.arguments?.find((a) => a.name.value === "if");
    const v = arg ? resolveValue(arg.value, vars) : undefined;
    if (typeof v !== "boolean") throw new GqlError(`Value for "if" in @${name} directive is required`);
    if (name === "skip" && v) return false;
    if (name === "include" && !v) return false;
  }
  return true;
}

/**
 * The fields of a selection set in document order, with fragments expanded.
 * Fragments whose type condition is not one of `typeNames` are skipped (they
 * select on another type of the `Node` interface).
 */
export function collectFields(
  set: SelectionSetNode | undefined,
  typeNames: string[],
  ctx: { vars: Variables; fragments: Map<string, FragmentDefinitionNode> },
): FieldNode[] {
  const out: FieldNode[] = [];
  const walk = (s: SelectionSetNode) => {
    for (const sel of s.selections) {
      if (!included(sel, ctx.vars)) continue;
      if (sel.kind === Kind.FIELD) out.push(sel);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (!sel.typeCondition || typeNames.includes(sel.typeCondition.name.value)) walk(sel.selectionSet);
      } else {
        const frag = ctx.fragments.get(sel.name.value);
        if (!frag) throw new GqlError(`Unknown fragment ${sel.name.value}`);
        if (typeNames.includes(frag.typeCondition.name.value)) walk(frag.selectionSet);
      }
    }
  };
  if (set) walk(set);
  // Fields with the same response key merge their selections (e.g. `node` selected directly and in a fragment).
  const merged = new Map<string, FieldNode>();
  for (const f of out) {
    const key = responseKey(f);
    const prev = merged.get(key);
    if (!prev) {
      merged.set(key, f);
      continue;
    }
    // One response key must name one field with one set of arguments (the document's merge rule).
    if (prev.name.value !== f.name.value)
      throw new GqlError(`Fields \`${prev.name.value}\` and \`${f.name.value}\` are different`);
    if (argumentsText(prev) !== argumentsText(f))
      throw new GqlError(`Two fields named \`${key}\` have different arguments`);
    if (prev.selectionSet && f.selectionSet) {
      merged.set(key, {
        ...prev,
        selectionSet: {
          ...prev.selectionSet,
          selections: [...prev.selectionSet.selections, ...f.selectionSet.selections],
        },
      });
    }
  }
  return [...merged.values()];
}

/** A field's arguments as comparable text, in name order. */
function argumentsText(f: FieldNode): string {
  return [...(f.arguments ?? [])]
    .sort((x, y) => (x.name.value < y.name.value ? -1 : 1))
    .map((a) => `${a.name.value}:${print(a.value)}`)
    .join(",");
}

/** The field's arguments as JS values; unknown ones are rejected as pg_graphql does. */
export function fieldArgs(field: FieldNode, allowed: string[], vars: Variables): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extra: string[] = [];
  for (const a of field.arguments ?? []) {
    if (!allowed.includes(a.name.value)) extra.push(a.name.value);
    else {
      const v = resolveValue(a.value, vars);
      if (v !== undefined) out[a.name.value] = v;
    }
  }
  if (extra.length) throw new GqlError(`Input contains extra keys ${JSON.stringify(extra)}`);
  return out;
}

export function requireSelection(field: FieldNode): SelectionSetNode {
  if (!field.selectionSet) throw new GqlError(`Field "${field.name.value}" of type object requires a selection set`);
  return field.selectionSet;
}
