import type * as pulumi from "@pulumi/pulumi";

/**
 * Builds the dynamic provider object for one resource kind. It is stateless:
 * each method loads the package's runtime by name and delegates, so the
 * serialized form is a few hundred bytes, holds no credential and shares the
 * provider process's HTTP agent and caches. Credentials come from the stack
 * config handed to `configure`, or from the environment inside the runtime.
 *
 * Keep every method free of references to module-level values other than
 * `kind`: anything referenced here is serialized into each resource's state.
 */
export function dynamicProvider(kind: string): pulumi.dynamic.ResourceProvider {
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
