import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("organization");

export interface OrganizationArgs {
  /**
   * The organization's name (1..256 characters). The API cannot rename organizations: a change is refused at preview.
   */
  name: pulumi.Input<string>;
  /** Take over an existing organization with exactly this name instead of creating one. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An organization. The management API can create organizations but neither rename nor delete them. Inputs, outputs,
 * behaviour and API footprint: docs/resources/organization.md.
 */
export class Organization extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  /** The organization's id, which is its slug; projects take it as `organizationId`. */
  declare readonly organizationId: pulumi.Output<string>;
  /** The organization's slug. */
  declare readonly slug: pulumi.Output<string>;
  declare readonly adopt: pulumi.Output<boolean | undefined>;

  constructor(name: string, args: OrganizationArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { ...args, organizationId: undefined, slug: undefined }, opts, "supabase", "Organization");
  }
}
