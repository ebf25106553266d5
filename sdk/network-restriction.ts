import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("networkRestriction");

export interface NetworkRestrictionArgs {
  /** The project's reference. */
  projectRef: pulumi.Input<string>;
  /** IPv4 CIDR blocks allowed to reach the database (an IPv6 block here is refused). */
  dbAllowedCidrs?: pulumi.Input<pulumi.Input<string>[]>;
  /** IPv6 CIDR blocks allowed to reach the database. */
  dbAllowedCidrsV6?: pulumi.Input<pulumi.Input<string>[]>;
  /** How long applying waits until the service reports `applied` (default 300). */
  applyTimeoutSeconds?: pulumi.Input<number>;
}

/**
 * Which IPv4 and IPv6 CIDR blocks may reach a project's database. Inputs, outputs, behaviour and API footprint:
 * docs/resources/network-restriction.md.
 */
export class NetworkRestriction extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  /** The IPv4 list, normalized. */
  declare readonly dbAllowedCidrs: pulumi.Output<string[]>;
  /** The IPv6 list, normalized. */
  declare readonly dbAllowedCidrsV6: pulumi.Output<string[]>;
  /** Whether the project's plan allows restrictions, as the service reports it. */
  declare readonly entitlement: pulumi.Output<string>;
  /** `applied`, or `stored` while the service has not applied the config yet. */
  declare readonly status: pulumi.Output<string>;

  constructor(name: string, args: NetworkRestrictionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, entitlement: undefined, status: undefined },
      opts,
      "supabase",
      "NetworkRestriction",
    );
  }
}
