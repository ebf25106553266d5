import * as pulumi from "@pulumi/pulumi";
import { dynamicProvider } from "./provider";
import { withSecrets } from "./secret";

const provider = dynamicProvider("tableRows");

export interface TableRowsArgs {
  /**
   * The project's reference (give exactly one of `projectRef` and `graphqlUrl`); its `service_role` key is fetched in
   * memory and never stored. A change replaces the resource.
   */
  projectRef?: pulumi.Input<string>;
  /**
   * An explicit GraphQL endpoint (`…/graphql/v1`) instead of `projectRef`; then `apiKey` is required. A change
   * replaces the resource.
   */
  graphqlUrl?: pulumi.Input<string>;
  /** Sent as `apikey`; required with `graphqlUrl`. Always stored as a secret. */
  apiKey?: pulumi.Input<string>;
  /** The table: `table` or `schema.table` (SQL names), or its GraphQL type name. A change replaces the resource. */
  table: pulumi.Input<string>;
  /** The key columns (default: the primary key; required with `graphqlUrl`). A change replaces the resource. */
  key?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * The rows, as column → value objects: `BigInt`/`BigFloat` as strings or numbers, `JSON` as objects, dates as ISO
   * strings.
   */
  rows: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  /** What destroy does with the rows: `delete` (default) or `retain`. */
  onDelete?: pulumi.Input<"delete" | "retain">;
  /** Rows per write request, 1..1000 (default 500); each request is one atomic document. */
  batchSize?: pulumi.Input<number>;
  /** Rows per aliased read, 1..1000 (default 30, pg_graphql's default max_rows). */
  pageSize?: pulumi.Input<number>;
  /** Own the whole table: rows never declared count as drift and are deleted by `up`. */
  exclusive?: pulumi.Input<boolean>;
  /** Only when introspection is disabled: whether the schema inflects names (blog_post → BlogPost). */
  inflect?: pulumi.Input<boolean>;
}

/**
 * Seed and reference data (plans, feature flags, roles, lookup tables) that `pulumi up` keeps exactly as declared,
 * written and read through the project's GraphQL data API. Inputs, outputs, behaviour and API footprint:
 * docs/resources/table-rows.md.
 */
export class TableRows extends pulumi.dynamic.Resource {
  declare readonly table: pulumi.Output<string>;
  declare readonly key: pulumi.Output<string[]>;
  /** The table's GraphQL type name. */
  declare readonly typeName: pulumi.Output<string>;
  /** How many rows the resource manages. */
  declare readonly rowCount: pulumi.Output<number>;
  /** What could not be checked without introspection. */
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
