import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("networkRestriction");

export interface NetworkRestrictionArgs {
  /** The project's reference. */
  projectRef: pulumi.Input<string>;
  /** IPv4 CIDR blocks allowed to reach the database. Order and notation do not matter. */
  dbAllowedCidrs?: pulumi.Input<pulumi.Input<string>[]>;
  /** IPv6 CIDR blocks allowed to reach the database. */
  dbAllowedCidrsV6?: pulumi.Input<pulumi.Input<string>[]>;
  /** How long to wait for the service to apply the config (default 300). */
  applyTimeoutSeconds?: pulumi.Input<number>;
}

/**
 * Which networks may reach a project's database. Lists are normalized, so a
 * list written differently never shows a diff. `destroy` restores allow-all.
 *
 * @example
 * ```ts
 * new supabase.NetworkRestriction("db", { projectRef: project.ref, dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: [] });
 * ```
 */
export class NetworkRestriction extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly dbAllowedCidrs: pulumi.Output<string[]>;
  declare readonly dbAllowedCidrsV6: pulumi.Output<string[]>;
  declare readonly entitlement: pulumi.Output<string>;
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
