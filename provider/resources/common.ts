/**
 * Shared machinery of the resource providers: zod issues to check failures,
 * preview unknowns and pure field diffs. The result types are the engine's
 * own (`@pulumi/pulumi/dynamic`), imported as types only: nothing here loads
 * the peer dependency at run time.
 */
import type { z } from "zod";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { unknownValue } from "@pulumi/pulumi/runtime/rpc";
import { stableJson } from "../stable-json";

/** Canonical JSON (see provider/stable-json.ts), re-exported for the resources. */
export { stableJson };

/**
 * How the engine passes a not-yet-known value to a dynamic provider during
 * preview. Typed as the peer dependency's `runtime.unknownValue`, so the
 * compiler checks that the two agree without loading it.
 */
export const UNKNOWN: typeof unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Resource properties as the engine passes them: plain JSON whose shape each resource's schema checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Props = Record<string, any>;

/** The engine's result types, writable while a provider method builds them. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };
export type CheckFailure = dynamic.CheckFailure;
export type CheckResult = Writable<dynamic.CheckResult<Props>>;
export type DiffResult = Writable<dynamic.DiffResult>;
export type CreateResult = dynamic.CreateResult<Props>;
export type ReadResult = dynamic.ReadResult<Props>;
export type UpdateResult = dynamic.UpdateResult<Props>;

/**
 * Which resource of the program a `check` is for, when the entry point can
 * tell: the plugin from the URN, a dynamic resource of the TypeScript SDK
 * from the hidden input `RESOURCE_NAME_KEY` its class adds (for the kinds
 * whose doc asks for it, `ResourceDoc.resourceName`). `key` is unique among
 * the resources of one run; `name` is what a message calls it.
 */
export interface CheckIdentity {
  key: string;
  name: string;
}

/** The hidden input carrying a dynamic resource's name to `check`, which strips it: it never reaches state. */
export const RESOURCE_NAME_KEY = "__resourceName";

/** What each resource module implements; the serialized provider delegates here. */
export interface ResourceImpl {
  /** `identity` is given only where the entry point knows the resource (see CheckIdentity); kinds may ignore it. */
  check(olds: Props, news: Props, identity?: CheckIdentity): Promise<CheckResult>;
  diff(id: string, olds: Props, news: Props): Promise<DiffResult>;
  create(inputs: Props): Promise<CreateResult>;
  read(id: string, props: Props): Promise<ReadResult>;
  update(id: string, olds: Props, news: Props): Promise<UpdateResult>;
  delete(id: string, props: Props): Promise<void>;
}

/**
 * The project ref and the object's own id of a project-scoped resource whose
 * id is `<ref>/<own>`: from its recorded properties when they hold both
 * (`projectRef` and `field`), else from the id (an import by id alone).
 */
export function splitRefId(id: string, props: Props, field: string): [string, string] {
  if (props.projectRef && props[field]) return [props.projectRef, props[field]];
  const i = id.indexOf("/");
  return [id.slice(0, i), id.slice(i + 1)];
}

export const PROVIDER_KEY = "__provider";

export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True when the value, or anything inside it, is a preview unknown. */
export function containsUnknown(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/** Formats a zod path the way Pulumi names properties: `rows[3].name`. */
export function propertyPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

function valueAt(obj: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (cur === null || cur === undefined) return undefined;
    if (isUnknown(cur)) return UNKNOWN;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/**
 * Validates inputs with a zod schema. Issues on values that are still unknown
 * (preview) are dropped, since their format cannot be checked yet. Returns the
 * normalized data as the new inputs when everything is known and valid.
 */
export function checkWith<S extends z.ZodType>(schema: S, news: Props): CheckResult & { data?: z.infer<S> } {
  const { [PROVIDER_KEY]: _p, ...rest } = news;
  const parsed = schema.safeParse(rest);
  if (parsed.success) {
    return { inputs: { ...(parsed.data as Props) }, failures: [], data: parsed.data };
  }
  const failures: CheckFailure[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === "unrecognized_keys") {
      // Name each unexpected key as the failing field, not the object holding it.
      for (const key of issue.keys)
        failures.push({ property: propertyPath([...path, key]), reason: `unknown input "${key}"` });
      continue;
    }
    if (pathTouchesUnknown(rest, path)) continue;
    failures.push({ property: propertyPath(path) || "(inputs)", reason: issue.message });
  }
  // When only unknowns failed, pass the inputs through unchanged for preview.
  return { inputs: rest, failures };
}

function pathTouchesUnknown(obj: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  // valueAt answers UNKNOWN as soon as it walks through an unknown container.
  return containsUnknown(valueAt(obj, path));
}

export interface FieldRule {
  /** Input property name. */
  name: string;
  /** A change forces replacement. */
  replaces?: boolean;
  /** A change is not acted on (for example a create-only secret); never reported. */
  ignore?: boolean;
  /** Maps a value to its canonical form before comparison. */
  normalize?: (v: unknown) => unknown;
}

/**
 * A pure diff over declared input fields. Never touches the network. An
 * unknown new value counts as a change (and a replacement for replacing
 * fields), because the engine cannot know yet.
 */
export function diffFields(olds: Props, news: Props, rules: FieldRule[]): DiffResult {
  const replaces: string[] = [];
  let changes = false;
  for (const rule of rules) {
    if (rule.ignore) continue;
    const n = news[rule.name];
    const o = olds[rule.name];
    const norm = rule.normalize ?? ((v: unknown) => v);
    const differs = containsUnknown(n) || stableJson(norm(o)) !== stableJson(norm(n));
    if (differs) {
      changes = true;
      if (rule.replaces) replaces.push(rule.name);
    }
  }
  return { changes, replaces, deleteBeforeReplace: false };
}
