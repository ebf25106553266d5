/**
 * PreviewEnvironment: a branch of a project for one pull request, with what
 * the preview needs declared on the branch's own ref (auth overrides, a folder
 * of functions, secrets, extra migrations, seed rows). A component of the
 * TypeScript SDK only: it composes the resource classes, so destroying it
 * removes everything it made, and the parent project is never written to.
 * Hand-written (scripts/gen-sdk.ts exports it from index.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { AuthConfig, type AuthConfigArgs } from "./auth-config";
import { Branch, type BranchArgs } from "./branch";
import { DatabaseMigration } from "./database-migration";
import { Functions, type FunctionsArgs } from "./functions-folder";
import { getApiKeysOutput } from "./functions";
import { Secrets } from "./secrets";
import { TableRows, type TableRowsArgs } from "./table-rows";

export interface PreviewEnvironmentArgs {
  /** The parent project's reference. It is read from, never written to. */
  projectRef: pulumi.Input<string>;
  /** The branch's name, typically from the pull request (`pr-42`). */
  branchName: pulumi.Input<string>;
  /** The git branch the branch follows (the pull request's head). */
  gitBranch?: pulumi.Input<string>;
  /** Further settings of the branch itself (`withData`, `region`, `desiredInstanceSize`, `createTimeoutSeconds`, …). */
  branch?: Omit<BranchArgs, "projectRef" | "name" | "gitBranch" | "secrets">;
  /** Auth settings of the branch, e.g. `siteUrl` and `uriAllowList` set to the preview's URL. */
  auth?: Omit<AuthConfigArgs, "projectRef">;
  /** A folder of edge functions (one subfolder per function) deployed to the branch. */
  functions?: Omit<FunctionsArgs, "projectRef">;
  /** Edge-function secrets of the branch (name → value). */
  secrets?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Migrations applied to the branch only, in order, after the parent's (which the branch starts with). */
  migrations?: Array<{ name: string; sql: pulumi.Input<string>; downSql?: pulumi.Input<string> }>;
  /** Seed rows written to the branch after its migrations, one entry per table. */
  seed?: Array<Omit<TableRowsArgs, "projectRef" | "graphqlUrl">>;
}

/**
 * A preview environment: a `Branch` of `projectRef` named `branchName`, and
 * on the branch's ref the declared auth settings, functions, secrets,
 * migrations and seed rows. Outputs the branch's ref and URLs and its
 * publishable key (a secret output).
 */
export class PreviewEnvironment extends pulumi.ComponentResource {
  /** The branch resource. */
  declare readonly branch: Branch;
  /** The branch's own project reference. */
  declare readonly ref: pulumi.Output<string>;
  /** The branch's base URL. */
  declare readonly apiUrl: pulumi.Output<string>;
  /** The branch's GraphQL endpoint. */
  declare readonly graphqlUrl: pulumi.Output<string>;
  /** The branch database's host name. */
  declare readonly databaseHost: pulumi.Output<string | null>;
  /** The branch's publishable API key (a secret output), for the preview's front end. */
  declare readonly publishableKey: pulumi.Output<string>;

  constructor(name: string, args: PreviewEnvironmentArgs, opts?: pulumi.ComponentResourceOptions) {
    super("supabase:index:PreviewEnvironment", name, {}, opts);
    const child = { parent: this };
    const branch = new Branch(
      `${name}-branch`,
      { ...args.branch, projectRef: args.projectRef, name: args.branchName, gitBranch: args.gitBranch },
      child,
    );
    const ref = branch.ref;
    const onBranch = { parent: this, dependsOn: [branch] };
    if (args.auth) new AuthConfig(`${name}-auth`, { ...args.auth, projectRef: ref }, onBranch);
    if (args.functions) new Functions(`${name}-functions`, { ...args.functions, projectRef: ref }, onBranch);
    if (args.secrets) new Secrets(`${name}-secrets`, { projectRef: ref, secrets: args.secrets }, onBranch);
    let last: pulumi.Resource = branch;
    for (const m of args.migrations ?? []) {
      last = new DatabaseMigration(
        `${name}-migration-${m.name}`,
        { projectRef: ref, name: m.name, sql: m.sql, downSql: m.downSql },
        { parent: this, dependsOn: [last] },
      );
    }
    (args.seed ?? []).forEach((rows, i) => {
      new TableRows(`${name}-seed-${i}`, { ...rows, projectRef: ref }, { parent: this, dependsOn: [last] });
    });
    const publishableKey = pulumi.secret(
      getApiKeysOutput({ projectRef: ref }).apply(
        (keys) =>
          (keys as Array<{ type?: string; apiKey: string }>).find((k) => k.type === "publishable")?.apiKey ?? "",
      ),
    );
    Object.assign(this, {
      branch,
      ref,
      apiUrl: branch.apiUrl,
      graphqlUrl: branch.graphqlUrl,
      databaseHost: branch.databaseHost,
      publishableKey,
    });
    this.registerOutputs({
      ref,
      apiUrl: branch.apiUrl,
      graphqlUrl: branch.graphqlUrl,
      databaseHost: branch.databaseHost,
      publishableKey,
    });
  }
}
