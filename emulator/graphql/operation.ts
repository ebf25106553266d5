/**
 * The operation of a parsed document: selected by name, its fragments
 * checked for cycles, its variable defaults applied, and its top-level
 * fields collected, with pg_graphql's request-level errors.
 */
import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { GqlError } from "./errors";
import { collectFields } from "./selection";
import { EnumLiteral, isObject, resolveValue, type Variables } from "./values";

/** A parsed request, ready to compile against an API. */
export interface Prepared {
  doc: DocumentNode;
  op: OperationDefinitionNode;
  vars: Variables;
  fragments: Map<string, FragmentDefinitionNode>;
  topFields: FieldNode[];
  isMutation: boolean;
}

/** Variables as JSON values (enum literals in defaults become strings). */
function plain(v: unknown): unknown {
  if (v instanceof EnumLiteral) return v.value;
  if (Array.isArray(v)) return v.map(plain);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function selectOperation(doc: DocumentNode, operationName: unknown): OperationDefinitionNode {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const names = ops.map((o) => o.name?.value).filter((n): n is string => n !== undefined);
  if (new Set(names).size !== names.length) throw new GqlError("Operation names must be unique");
  if (ops.length > 1 && ops.some((o) => !o.name))
    throw new GqlError("Anonymous operations must be the only defined operation");
  let op: OperationDefinitionNode | undefined;
  if (typeof operationName === "string" && operationName !== "") op = ops.find((o) => o.name?.value === operationName);
  else if (ops.length === 1) op = ops[0];
  if (!op) throw new GqlError("Operation not found");
  if (op.operation === "subscription") throw new GqlError("Subscriptions are not supported");
  return op;
}

function checkFragmentCycles(fragments: Map<string, FragmentDefinitionNode>): void {
  const spreads = (set: SelectionSetNode, out: string[] = []): string[] => {
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) out.push(s.name.value);
      else if (s.selectionSet) spreads(s.selectionSet, out);
    }
    return out;
  };
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, depth: number) => {
    if (depth > 50) throw new GqlError("Fragment cycle depth is greater than 50");
    const s = state.get(name);
    if (s === "visiting") throw new GqlError("Found a cycle between fragments");
    if (s === "done" || !fragments.has(name)) return;
    state.set(name, "visiting");
    for (const n of spreads(fragments.get(name)!.selectionSet)) visit(n, depth + 1);
    state.set(name, "done");
  };
  for (const name of fragments.keys()) visit(name, 0);
}

/** The operation to run, ready to plan its fields; a request-level error throws GqlError. */
export function prepare(doc: DocumentNode, operationName: unknown, variables: Variables): Prepared {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const vars: Variables = { ...variables };
  const op = selectOperation(doc, operationName);
  checkFragmentCycles(fragments);
  for (const v of op.variableDefinitions ?? []) {
    const name = v.variable.name.value;
    if (vars[name] === undefined && v.defaultValue) vars[name] = plain(resolveValue(v.defaultValue, {}));
  }
  const topFields = collectFields(op.selectionSet, [op.operation === "query" ? "Query" : "Mutation"], {
    vars,
    fragments,
  });
  return { doc, op, vars, fragments, topFields, isMutation: op.operation === "mutation" };
}
