import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("pgsodium");

export interface PgsodiumArgs {
  /** The project's reference. */
  projectRef: pulumi.Input<string>;
  /** The root key: 64 hex characters, always stored as a secret. Omit it to adopt the current key. */
  rootKey?: pulumi.Input<string>;
  /**
   * Required to change the key: data encrypted with the previous key may become unreadable. Without it, preview
   * refuses the change.
   */
  acknowledgeDataLoss?: pulumi.Input<boolean>;
}

/**
 * A project's encryption root key. Inputs, outputs, behaviour and API footprint: docs/resources/pgsodium.md.
 */
export class Pgsodium extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  /** The declared key, or the current one when none is declared (secret). */
  declare readonly rootKey: pulumi.Output<string>;
  /** The key the service reports (secret). */
  declare readonly currentRootKey: pulumi.Output<string>;

  constructor(name: string, args: PgsodiumArgs, opts?: pulumi.CustomResourceOptions) {
    const rootKey = args.rootKey === undefined ? undefined : pulumi.secret(args.rootKey);
    super(
      provider,
      name,
      { ...args, rootKey, currentRootKey: undefined },
      withSecrets(opts, ["rootKey", "currentRootKey"]),
      "supabase",
      "Pgsodium",
    );
  }
}
