import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("secret");

export interface SecretArgs {
  /** The project's reference. A change replaces the secret. */
  projectRef: pulumi.Input<string>;
  /**
   * An environment-variable name (at most 256 characters); names starting with `SUPABASE_` are reserved. A change
   * replaces the secret.
   */
  name: pulumi.Input<string>;
  /** The value (at most 24576 characters). Always stored as a secret. */
  value: pulumi.Input<string>;
}

/**
 * One edge-function secret of a project. Writes of many `Secret`s of one project are coalesced into bulk requests.
 * Inputs, outputs, behaviour and API footprint: docs/resources/secret.md.
 */
export class Secret extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** Hex SHA-256 of the value, as the service reports it (stored as a secret). */
  declare readonly digest: pulumi.Output<string>;

  constructor(name: string, args: SecretArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, value: pulumi.secret(args.value), digest: undefined },
      withSecrets(opts, ["value", "digest"]),
      "supabase",
      "Secret",
    );
  }
}

export function withSecrets(
  opts: pulumi.CustomResourceOptions | undefined,
  keys: string[],
): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...keys] };
}
