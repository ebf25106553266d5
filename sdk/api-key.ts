import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("apiKey");

export interface ApiKeyArgs {
  /** The project's reference. A change replaces the key. */
  projectRef: pulumi.Input<string>;
  /**
   * `publishable` (safe to ship in a browser or app; acts as `anon`) or `secret` (server side only). A change replaces
   * the key.
   */
  type: pulumi.Input<"publishable" | "secret">;
  /** The key's name (4..64 lowercase letters, digits and `_`). Renamed in place. */
  name: pulumi.Input<string>;
  /** A description. Changed in place; not managed when not declared. */
  description?: pulumi.Input<string>;
  /**
   * For a `secret` key: the claims of the JWT it stands for, e.g. `{ role: "service_role" }` (the service's default).
   * Changed in place.
   */
  secretJwtTemplate?: pulumi.Input<{ role: "anon" | "authenticated" | "service_role"; [claim: string]: unknown }>;
  /**
   * Take over the project's existing key of the same type and name instead of creating one. Refused when two keys
   * share that type and name.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * One publishable or secret API key of a project. The key itself is a secret output. Inputs, outputs, behaviour and
 * API footprint: docs/resources/api-key.md.
 */
export class ApiKey extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly type: pulumi.Output<"publishable" | "secret">;
  declare readonly name: pulumi.Output<string>;
  /** The key's id. */
  declare readonly keyId: pulumi.Output<string>;
  /** The key's first characters, as the service shows them (not secret). */
  declare readonly prefix: pulumi.Output<string | null>;
  /** The key itself (stored as a secret), read once from the create answer. */
  declare readonly apiKey: pulumi.Output<string>;
  /**
   * After a refresh that found drift: `name`, `description` or `secretJwtTemplate` when changed out of band. Cleared by
   * `up`.
   */
  declare readonly drift: pulumi.Output<{ changed?: string[] } | undefined>;

  constructor(name: string, args: ApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, keyId: undefined, prefix: undefined, apiKey: undefined, drift: undefined },
      withSecrets(opts, ["apiKey"]),
      "supabase",
      "ApiKey",
    );
  }
}
