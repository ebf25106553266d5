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
  /** The project's name (1..256 characters). Renamed in place. */
  name: pulumi.Input<string>;
  /** The slug of the organization that owns the project. A change replaces the project. */
  organizationId: pulumi.Input<string>;
  /** The region the project runs in. A change replaces the project. */
  region: pulumi.Input<Region>;
  /**
   * The database password (at least 8 characters), always stored as a secret. A change is applied in place (`PATCH
   * …/database/password`).
   */
  dbPass: pulumi.Input<string>;
  /** Take over an existing project with the same organization and name instead of creating one. */
  adopt?: pulumi.Input<boolean>;
  /** How long creation waits for the project to become `ACTIVE_HEALTHY` (default 600). */
  createTimeoutSeconds?: pulumi.Input<number>;
  /** How long deletion waits until the project is gone (default 300). */
  deleteTimeoutSeconds?: pulumi.Input<number>;
}

/**
 * A project: a database with its APIs, in one organization and region. Inputs, outputs, behaviour and API footprint:
 * docs/resources/project.md.
 */
export class Project extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly region: pulumi.Output<Region>;
  /** The project's reference (20 lowercase letters), which project-scoped resources take as `projectRef`. */
  declare readonly ref: pulumi.Output<string>;
  /** The project's status as the service reports it (`ACTIVE_HEALTHY` once ready). */
  declare readonly status: pulumi.Output<string>;
  /** When the project was created. */
  declare readonly createdAt: pulumi.Output<string>;
  /** The database's host name. */
  declare readonly databaseHost: pulumi.Output<string | null>;
  /** The database's PostgreSQL version. */
  declare readonly databaseVersion: pulumi.Output<string | null>;
  /** The project's base URL. */
  declare readonly apiUrl: pulumi.Output<string>;
  /** The project's GraphQL endpoint (`apiUrl` + `/graphql/v1`). */
  declare readonly graphqlUrl: pulumi.Output<string>;
  /**
   * HMAC-SHA256 of the database password keyed with the project's ref (stored as a secret), which tells a changed
   * `dbPass` without storing it.
   */
  declare readonly dbPassDigest: pulumi.Output<string>;

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
        dbPassDigest: undefined,
      },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "dbPass", "dbPassDigest"] },
      "supabase",
      "Project",
    );
  }
}
