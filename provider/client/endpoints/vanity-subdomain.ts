/** A project's vanity subdomain (`<name>.supabase.co`) [Beta in the API]. */
import { z } from "zod";
import { enc, ManagementTransport } from "../transport";
import type { Open, WireSchemas } from "../types";

export type VanitySubdomainConfig = Open<WireSchemas["VanitySubdomainConfigResponse"]>;
const configSchema = z
  .looseObject({ status: z.string(), custom_domain: z.string().optional() })
  .transform((c) => c as unknown as VanitySubdomainConfig);
const availabilitySchema = z.looseObject({ available: z.boolean() });
const activatedSchema = z.looseObject({ custom_domain: z.string() });

export abstract class VanitySubdomainEndpoints extends ManagementTransport {
  getVanitySubdomain(ref: string): Promise<VanitySubdomainConfig> {
    return this.typed(configSchema, "GET", `/v1/projects/${enc(ref)}/vanity-subdomain`);
  }

  /** Only reads: retryable. */
  async checkVanitySubdomain(ref: string, name: string): Promise<boolean> {
    const r = await this.typed(
      availabilitySchema,
      "POST",
      `/v1/projects/${enc(ref)}/vanity-subdomain/check-availability`,
      {
        body: { vanity_subdomain: name } satisfies WireSchemas["VanitySubdomainBody"],
        idempotent: true,
      },
    );
    return r.available;
  }

  /** Not repeated blindly: a lost answer is settled by reading the configuration. */
  async activateVanitySubdomain(ref: string, name: string): Promise<string> {
    const r = await this.typed(activatedSchema, "POST", `/v1/projects/${enc(ref)}/vanity-subdomain/activate`, {
      body: { vanity_subdomain: name } satisfies WireSchemas["VanitySubdomainBody"],
    });
    return r.custom_domain;
  }

  async deleteVanitySubdomain(ref: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/vanity-subdomain`, { expect: "empty" });
  }
}
