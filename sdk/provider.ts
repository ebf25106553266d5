import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/runtime";

/**
 * Builds the dynamic provider object for one resource kind. It is stateless:
 * each method loads the package's runtime by name and delegates, so it holds
 * no credential and shares the provider process's HTTP agent and caches.
 * Credentials come from the stack config handed to `configure`, or from the
 * environment inside the runtime.
 *
 * Keep every method free of references to module-level values other than
 * `kind`: anything referenced here is serialized into each resource's state.
 */
export function makeProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  return {
    async configure(req) {
      require("supabase-pulumi/runtime").configure(req.config);
    },
    async check(olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).check(olds, news);
    },
    async diff(id, olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).diff(id, olds, news);
    },
    async create(inputs) {
      return require("supabase-pulumi/runtime").provider(kind).create(inputs);
    },
    async read(id, props) {
      return require("supabase-pulumi/runtime").provider(kind).read(id, props);
    },
    async update(id, olds, news) {
      return require("supabase-pulumi/runtime").provider(kind).update(id, olds, news);
    },
    async delete(id, props) {
      return require("supabase-pulumi/runtime").provider(kind).delete(id, props);
    },
  };
}

/**
 * The provider of `kind`: the whole export of its module `providers/<kind>`,
 * which `npm run generate` writes for every kind of the registry.
 *
 * Pulumi stores a dynamic resource's provider, serialized, in its inputs and
 * again in its outputs, and the engine rewrites the whole state file at every
 * step, so those bytes cost time in proportion to the stack's size (measured
 * with 1,000 trivial resources: 10 KB more per resource tripled `up`). An
 * object that is the export of a module inside node_modules serializes as a
 * `require` of that module (about 270 bytes) instead of as the source of its
 * seven methods (about 2,650). That is how users run it, from their
 * node_modules. The exports map publishes these modules under their own file
 * paths: Pulumi's serializer maps a file to an exported subpath when it can
 * find the package's package.json, and falls back to the plain path when it
 * cannot (v3.248 fails to when the project's path also contains the package's
 * name), so both forms must resolve. In this repository, which links the
 * package to itself, the module is local and serializes by value, as before.
 */
export function dynamicProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  const file = kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return require(`./providers/${file}`) as pulumi.dynamic.ResourceProvider;
}

/** The resource options with `keys` added to `additionalSecretOutputs`: those inputs and outputs are stored encrypted. */
export function withSecrets(
  opts: pulumi.CustomResourceOptions | undefined,
  keys: string[],
): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...keys] };
}
