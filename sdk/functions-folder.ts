import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("functions");

export interface FunctionsArgs {
  /** The project's reference. A change replaces the resource. */
  projectRef: pulumi.Input<string>;
  /**
   * A folder with one subfolder per function, named by the function's slug, relative to the program's directory.
   * Subfolders whose name starts with '.' or '_' (shared code such as `_shared`) are not functions. Only each function's
   * content hash is compared, so moving the folder changes nothing.
   */
  sourceDir: pulumi.Input<string>;
  /** Whether callers of every function must send a valid JWT. Compared only when declared. */
  verifyJwt?: pulumi.Input<boolean>;
  /** Each function's entrypoint, relative to its subfolder (default `index.ts`). */
  entrypointPath?: pulumi.Input<string>;
  /**
   * Each function's import map, relative to its subfolder (for example `deno.json`); a function whose subfolder lacks it
   * deploys without one.
   */
  importMapPath?: pulumi.Input<string>;
  /** Patterns of each function's static files, relative to its subfolder. Compared only when declared. */
  staticPatterns?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Delete functions this resource deployed whose subfolder is gone (default false: they are only no longer managed).
   * Functions it never deployed are never deleted.
   */
  prune?: pulumi.Input<boolean>;
  /** Take over existing functions with the same slugs instead of failing with "Duplicated function slug". */
  adopt?: pulumi.Input<boolean>;
}

/**
 * Every edge function of a folder (one subfolder per function, named by its slug), deployed through `functions/deploy`
 * and managed as a whole: only functions whose files changed are deployed. Inputs, outputs, behaviour and API
 * footprint: docs/resources/functions-folder.md.
 */
export class Functions extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  /** The managed functions' slugs, sorted. */
  declare readonly slugs: pulumi.Output<string[]>;
  /** Slug → the deployed version, as the service counts it. */
  declare readonly versions: pulumi.Output<Record<string, number>>;
  /** Slug → the service's hash of the deployed bundle. */
  declare readonly deployedSha256: pulumi.Output<Record<string, string | null>>;

  constructor(name: string, args: FunctionsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, hashes: undefined, slugs: undefined, versions: undefined, deployedSha256: undefined },
      opts,
      "supabase",
      "Functions",
    );
  }
}
