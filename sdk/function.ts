import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("function");

export interface FunctionArgs {
  /** The project's reference. A change replaces the function. */
  projectRef: pulumi.Input<string>;
  /** The function's slug (`^[A-Za-z][A-Za-z0-9_-]*$`, at most 128). A change replaces the function. */
  slug: pulumi.Input<string>;
  /** The display name (default: the slug). Compared only when declared. */
  name?: pulumi.Input<string>;
  /** Whether callers must send a valid JWT. Compared only when declared. */
  verifyJwt?: pulumi.Input<boolean>;
  /** Whether the function uses an import map (true needs `importMapPath`). Compared only when declared. */
  importMap?: pulumi.Input<boolean>;
  /**
   * The entrypoint's path in the bundle, relative to `sourceDir` (default `index.ts`; a one-file function is sent under
   * this name). Compared only when declared.
   */
  entrypointPath?: pulumi.Input<string>;
  /**
   * The import map's path in the bundle, relative to `sourceDir` (a `sourceDir` function only). Compared only when
   * declared.
   */
  importMapPath?: pulumi.Input<string>;
  /**
   * Patterns of the bundle's static files (served as is, not bundled), relative to `sourceDir` (a `sourceDir` function
   * only). Compared only when declared.
   */
  staticPatterns?: pulumi.Input<pulumi.Input<string>[]>;
  /** The function's code (at most 20 MiB). Give exactly one of `source`, `sourcePath` and `sourceDir`. */
  source?: pulumi.Input<string>;
  /**
   * A file with the function's code, relative to the program's directory. Only the content's SHA-256 is compared, so
   * moving the file changes nothing.
   */
  sourcePath?: pulumi.Input<string>;
  /**
   * A folder with the function's files (entrypoint, sibling modules, import map, static files), relative to the
   * program's directory. Every file is deployed, by its path in the folder; names starting with '.' are left out. Only a
   * hash of the files' paths and contents is compared, so moving or re-saving an unchanged folder changes nothing.
   */
  sourceDir?: pulumi.Input<string>;
  /** Take over an existing function with this slug instead of failing with "Duplicated function slug". */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An edge function of a project, deployed as one bundle (through `functions/deploy`) from a source string, a file or a
 * folder. Inputs, outputs, behaviour and API
 * footprint: docs/resources/function.md.
 */
export class Function extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly slug: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly verifyJwt: pulumi.Output<boolean | undefined>;
  /** The function's id in the service. */
  declare readonly functionId: pulumi.Output<string>;
  /** The deployed version, as the service counts it. */
  declare readonly version: pulumi.Output<number>;
  /** The function's status (`ACTIVE` once deployed). */
  declare readonly status: pulumi.Output<string>;
  /** Hex SHA-256 of the declared code (of a folder: of its files' paths and contents). */
  declare readonly sourceHash: pulumi.Output<string>;
  /** The service's hash of the deployed bundle. */
  declare readonly deployedSha256: pulumi.Output<string | null>;
  /** When the function was first deployed. */
  declare readonly createdAt: pulumi.Output<number>;
  /** When the function was last deployed. */
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
