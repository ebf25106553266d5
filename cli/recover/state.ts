/**
 * Reading a stack's exported state (`pulumi stack export`) for `recover`:
 * its pending operations, the kind of each resource, and the ids of each
 * kind the state already records.
 *
 * A resource's kind is found in one of three places:
 *   - plugin resources: the type token `supabase:index:<Class>`;
 *   - dynamic resources registered with a type name (every version of the
 *     SDK that this package supports): `pulumi-nodejs:dynamic/supabase:<Class>`;
 *   - dynamic resources under the generic token `pulumi-nodejs:dynamic:Resource`:
 *     the serialized provider in the inputs (`__provider`), which either
 *     `require`s the kind's provider module (`…/providers/api-key`) or, when
 *     serialized by value, captures the kind's name (`kind = "apiKey"`).
 */
import { registry, resourceKinds, kindFile, type ResourceKind } from "../../provider/registry";

type Json = Record<string, unknown>;

export type OperationType = "creating" | "updating" | "deleting" | "reading" | "importing";

/** One resource state as the export holds it (only the fields recover uses). */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  inputs?: Json;
  outputs?: Json;
  [field: string]: unknown;
}

export interface PendingOperation {
  resource: StateResource;
  type: OperationType;
}

/** The part of `pulumi stack export` recover reads and writes back. */
export interface Deployment {
  resources?: StateResource[];
  pending_operations?: PendingOperation[];
  [field: string]: unknown;
}

export interface ExportedStack {
  version: number;
  deployment: Deployment;
}

const CLASS_TO_KIND: ReadonlyMap<string, ResourceKind> = new Map(
  resourceKinds.map((k) => [registry[k].doc.name as string, k] as const),
);
const FILE_TO_KIND: ReadonlyMap<string, ResourceKind> = new Map(resourceKinds.map((k) => [kindFile(k), k] as const));

const PLUGIN_PREFIX = "supabase:index:";
const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/supabase:";
const GENERIC_DYNAMIC = "pulumi-nodejs:dynamic:Resource";

/** The kind of a resource of the stack, or undefined when it is not one of this package's. */
export function kindOf(type: string, inputs: Json | undefined): ResourceKind | undefined {
  if (type.startsWith(PLUGIN_PREFIX)) return CLASS_TO_KIND.get(type.slice(PLUGIN_PREFIX.length));
  if (type.startsWith(DYNAMIC_PREFIX)) return CLASS_TO_KIND.get(type.slice(DYNAMIC_PREFIX.length));
  if (type !== GENERIC_DYNAMIC) return undefined;
  const provider = inputs?.__provider;
  if (typeof provider !== "string") return undefined;
  const byModule = /providers[/\\]([a-z-]+)(?:\.js)?["'`]/.exec(provider);
  if (byModule && FILE_TO_KIND.has(byModule[1])) return FILE_TO_KIND.get(byModule[1]);
  const byName = /\bkind\s*[:=]\s*["'`](\w+)["'`]/.exec(provider) ?? /makeProvider\(\s*["'`](\w+)["'`]/.exec(provider);
  if (byName && (resourceKinds as string[]).includes(byName[1])) return byName[1] as ResourceKind;
  return undefined;
}

/** The ids of each kind that the state records (a lookup never offers one of them as a match). */
export function heldIds(deployment: Deployment): Map<ResourceKind, Set<string>> {
  const held = new Map<ResourceKind, Set<string>>();
  for (const r of deployment.resources ?? []) {
    const kind = kindOf(r.type, r.inputs);
    if (!kind || !r.id) continue;
    if (!held.has(kind)) held.set(kind, new Set());
    held.get(kind)!.add(r.id);
  }
  return held;
}

export function parseExport(text: string): ExportedStack {
  const parsed = JSON.parse(text) as Partial<ExportedStack>;
  if (!parsed || typeof parsed !== "object" || !parsed.deployment || typeof parsed.deployment !== "object")
    throw new Error("pulumi stack export answered no deployment");
  return parsed as ExportedStack;
}

/** The resource's name, the last part of its URN. */
export function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/** Secret values in the export are envelopes: `{ "4dabf18193072939515e22adb298388d": "1b47…", ciphertext }`. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_MARK = "1b47061264138c4ac30d75fd1eb44270";

export function isSecretEnvelope(v: unknown): boolean {
  return !!v && typeof v === "object" && (v as Json)[SECRET_SIG] === SECRET_MARK;
}

/** A plaintext secret for `pulumi stack import`, which encrypts it with the stack's secrets provider. */
export function plaintextSecret(value: unknown): Json {
  return { [SECRET_SIG]: SECRET_MARK, plaintext: JSON.stringify(value) };
}
