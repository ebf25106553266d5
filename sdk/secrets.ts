import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("secrets");

export interface SecretsArgs {
  /** The project's reference. A change replaces the resource. */
  projectRef: pulumi.Input<string>;
  /**
   * A map of secret names to values (same rules as `Secret`). Names removed from the map are deleted; names never
   * listed are left alone.
   */
  secrets: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * A name→value map of one project's edge-function secrets, managed as a whole. Names not in the map are left alone
 * (they may belong to other resources or to the platform). Inputs, outputs, behaviour and API footprint:
 * docs/resources/secrets.md.
 */
export class Secrets extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  /** The declared secret names, sorted. */
  declare readonly names: pulumi.Output<string[]>;
  /** Name → hex SHA-256 of each value, as the service reports it (stored as a secret). */
  declare readonly digests: pulumi.Output<Record<string, string>>;

  constructor(name: string, args: SecretsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, secrets: pulumi.secret(args.secrets), names: undefined, digests: undefined },
      withSecrets(opts, ["secrets", "digests"]),
      "supabase",
      "Secrets",
    );
  }
}
