/**
 * ApiKey's importer: the project's publishable and secret keys (not the
 * legacy `anon` and `service_role` ones), by type and name, with `adopt:
 * true` and the live description and JWT template, so adoption changes
 * nothing. The keys' values are never written anywhere.
 */
import { apiKeysList } from "../../context";
import type { ImportedResource, KindImporter } from "../../importer";
import { slugOf } from "../../importer";
import { UsageOutput, type UsageValue } from "../../resource-doc";

export const apiKeyImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const ref = ctx.ref!;
    const keys = (await apiKeysList(ref)).filter((k) => k.type === "publishable" || k.type === "secret");
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(`${k.type}/${k.name}`, (counts.get(`${k.type}/${k.name}`) ?? 0) + 1);
    return keys
      .filter((k) => counts.get(`${k.type}/${k.name}`) === 1)
      .map((k): ImportedResource => {
        const inputs: Record<string, UsageValue> = {
          projectRef: new UsageOutput(ctx.names.project!, "ref"),
          type: k.type!,
          name: k.name,
        };
        if (k.description) inputs.description = k.description;
        if (k.type === "secret" && k.secret_jwt_template)
          inputs.secretJwtTemplate = k.secret_jwt_template as UsageValue;
        inputs.adopt = true;
        return { name: ctx.name(`${k.type}-key-${slugOf(k.name)}`), inputs };
      })
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  },
};
