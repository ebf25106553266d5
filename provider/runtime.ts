/**
 * The provider runtime: the one module the serialized dynamic providers load,
 * by package name (`require("supabase-pulumi/runtime")`), inside their methods.
 *
 * Because it is required by name rather than inlined, the HTTP dispatcher,
 * clients, caches and coalescers it holds are per-process singletons, and the
 * `__provider` string stored in state stays a few hundred bytes with no
 * credential in it.
 */
import { operations } from "./batch";
import { configure as configureSettings, type ConfigSource, type ProviderSettings } from "./config";
import { watchEngineFromDynamicProviderHost } from "./engine-watch";
import { RESOURCE_NAME_KEY, type CheckIdentity, type ResourceImpl } from "./resources/common";
import { registry, resourceKinds, type ResourceKind } from "./registry";

export { managementClient, resetContexts } from "./context";
export { resolveConfig, CONFIG_KEYS, ENV_VARS } from "./config";

export type { ResourceKind } from "./registry";

/** Receives the stack config (from the dynamic provider's `configure`) or explicit settings. */
export function configure(source: ConfigSource | ProviderSettings): void {
  configureSettings(source);
}

// Loaded by the engine's dynamic-provider host: exit with the engine rather than outlive it.
watchEngineFromDynamicProviderHost();

const wrapped = new Map<ResourceKind, ResourceImpl>();

/**
 * The implementation behind one resource type, as the engine may see it:
 * `undefined` members are dropped from every result, since the engine's wire
 * format (a protobuf Struct) has no undefined and rejects it ("Unexpected
 * struct type").
 */
export function provider(kind: ResourceKind): ResourceImpl {
  let impl = wrapped.get(kind);
  if (impl) return impl;
  const inner = (registry as Record<string, { impl: ResourceImpl } | undefined>)[kind]?.impl;
  if (!inner)
    throw new Error(
      `supabase-pulumi: unknown resource kind "${kind}" (is the installed package older than the program?)`,
    );
  impl = {
    check: async (olds, news, identity) => {
      // A dynamic resource's name arrives as a hidden input (see CheckIdentity); no kind ever sees it as one.
      const { [RESOURCE_NAME_KEY]: hidden, ...rest } = news;
      const id = identity ?? dynamicIdentity(hidden);
      const r = await inner.check(olds, rest, id);
      return { ...r, inputs: r.inputs && defined(r.inputs) };
    },
    diff: (id, olds, news) => inner.diff(id, olds, news),
    create: async (inputs) => {
      // Tracked, so write coalescing knows when every engine worker is waiting (provider/batch.ts).
      const r = await operations.run(() => inner.create(inputs));
      return { id: r.id, outs: r.outs && defined(r.outs) };
    },
    read: async (id, props) => {
      const r = await inner.read(id, props);
      return { id: r.id, props: r.props && defined(r.props), ...(r.inputs ? { inputs: defined(r.inputs) } : {}) };
    },
    update: async (id, olds, news) => {
      const r = await operations.run(() => inner.update(id, olds, news));
      return { outs: r.outs && defined(r.outs) };
    },
    delete: (id, props) => operations.run(() => inner.delete(id, props)),
  };
  wrapped.set(kind, impl);
  return impl;
}

/**
 * The identity of a dynamic resource from its hidden input: its explicit parents' `type::name`, then its own name
 * (sdk/provider.ts `resourcePath`). Anything else (an older SDK sent none) is no identity.
 */
function dynamicIdentity(hidden: unknown): CheckIdentity | undefined {
  if (!Array.isArray(hidden) || hidden.length === 0 || !hidden.every((p) => typeof p === "string" && p !== ""))
    return undefined;
  return { key: JSON.stringify(hidden), name: hidden.at(-1) as string };
}

/** A copy without undefined members, at any depth (arrays keep their length: undefined becomes null). */
function defined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : defined(v))) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = defined(v);
    return out as T;
  }
  return value;
}

export const kinds = (): ResourceKind[] => [...resourceKinds];
