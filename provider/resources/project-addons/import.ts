/**
 * ProjectAddons' importer: the compute size, point-in-time recovery and IPv4
 * add-ons, each declared only when it differs from a new project's (its
 * smallest compute, no PITR, no IPv4), read as the resource reads them. The
 * first `up` applies none: the resource writes only what differs.
 */
import type { ProjectAddons } from "../../client";
import { managementClient } from "../../context";
import type { KindImporter } from "../../importer";
import { configImporter } from "../config/import";

/** The add-ons in the resource's terms (API names), as its `read` answers them. */
function selected(a: Pick<ProjectAddons, "selected_addons">): Record<string, unknown> {
  const of = (type: string) => a.selected_addons.find((s) => s.type === type)?.variant.id;
  return {
    compute_instance: of("compute_instance") ?? null,
    pitr: of("pitr") ?? "disabled",
    ipv4: of("ipv4") !== undefined,
  };
}

export const projectAddonsImporter: KindImporter = configImporter({
  kind: "projectAddons",
  what: "addons",
  fields: {
    computeSize: { api: "compute_instance", kind: "string" },
    pitr: { api: "pitr", kind: "string" },
    ipv4: { api: "ipv4", kind: "boolean" },
  },
  read: async (ref) => selected(await managementClient().getProjectAddons(ref)),
  defaults: (answer) => selected(answer as unknown as ProjectAddons),
});
