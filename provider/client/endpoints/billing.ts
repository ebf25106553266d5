/** A project's billing add-ons: compute size, point-in-time recovery, IPv4, … */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type ProjectAddons = Open<WireSchemas["ListProjectAddonsResponse"]>;
export type AddonVariant = WireSchemas["ApplyProjectAddonBody"]["addon_variant"];
export type AddonType = WireSchemas["ApplyProjectAddonBody"]["addon_type"];

const variantSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  price: z.looseObject({ description: z.string(), type: z.string(), interval: z.string(), amount: z.number() }),
});
const addonsSchema = z
  .looseObject({
    selected_addons: z.array(z.looseObject({ type: z.string(), variant: variantSchema })),
    available_addons: z.array(z.looseObject({ type: z.string(), name: z.string(), variants: z.array(variantSchema) })),
  })
  .transform((a) => a as unknown as ProjectAddons);

export abstract class BillingEndpoints extends ManagementTransport {
  getProjectAddons(ref: string): Promise<ProjectAddons> {
    return this.typed(addonsSchema, "GET", `/v1/projects/${enc(ref)}/billing/addons`);
  }

  /** Selects a variant of an add-on type (replacing the type's current one). Same body, same outcome: retryable. */
  async applyProjectAddon(ref: string, type: AddonType, variant: AddonVariant): Promise<void> {
    await this.request("PATCH", `/v1/projects/${enc(ref)}/billing/addons`, {
      body: { addon_type: type, addon_variant: variant } satisfies WireSchemas["ApplyProjectAddonBody"],
      expect: "empty",
      idempotent: true,
    });
  }

  /** Removes an add-on (for the compute size: back to the plan's default). */
  async removeProjectAddon(ref: string, variant: AddonVariant): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/billing/addons/${enc(variant)}`, { expect: "empty" });
  }
}
