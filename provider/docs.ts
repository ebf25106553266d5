/**
 * Every resource's and data function's documentation, as data: the
 * resources' from the registry of kinds, the data functions' listed here.
 * `npm run docs` renders it into `docs/`; tests hold the SDK to it.
 */
import { registry } from "./registry";
import type { ComponentDoc, FunctionDoc, ResourceDoc } from "./resource-doc";

export type { ComponentDoc, FootprintRow, FunctionDoc, ResourceDoc } from "./resource-doc";

/** Every resource kind's documentation, in the registry's order. */
export const resourceDocs: readonly ResourceDoc[] = Object.values(registry).map((k) => k.doc);

const projectRefArg = { name: "projectRef", type: "string", required: true, description: "The project's reference." };

/** The SDK's data functions. Each also has an `…Output` variant that takes and returns Outputs. */
export const functionDocs: readonly FunctionDoc[] = [
  {
    name: "getOrganizations",
    summary: "Every organization the access token can see.",
    args: [],
    returns: "`{ id, name, slug }[]`",
    footprint: "1 `GET /v1/organizations`",
  },
  {
    name: "getProjects",
    summary: "Every project the access token can see.",
    args: [],
    returns: "The projects as the service lists them (`id`, `ref`, `name`, `organization_id`, `region`, `status`, …).",
    footprint: "1 `GET /v1/projects`",
  },
  {
    name: "getSecrets",
    summary: "The names and digests of a project's edge-function secrets (the API never returns values).",
    args: [projectRefArg],
    returns:
      "`{ name, digest }[]`, the digest being the hex SHA-256 of the value, a secret Output like `Secret.digest` " +
      "(`getSecretsOutput`: the whole list is one secret Output).",
    footprint: "1 `GET /v1/projects/{ref}/secrets`",
  },
  {
    name: "getFunctions",
    summary: "A project's edge functions.",
    args: [projectRefArg],
    returns: "The functions as the service lists them (`id`, `slug`, `name`, `version`, `status`, …).",
    footprint: "1 `GET /v1/projects/{ref}/functions`",
  },
  {
    name: "getFunctionBody",
    summary: "The deployed code of one edge function.",
    args: [projectRefArg, { name: "slug", type: "string", required: true, description: "The function's slug." }],
    returns: "The code, as a UTF-8 string.",
    footprint: "1 `GET /v1/projects/{ref}/functions/{slug}/body`",
  },
  {
    name: "getNetworkBans",
    summary:
      "The IPv4 addresses the project's database currently bans. Bans are removed with the client (`supabase-pulumi/client`), since a data function never changes anything.",
    args: [projectRefArg],
    returns: "`string[]`",
    footprint: "1 `POST /v1/projects/{ref}/network-bans/retrieve`",
  },
  {
    name: "getTypescriptTypes",
    summary: "TypeScript types generated from the project's database schemas, optionally written to a file.",
    args: [
      projectRefArg,
      {
        name: "includedSchemas",
        type: "string[]",
        required: false,
        description: "Schemas to include (default: public).",
      },
      {
        name: "outputFile",
        type: "string",
        required: false,
        description:
          "Also write the types to this file (relative to the program's directory); an unchanged file is not rewritten.",
      },
    ],
    returns: "The types, as a string.",
    footprint: "1 `GET /v1/projects/{ref}/types/typescript`",
  },
  {
    name: "getApiKeys",
    summary:
      "A project's API keys: the legacy `anon` and `service_role` JWTs, and the publishable and secret keys, each with its value as a secret.",
    args: [projectRefArg],
    returns:
      "`{ name, id, type, prefix, description, apiKey }[]`, `type` being `legacy`, `publishable` or `secret`, and `apiKey` the key itself as a secret Output (secret keys are asked for unmasked, `reveal=true`). `getApiKeysOutput` answers the same list as one secret Output whose `apiKey`s are plain strings.",
    footprint: "1 `GET /v1/projects/{ref}/api-keys?reveal=true`",
  },
  {
    name: "getPoolerConnectionString",
    summary:
      "How to connect through the project's connection pooler (Supavisor): host, port, user and the connection string, with the database password filled in when it is given.",
    args: [
      projectRefArg,
      {
        name: "password",
        type: "string",
        required: false,
        description:
          "The database password (e.g. the program's `Project.dbPass`), filled into the connection string, which is then a secret. Without it the string keeps the service's `[YOUR-PASSWORD]` placeholder.",
      },
      {
        name: "databaseType",
        type: "string",
        required: false,
        description: "`PRIMARY` (default) or `READ_REPLICA`.",
      },
      {
        name: "poolMode",
        type: "string",
        required: false,
        description: "`transaction` (port 6543) or `session` (port 5432); default: the pooler's configured mode.",
      },
    ],
    returns:
      "`{ connectionString, host, port, user, database, poolMode, databaseType, identifier }`. With `password`, `connectionString` is a secret Output (`getPoolerConnectionStringOutput`: the whole answer is one secret Output); without, it is a plain Output holding the placeholder.",
    footprint: "1 `GET /v1/projects/{ref}/config/database/pooler`",
  },
  {
    name: "getDiskUtilization",
    summary:
      "How full a project's database disk is, and how the service grows it by itself (its autoscaling settings): to grow a `DiskConfig` before the disk fills.",
    args: [projectRefArg],
    returns:
      "`{ timestamp, sizeBytes, usedBytes, availableBytes, autoscale: { growthPercent, minIncrementGb, maxSizeGb } }` (the autoscaling values may be null).",
    footprint: "1 `GET /v1/projects/{ref}/config/disk/util` + 1 `GET /v1/projects/{ref}/config/disk/autoscale`",
  },
  {
    name: "getRestoreVersions",
    summary: "The versions a paused project can be restored to (empty while it is not paused).",
    args: [projectRefArg],
    returns: "`{ version, release_channel, postgres_engine }[]`, as the service lists them.",
    footprint: "1 `GET /v1/projects/{ref}/restore`",
  },
  {
    name: "getBranches",
    summary:
      "A project's branches (the default branch included), each with its own `project_ref`, which project-scoped resources take as `projectRef`. None when branching was never enabled on the project.",
    args: [projectRefArg],
    returns:
      "The branches as the service lists them: `{ id, name, project_ref, parent_project_ref, is_default, git_branch, persistent, status, preview_project_status, … }[]`.",
    footprint: "1 `GET /v1/projects/{ref}/branches`",
  },
  {
    name: "getAdvisors",
    summary:
      "The platform's security and performance advisors of a project or branch: the lints computed from its live database and its settings (row level security off on an exposed table, unindexed foreign keys, leaked-password protection off, …), most severe first.",
    args: [
      { ...projectRefArg, description: "The project's or branch's reference." },
      {
        name: "type",
        type: "string",
        required: false,
        description: "`security`, `performance` or `all` (the default).",
      },
      {
        name: "minLevel",
        type: "string",
        required: false,
        description: "Only lints at this level or above: `ERROR`, `WARN` or `INFO` (the default: every lint).",
      },
    ],
    returns:
      "The lints as the service answers them: `{ name, title, level, facing, categories, description, detail, remediation, metadata, cache_key }[]`.",
    footprint:
      "1 `GET /v1/projects/{ref}/advisors/security` and 1 `GET /v1/projects/{ref}/advisors/performance` (one of them for a `type`)",
  },
];

/** The TypeScript SDK's components (sdk/preview-environment.ts). */
export const componentDocs: readonly ComponentDoc[] = [
  {
    name: "PreviewEnvironment",
    page: "preview-environment",
    summary:
      "The preview environment of one pull request: a `Branch` of the parent project (a project of its own, made with the parent's migrations), and on the branch's ref what the preview needs: auth overrides, a folder of functions, secrets, extra migrations and seed rows. It exposes the branch's URLs and its publishable key.",
    args: [
      {
        name: "projectRef",
        type: "string",
        required: true,
        description: "The parent project's ref. It is read from, never written to.",
      },
      {
        name: "branchName",
        type: "string",
        required: true,
        description: "The branch's name, typically from the pull request (`pr-42`).",
      },
      {
        name: "gitBranch",
        type: "string",
        required: false,
        description: "The git branch the branch follows (the pull request's head).",
      },
      {
        name: "branch",
        type: "`BranchArgs` without `projectRef`, `name`, `gitBranch`, `secrets`",
        required: false,
        description:
          "Further settings of the branch (`withData`, `region`, `desiredInstanceSize`, `createTimeoutSeconds`, …).",
      },
      {
        name: "auth",
        type: "`AuthConfigArgs` without `projectRef`",
        required: false,
        description:
          "Auth settings of the branch, e.g. `siteUrl` and `uriAllowList` set to the preview's URL (an `AuthConfig` on the branch).",
      },
      {
        name: "functions",
        type: "`FunctionsArgs` without `projectRef`",
        required: false,
        description: "A folder of edge functions deployed to the branch (a `Functions` on the branch).",
      },
      {
        name: "secrets",
        type: "Record<string, string>",
        required: false,
        description: "Edge-function secrets of the branch (a `Secrets` on the branch).",
      },
      {
        name: "migrations",
        type: "{ name, sql, downSql? }[]",
        required: false,
        description:
          "Migrations applied to the branch only, in order (a `DatabaseMigration` each, each after the one before).",
      },
      {
        name: "seed",
        type: "`TableRowsArgs` without `projectRef`, `graphqlUrl`, as a list",
        required: false,
        description: "Seed rows written to the branch after its migrations (a `TableRows` per table).",
      },
    ],
    outputs: [
      { name: "branch", description: "The `Branch` resource." },
      { name: "ref", description: "The branch's own project reference." },
      { name: "apiUrl", description: "The branch's base URL." },
      { name: "graphqlUrl", description: "The branch's GraphQL endpoint." },
      { name: "databaseHost", description: "The branch database's host name." },
      {
        name: "publishableKey",
        description: "The branch's publishable API key (a secret output), read with `getApiKeys`.",
      },
    ],
    behaviour: [
      "Every resource it declares is a child of the component and takes the branch's `ref` as its `projectRef`, so nothing it does reaches the parent project.",
      "`pulumi destroy` removes everything it made: the seed rows, migrations (their `downSql`), secrets, functions and auth settings on the branch, then the branch with its project.",
      "TypeScript only: a component composes the SDK's classes in the program, and the provider plugin serves resource kinds, so it is not in the package schema. Other languages declare the same `Branch` and project-scoped resources on `branch.ref` themselves.",
      '`examples/ci/preview/` runs one per pull request from `examples/preview` (see the README\'s "Preview environments").',
    ],
    example: "preview",
  },
];
