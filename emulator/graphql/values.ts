/**
 * GraphQL input values: literals and variables resolved to plain JS values,
 * then coerced per GraphQL type into the text that is bound as a parameter.
 * Error texts are pg_graphql's.
 */
import { Kind, type ValueNode } from "graphql";
import { GqlError } from "./errors";
import type { EnumModel, ScalarName } from "./model";

/** An enum literal (`AscNullsLast`, `NOT_NULL`), kept apart from strings. */
export class EnumLiteral {
  constructor(readonly value: string) {}
}

export type Variables = Record<string, unknown>;

/**
 * The JS value of an AST value. Undefined variables resolve to `undefined`,
 * and object keys whose value is undefined are dropped, which is how
 * pg_graphql treats them: as absent.
 */
export function resolveValue(node: ValueNode, vars: Variables): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return Object.prototype.hasOwnProperty.call(vars, node.name.value) ? vars[node.name.value] : undefined;
    case Kind.INT:
      return Number(node.value);
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.ENUM:
      return new EnumLiteral(node.value);
    case Kind.LIST:
      // A list entry naming an undefined variable is a missing entry: null, which `[T!]` rejects.
      return node.values.map((v) => resolveValue(v, vars) ?? null);
    case Kind.OBJECT: {
      const out: Record<string, unknown> = {};
      for (const f of node.fields) {
        const v = resolveValue(f.value, vars);
        if (v !== undefined) out[f.name.value] = v;
      }
      return out;
    }
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof EnumLiteral);
}

/** A single value where a list is expected becomes a one-element list. */
export function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [v];
}

/** A `[T!]` input: list coercion, then no null (or missing) entry. */
export function nonNullList(v: unknown): unknown[] {
  const list = asList(v);
  if (list.some((x) => x === null || x === undefined)) throw new GqlError("Invalid input for NonNull type");
  return list;
}

/** The enum value's name, from a literal or (in variables) a string. */
export function enumName(v: unknown): string | undefined {
  if (v instanceof EnumLiteral) return v.value;
  if (typeof v === "string") return v;
  return undefined;
}

export function extraKeys(typeName: string, keys: string[]): GqlError {
  return new GqlError(`Input for type ${typeName} contains extra keys ${JSON.stringify(keys)}`);
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The text bound for a non-null value of a scalar or enum type. */
export function scalarText(type: ScalarName | EnumModel, v: unknown, maxLength?: number | null): string {
  if (typeof type !== "string") {
    const name = enumName(v);
    const found = type.values.find((x) => x.gql === name);
    if (!found) throw new GqlError(`Invalid input for ${type.name} type`);
    return found.sql;
  }
  const invalid = () => new GqlError(`Invalid input for ${type} type`);
  switch (type) {
    case "Int":
      if (typeof v !== "number" || !Number.isInteger(v) || v < INT32_MIN || v > INT32_MAX) throw invalid();
      return String(v);
    case "Float":
      if (typeof v !== "number") throw invalid();
      return String(v);
    case "BigInt":
      if (typeof v === "number" && Number.isInteger(v)) return String(v);
      if (typeof v === "string") return v;
      throw invalid();
    case "BigFloat":
      if (typeof v !== "string") throw new GqlError("Invalid input for BigFloat type. String required");
      return v;
    case "Boolean":
      if (typeof v !== "boolean") throw invalid();
      return v ? "true" : "false";
    case "String":
      if (typeof v !== "string") throw invalid();
      // pg_graphql checks varchar(n) limits in bytes.
      if (maxLength != null && Buffer.byteLength(v, "utf8") > maxLength)
        throw new GqlError(`Invalid input for String type. Maximum character length ${maxLength}`);
      return v;
    case "Opaque":
      if (typeof v === "string") return v;
      if (v instanceof EnumLiteral) return v.value;
      return JSON.stringify(v);
    default:
      // Date, Time, Datetime, UUID, JSON: strings that PostgreSQL parses.
      if (typeof v !== "string") throw invalid();
      return v;
  }
}
