/**
 * ReadReplica's importer: each replica of the project that is not going
 * down, declared with its region and its `identifier` (in the short form,
 * `rr-<region>-<suffix>`), so the first `up` takes it over instead of
 * setting up another.
 */
import type { ImportedResource, KindImporter } from "../../importer";
import { UsageOutput } from "../../resource-doc";
import { projectReplicas } from "./list";

export const readReplicaImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const replicas = ((await projectReplicas(ref)) ?? []).filter((r) => r.status !== "GOING_DOWN");
    return replicas
      .map((r): ImportedResource => ({
        // The identifier's suffix keeps names stable and distinct when one region has several replicas.
        name: ctx.name(`replica-${r.identifier.slice(ref.length + 4)}`),
        // Without the project's ref, which the program names only through `projectRef`.
        inputs: {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          region: r.region,
          identifier: r.identifier.slice(ref.length + 1),
        },
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  },
};
