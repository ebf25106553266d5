import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("organization");

export interface OrganizationArgs {
  /** The organization's name (1..256 characters). The API cannot rename organizations: a change is refused. */
  name: pulumi.Input<string>;
  /**
   * Adopt an existing organization with this exact name instead of creating a
   * new one (the way to bring an existing organization under the stack).
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An organization.
 *
 * The management API can create organizations but not rename or delete them:
 * a rename is refused at preview, and `pulumi destroy` only removes the
 * organization from the stack; it stays in the service.
 *
 * @example
 * ```ts
 * const org = new supabase.Organization("acme", { name: "Acme" });
 * ```
 */
export class Organization extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  /** The organization's id, which is its slug; projects take it as `organizationId`. */
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly slug: pulumi.Output<string>;
  declare readonly adopt: pulumi.Output<boolean | undefined>;

  constructor(name: string, args: OrganizationArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { ...args, organizationId: undefined, slug: undefined }, opts, "supabase", "Organization");
  }
}
