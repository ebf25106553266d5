/**
 * Pgsodium's importer: the root key is observed only: declared without
 * `rootKey`, the resource reads the current key into its secret outputs and
 * never writes it. The key itself is not read by the importer.
 */
import { managementClient } from "../../context";
import type { KindImporter } from "../../importer";
import { UsageOutput } from "../../resource-doc";

export const pgsodiumImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    // Only whether the project has pgsodium configured; the key is not kept.
    const configured = await managementClient()
      .getPgsodium(ref)
      .then((r) => typeof r.root_key === "string" && r.root_key !== "")
      .catch(() => false);
    if (!configured) return [];
    return [
      {
        name: ctx.name("pgsodium"),
        inputs: { projectRef: new UsageOutput(ctx.names.project!, "ref") },
        comment: ["Observed only: without rootKey, the root key is read into secret outputs and never written."],
      },
    ];
  },
};
