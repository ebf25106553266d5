import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("databaseMigration");

export interface DatabaseMigrationArgs {
  /** The project's reference. A change replaces the migration. */
  projectRef: pulumi.Input<string>;
  /** The migration's name: 1–128 of `[A-Za-z0-9_.-]`, e.g. `001_plans`. A change replaces it. */
  name: pulumi.Input<string>;
  /** The SQL to run once, through `POST /v1/projects/{ref}/database/query`. */
  sql: pulumi.Input<string>;
  /** SQL that undoes `sql`: run on destroy, and before a changed `sql` is applied. */
  downSql?: pulumi.Input<string>;
}

/**
 * SQL applied once to a project's database through the management API. Inputs, outputs, behaviour and API footprint:
 * docs/resources/database-migration.md.
 */
export class DatabaseMigration extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** Hex SHA-256 of the applied SQL. */
  declare readonly checksum: pulumi.Output<string>;
  /** When the SQL was applied. */
  declare readonly appliedAt: pulumi.Output<string>;

  constructor(name: string, args: DatabaseMigrationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, checksum: undefined, appliedAt: undefined },
      opts,
      "supabase",
      "DatabaseMigration",
    );
  }
}
