/**
 * GraphQL documents as ASTs (printed with graphql-js), never as text glued
 * together from values: every value travels as a variable, and the only
 * identifiers placed in a document are names that came from introspection
 * (or the documented naming rules) and pass `assertName`, plus aliases this
 * module generates itself (`r0`, `r1`, …).
 */
import {
  Kind,
  OperationTypeNode,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type SelectionNode,
  type TypeNode,
  type ValueNode,
  type VariableDefinitionNode,
} from "graphql";

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Refuses anything that is not a plain GraphQL name (defence in depth: names come from introspection). */
export function assertName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not a valid GraphQL name: ${JSON.stringify(name)}`);
  return name;
}

const name = (value: string) => ({ kind: Kind.NAME, value: assertName(value) }) as const;

export const variable = (v: string): ValueNode => ({ kind: Kind.VARIABLE, name: name(v) });
export const intValue = (n: number): ValueNode => ({ kind: Kind.INT, value: String(Math.trunc(n)) });

export function field(
  fieldName: string,
  opts: { alias?: string; args?: Record<string, ValueNode>; selections?: SelectionNode[] } = {},
): FieldNode {
  const args: ArgumentNode[] = Object.entries(opts.args ?? {}).map(([k, value]) => ({
    kind: Kind.ARGUMENT,
    name: name(k),
    value,
  }));
  return {
    kind: Kind.FIELD,
    alias: opts.alias ? name(opts.alias) : undefined,
    name: name(fieldName),
    arguments: args,
    selectionSet: opts.selections ? { kind: Kind.SELECTION_SET, selections: opts.selections } : undefined,
  };
}

/** `Type!`, `[Type!]!` and friends from a tiny notation: "T", "T!", "[T!]!". */
export function typeNode(spec: string): TypeNode {
  if (spec.endsWith("!")) {
    const inner = typeNode(spec.slice(0, -1));
    if (inner.kind === Kind.NON_NULL_TYPE) throw new Error(`bad type ${spec}`);
    return { kind: Kind.NON_NULL_TYPE, type: inner };
  }
  if (spec.startsWith("[") && spec.endsWith("]")) return { kind: Kind.LIST_TYPE, type: typeNode(spec.slice(1, -1)) };
  return { kind: Kind.NAMED_TYPE, name: name(spec) };
}

export function operation(
  kind: "query" | "mutation",
  operationName: string,
  variables: Array<[string, string]>,
  selections: SelectionNode[],
): DocumentNode {
  const defs: VariableDefinitionNode[] = variables.map(([v, t]) => ({
    kind: Kind.VARIABLE_DEFINITION,
    variable: { kind: Kind.VARIABLE, name: name(v) },
    type: typeNode(t),
  }));
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: kind === "query" ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION,
        name: name(operationName),
        variableDefinitions: defs,
        selectionSet: { kind: Kind.SELECTION_SET, selections },
      },
    ],
  };
}
