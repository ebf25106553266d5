/**
 * NetworkRestriction's importer: the allowed CIDR blocks, declared when they
 * differ from a new project's (allow-all), or always with `--all-fields`.
 */
import { managementClient } from "../../context";
import { ALLOW_ALL_V4, ALLOW_ALL_V6, normalizeCidrList } from "../../cidr";
import type { KindImporter } from "../../importer";
import { UsageOutput } from "../../resource-doc";

export const networkRestrictionImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const r = await managementClient().getNetworkRestrictions(ref);
    const v4 = normalizeCidrList(r.config.dbAllowedCidrs ?? []);
    const v6 = normalizeCidrList(r.config.dbAllowedCidrsV6 ?? []);
    const allowAll = v4.join() === ALLOW_ALL_V4 && v6.join() === ALLOW_ALL_V6;
    if (allowAll && !ctx.allFields) return [];
    return [
      {
        name: ctx.name("network"),
        inputs: { projectRef: new UsageOutput(ctx.names.project!, "ref"), dbAllowedCidrs: v4, dbAllowedCidrsV6: v6 },
      },
    ];
  },
};
