/**
 * What a policy sees of a resource, made plain: which of this package's kinds
 * it is (a dynamic resource of the TypeScript SDK or a resource of the provider
 * plugin, in any language), and its declared inputs with every value not known
 * at preview replaced by `UNKNOWN`, so the rules judge only what is known and
 * never report an unknown value.
 */

/** A value not known yet (an output of a resource not created, or a computed one). */
export const UNKNOWN: unique symbol = Symbol("unknown");
export type Unknown = typeof UNKNOWN;

export type Plain = Record<string, unknown>;

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/supabase:";
const PLUGIN_PREFIX = "supabase:index:";
const DYNAMIC_ANY = "pulumi-nodejs:dynamic:Resource";

/**
 * The class name of this package's kind behind `type` (`NetworkRestriction`),
 * or undefined for anything else. A dynamic resource of an SDK on an engine
 * SDK that drops the type name is recognized by its serialized provider
 * (`…/providers/network-restriction`).
 */
export function kindOf(type: string, props?: Plain): string | undefined {
  if (type.startsWith(DYNAMIC_PREFIX)) return type.slice(DYNAMIC_PREFIX.length);
  if (type.startsWith(PLUGIN_PREFIX)) return type.slice(PLUGIN_PREFIX.length);
  if (type === DYNAMIC_ANY && typeof props?.__provider === "string") {
    const m = /supabase-pulumi\/dist\/sdk\/providers\/([a-z-]+)/.exec(props.__provider);
    if (m) return m[1].replace(/(^|-)([a-z])/g, (_s, _d, c: string) => c.toUpperCase());
  }
  return undefined;
}

/** Whether `e` is @pulumi/policy's error for reading a value that is unknown during preview. */
function isUnknownError(e: unknown): boolean {
  return e instanceof Error && e.constructor.name === "UnknownValueError";
}

/**
 * A plain copy of `value` (a policy's props, which throw on reading an unknown
 * value): unknown members become `UNKNOWN`, at any depth.
 */
export function plain(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(read(() => value[i]));
    return out;
  }
  if (value && typeof value === "object") {
    const out: Plain = {};
    for (const k of Object.keys(value)) out[k] = read(() => (value as Plain)[k]);
    return out;
  }
  return value;
}

function read(get: () => unknown): unknown {
  try {
    return plain(get());
  } catch (e) {
    if (isUnknownError(e)) return UNKNOWN;
    throw e;
  }
}

/** `props` as a plain object; a whole-object unknown becomes an empty one. */
export function plainProps(props: unknown): Plain {
  const p = read(() => props);
  return p && typeof p === "object" && !Array.isArray(p) ? (p as Plain) : {};
}

export const isKnown = <T>(v: T | Unknown | undefined): v is T => v !== UNKNOWN && v !== undefined && v !== null;
