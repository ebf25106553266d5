/**
 * VanitySubdomain's importer: the project's active `<name>.supabase.co`
 * name, when it has one. Create adopts the name the project already has, so
 * the first `up` activates nothing. Its check asks once whether the name is
 * available (a POST that only reads); the service answers no for the
 * project's own name, so that first `up` shows check's warning although it
 * activates nothing.
 */
import { managementClient } from "../../context";
import { isNotFound } from "../../errors";
import type { KindImporter } from "../../importer";
import { UsageOutput } from "../../resource-doc";

export const vanitySubdomainImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    let current;
    try {
      current = await managementClient().getVanitySubdomain(ref);
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    const domain = current.status === "active" ? current.custom_domain : undefined;
    if (!domain) return [];
    return [
      {
        name: ctx.name("vanity"),
        inputs: {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          subdomain: domain.replace(/\.supabase\.co$/, ""),
        },
      },
    ];
  },
};
