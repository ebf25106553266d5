import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";

const provider = dynamicProvider("databaseMigration");

export interface DatabaseMigrationArgs {
  /** The project's reference. A change replaces the migration. */
  projectRef: pulumi.Input<string>;
  /** A stable name, e.g. `001_create_plans`. */
  name: pulumi.Input<string>;
  /** The SQL, run once through the management API. */
  sql: pulumi.Input<string>;
  /** SQL that undoes `sql`: run on destroy, and before a changed `sql` is applied. Without it, `sql` cannot change. */
  downSql?: pulumi.Input<string>;
}

/**
 * SQL applied once to a project's database, with its checksum recorded.
 * Order migrations (and the TableRows that need their tables) with `dependsOn`.
 *
 * @example
 * ```ts
 * const m1 = new supabase.DatabaseMigration("m1", { projectRef: project.ref, name: "001_plans",
 *   sql: "create table plans (code text primary key)", downSql: "drop table plans" });
 * ```
 */
export class DatabaseMigration extends pulumi.dynamic.Resource {
  declare readonly projectRef: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** Hex SHA-256 of the applied SQL. */
  declare readonly checksum: pulumi.Output<string>;
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
