import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("secrets");

export interface SecretsArgs {
  /** The project's reference. A change replaces the resource. */
  projectRef: pulumi.Input<string>;
  /** Name → value. Names removed from the map are deleted; names never listed are left alone. */
  secrets: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/**
 * A map of a project's edge-function secrets, written in one request.
 *
 * @example
 * ```ts
 * new supabase.Secrets("app", { projectRef: project.ref, secrets: { API_URL: "https://…", TOKEN: cfg.requireSecret("token") } });
 * ```
 */
export class Secrets extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly names: pulumi.Output<string[]>;
  /** Name → hex SHA-256 digest (stored as a secret). */
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
