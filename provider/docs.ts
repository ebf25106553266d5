/**
 * Every resource's and data function's documentation, as data: the
 * resources' from the registry of kinds, the data functions' listed here.
 * `npm run docs` renders it into `docs/`; tests hold the SDK to it.
 */
import { registry } from "./registry";
import type { FunctionDoc, ResourceDoc } from "./resource-doc";

export type { FootprintRow, FunctionDoc, ResourceDoc } from "./resource-doc";

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
];
