/** Organization's importer: the organization by name, taken over with `adopt: true`. */
import type { KindImporter } from "../../importer";

export const organizationImporter: KindImporter = {
  scope: "organization",
  async read(ctx) {
    return [{ name: ctx.names.organization, inputs: { name: ctx.organization.name, adopt: true } }];
  },
};
