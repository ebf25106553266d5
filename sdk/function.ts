import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("function");

export interface FunctionArgs {
  /** The project's reference. A change replaces the function. */
  projectRef: pulumi.Input<string>;
  /** The function's slug (letters, digits, `_`, `-`; starts with a letter). A change replaces the function. */
  slug: pulumi.Input<string>;
  /** Display name (default: the slug). */
  name?: pulumi.Input<string>;
  verifyJwt?: pulumi.Input<boolean>;
  importMap?: pulumi.Input<boolean>;
  entrypointPath?: pulumi.Input<string>;
  importMapPath?: pulumi.Input<string>;
  /** The function's code. Give this or `sourcePath`. */
  source?: pulumi.Input<string>;
  /** A file with the function's code, relative to the program's directory. Give this or `source`. */
  sourcePath?: pulumi.Input<string>;
  /** Take over an existing function with this slug instead of failing on "Duplicated function slug". */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An edge function. Redeployed only when its content hash or a setting
 * changes; refresh detects settings or code changed out of band.
 *
 * @example
 * ```ts
 * new supabase.Function("hello", { projectRef: project.ref, slug: "hello", sourcePath: "functions/hello.ts" });
 * ```
 */
export class Function extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly slug: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly verifyJwt: pulumi.Output<boolean | undefined>;
  declare readonly functionId: pulumi.Output<string>;
  declare readonly version: pulumi.Output<number>;
  declare readonly status: pulumi.Output<string>;
  /** SHA-256 of the declared source. */
  declare readonly sourceHash: pulumi.Output<string>;
  /** The service's hash of the deployed bundle. */
  declare readonly deployedSha256: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<number>;
  declare readonly updatedAt: pulumi.Output<number>;

  constructor(name: string, args: FunctionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...args,
        sourceHash: undefined,
        functionId: undefined,
        version: undefined,
        status: undefined,
        deployedSha256: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
      opts,
      "supabase",
      "Function",
    );
  }
}
