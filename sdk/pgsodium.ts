import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("pgsodium");

export interface PgsodiumArgs {
  /** The project's reference. */
  projectRef: pulumi.Input<string>;
  /** A 32-byte key, hex-encoded (64 characters). Omit to adopt the current key. Always a secret. */
  rootKey?: pulumi.Input<string>;
  /**
   * Required to change the key: data encrypted with the previous key may
   * become unreadable.
   */
  acknowledgeDataLoss?: pulumi.Input<boolean>;
}

/**
 * A project's encryption root key. Without `rootKey` it adopts the current
 * key and exposes it only as a secret output. The key cannot be deleted:
 * `destroy` leaves it in place and only removes it from the stack.
 */
export class Pgsodium extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  /** The managed key (declared, or adopted). Secret. */
  declare readonly rootKey: pulumi.Output<string>;
  /** The key the service reported last. Secret. */
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
