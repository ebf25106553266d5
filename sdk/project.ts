import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("project");

export type Region =
  | "us-east-1"
  | "us-east-2"
  | "us-west-1"
  | "us-west-2"
  | "ap-east-1"
  | "ap-southeast-1"
  | "ap-northeast-1"
  | "ap-northeast-2"
  | "ap-southeast-2"
  | "ap-south-1"
  | "eu-west-1"
  | "eu-west-2"
  | "eu-west-3"
  | "eu-north-1"
  | "eu-central-1"
  | "eu-central-2"
  | "ca-central-1"
  | "sa-east-1";

export interface ProjectArgs {
  /** The project's name (1..256 characters). A change renames the project in place. */
  name: pulumi.Input<string>;
  /** The owning organization's id (its slug). A change replaces the project. */
  organizationId: pulumi.Input<string>;
  /** The region. A change replaces the project. */
  region: pulumi.Input<Region>;
  /**
   * The database password (at least 8 characters). Always stored as a secret.
   * Used at creation only: the management API has no password change, so a
   * later edit is not applied.
   */
  dbPass: pulumi.Input<string>;
  /**
   * Adopt an existing project with the same organization and name instead of
   * creating a new one (the way to bring an existing project under the stack).
   */
  adopt?: pulumi.Input<boolean>;
  /** How long `create` waits for ACTIVE_HEALTHY before giving up (default 600). The project is recorded either way. */
  createTimeoutSeconds?: pulumi.Input<number>;
  /** How long `delete` waits for the project to be gone (default 300). */
  deleteTimeoutSeconds?: pulumi.Input<number>;
}

/**
 * A project: a database with its APIs.
 *
 * Creation waits until the project is ACTIVE_HEALTHY (and fails fast on
 * terminal statuses); a project that was created but never became healthy is
 * still recorded in state. A rename is applied in place; a region or
 * organization change replaces the project.
 *
 * @example
 * ```ts
 * const project = new supabase.Project("app", {
 *   name: "app",
 *   organizationId: org.organizationId,
 *   region: "eu-central-1",
 *   dbPass: config.requireSecret("dbPass"),
 * });
 * export const graphqlUrl = project.graphqlUrl;
 * ```
 */
export class Project extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly region: pulumi.Output<Region>;
  /** The project reference (20 lowercase letters), used in every project-scoped API path. */
  declare readonly ref: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly databaseHost: pulumi.Output<string | null>;
  declare readonly databaseVersion: pulumi.Output<string | null>;
  /** The project's API base URL. */
  declare readonly apiUrl: pulumi.Output<string>;
  /** The project's GraphQL endpoint (`apiUrl` + `/graphql/v1`). */
  declare readonly graphqlUrl: pulumi.Output<string>;

  constructor(name: string, args: ProjectArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        ...args,
        dbPass: pulumi.secret(args.dbPass),
        ref: undefined,
        status: undefined,
        createdAt: undefined,
        databaseHost: undefined,
        databaseVersion: undefined,
        apiUrl: undefined,
        graphqlUrl: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "dbPass"] },
      "supabase",
      "Project",
    );
  }
}
