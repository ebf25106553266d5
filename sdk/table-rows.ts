import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("tableRows");

export interface TableRowsArgs {
  /** The project whose GraphQL API holds the table (exactly one of `projectRef` and `graphqlUrl`). A change replaces the resource. */
  projectRef?: pulumi.Input<string>;
  /** An explicit GraphQL endpoint (`…/graphql/v1`) instead of `projectRef`; then `apiKey` is required. */
  graphqlUrl?: pulumi.Input<string>;
  /** The API key sent as `apikey`. Default: the project's service_role key, fetched through the management API. Always a secret. */
  apiKey?: pulumi.Input<string>;
  /** `table`, `schema.table` (SQL names) or the GraphQL type name. A change replaces the resource. */
  table: pulumi.Input<string>;
  /** The identifying columns. Default: the table's primary key. A change replaces the resource. */
  key?: pulumi.Input<pulumi.Input<string>[]>;
  /** The rows, as column → value objects (BigInt/BigFloat as strings or numbers, JSON as objects, dates as ISO strings). */
  rows: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  /** What destroy does with the rows: `delete` (default) or `retain`. */
  onDelete?: pulumi.Input<"delete" | "retain">;
  /** Rows per write request (1..1000, default 500); each request is one atomic document. */
  batchSize?: pulumi.Input<number>;
  /** Rows per aliased read (default 30, pg_graphql's default max_rows). */
  pageSize?: pulumi.Input<number>;
  /** Own the whole table: rows never declared count as drift and are deleted by `up`. */
  exclusive?: pulumi.Input<boolean>;
  /** Only when introspection is disabled: whether the schema inflects names (blog_post → BlogPost). */
  inflect?: pulumi.Input<boolean>;
}

/**
 * Declared rows of one table, seeded and kept in sync through the project's
 * GraphQL data API. Diffs are row-level; refresh reports rows changed or
 * deleted out of band, and `up` restores them.
 *
 * @example
 * ```ts
 * const schema = new supabase.DatabaseMigration("plans-table", {
 *   projectRef: project.ref, name: "001_plans",
 *   sql: "create table plans (code text primary key, price numeric not null)",
 *   downSql: "drop table plans",
 * });
 * new supabase.TableRows("plans", {
 *   projectRef: project.ref, table: "public.plans",
 *   rows: [{ code: "free", price: "0" }, { code: "pro", price: "25.00" }],
 * }, { dependsOn: [schema] });
 * ```
 */
export class TableRows extends pulumi.dynamic.Resource {
  declare readonly table: pulumi.Output<string>;
  /** The identifying columns (GraphQL field names). */
  declare readonly key: pulumi.Output<string[]>;
  declare readonly typeName: pulumi.Output<string>;
  declare readonly rowCount: pulumi.Output<number>;
  /** What could not be checked against the live schema (empty when introspection worked). */
  declare readonly unchecked: pulumi.Output<string[]>;

  constructor(name: string, args: TableRowsArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {
      ...args,
      key: args.key,
      typeName: undefined,
      rowCount: undefined,
      unchecked: undefined,
    };
    if (args.apiKey !== undefined) props.apiKey = pulumi.secret(args.apiKey);
    super(provider, name, props, withSecrets(opts, ["apiKey"]), "supabase", "TableRows");
  }
}
