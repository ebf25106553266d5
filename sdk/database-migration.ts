import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("databaseMigration");

export interface DatabaseMigrationArgs {
  /** The project's reference. A change replaces the migration. */
  projectRef: pulumi.Input<string>;
  /** The migration's name: 1–128 of `[A-Za-z0-9_.-]`, e.g. `001_plans`. A change replaces it. */
  name: pulumi.Input<string>;
  /** The SQL to run once, through the migration history (`POST /v1/projects/{ref}/database/migrations`), which records it. */
  sql: pulumi.Input<string>;
  /** SQL that undoes `sql`: recorded as the history entry's rollback, and run (removing the entry) on destroy and before a changed `sql` is applied. */
  downSql?: pulumi.Input<string>;
}

/**
 * SQL applied once to a project's database through the platform's migration history, which records it with its version
 * and name. Inputs, outputs, behaviour and API footprint:
 * docs/resources/database-migration.md.
 */
export class DatabaseMigration extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** Hex SHA-256 of the applied SQL. */
  declare readonly checksum: pulumi.Output<string>;
  /** When the SQL was applied (or the entry adopted). */
  declare readonly appliedAt: pulumi.Output<string>;
  /** The migration's version in the platform's history (a 14-digit UTC timestamp the service assigns). */
  declare readonly version: pulumi.Output<string>;
  /** True when the history already had this migration (same name and statements) and it was not run again. */
  declare readonly adopted: pulumi.Output<boolean>;

  constructor(name: string, args: DatabaseMigrationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { ...args, checksum: undefined, appliedAt: undefined, version: undefined, adopted: undefined },
      opts,
      "supabase",
      "DatabaseMigration",
    );
  }
}
