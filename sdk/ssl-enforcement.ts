import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("sslEnforcement");

export interface SslEnforcementArgs {
  /** The project's reference. A change moves the management to another project (replace). */
  projectRef: pulumi.Input<string>;
  /** Whether the database refuses connections that do not use SSL. */
  database: pulumi.Input<boolean>;
  /**
   * On destroy, write back the enforcement the project had before this stack managed it. Default true: destroy
   * restores the previous setting; false only removes the resource from the stack.
   */
  restoreOnDestroy?: pulumi.Input<boolean>;
}

/**
 * Whether a project's database refuses connections that do not use SSL. Inputs, outputs, behaviour and API
 * footprint: docs/resources/ssl-enforcement.md.
 */
export class SslEnforcement extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly database: pulumi.Output<boolean>;
  /** The enforcement the project had before this stack managed it (`{ database }`). */
  declare readonly previous: pulumi.Output<Record<string, unknown>>;
  /** After a refresh that found drift: `database` when it was changed out of band. Cleared by `up`. */
  declare readonly drift: pulumi.Output<{ changed?: string[] } | undefined>;

  constructor(name: string, args: SslEnforcementArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { ...args, previous: undefined, drift: undefined }, opts, "supabase", "SslEnforcement");
  }
}
