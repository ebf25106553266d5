/**
 * The data functions as the provider plugin serves them (`invoke`): the same
 * management-client calls as the TypeScript SDK's `sdk/functions.ts`, made
 * inside the provider process with its configuration, and the shape of each
 * result as the package schema declares it. The engine's wire format only
 * carries objects, so each function answers one property holding its list or
 * text (`getProjects` → `{ projects: [...] }`); the SDKs generated from the
 * schema unwrap it for YAML (`return: projects`) and the other languages.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checkAdvisorArgs, poolerConnectionInfo } from "../client";
import { managementClient } from "../context";
import { functionDocs } from "../docs";
import type { Props } from "../resources/common";

/** A Pulumi schema type (`type`, `items`, `$ref`, …), as the package schema holds it. */
export type TypeSpec = Record<string, unknown>;

const str: TypeSpec = { type: "string" };
const int: TypeSpec = { type: "integer" };
const num: TypeSpec = { type: "number" };
const any: TypeSpec = { $ref: "pulumi.json#/Any" };
const arrayOf = (items: TypeSpec): TypeSpec => ({ type: "array", items });
const ref = (name: string): TypeSpec => ({ $ref: `#/types/supabase:index:${name}` });

/** Object types the results name, with their properties (all plain strings unless said). */
export const resultTypes: Record<
  string,
  { description: string; properties: Record<string, TypeSpec>; required: string[] }
> = {
  OrganizationInfo: {
    description: "An organization, as `getOrganizations` lists it.",
    properties: {
      id: { ...str, description: "The organization's id (its slug)." },
      name: { ...str, description: "The organization's name." },
      slug: { ...str, description: "The organization's slug." },
    },
    required: ["id", "name"],
  },
  SecretDigest: {
    description: "One edge-function secret, as `getSecrets` lists it: its name and the digest of its value.",
    properties: {
      name: { ...str, description: "The secret's name." },
      digest: { ...str, secret: true, description: "Hex SHA-256 of the value; the API never returns values." },
    },
    required: ["name", "digest"],
  },
  ApiKeyInfo: {
    description: "One of a project's API keys, as `getApiKeys` lists it.",
    properties: {
      name: { ...str, description: "The key's name." },
      id: { ...str, description: "The key's id (publishable and secret keys)." },
      type: { ...str, description: "`legacy` (the `anon` and `service_role` JWTs), `publishable` or `secret`." },
      prefix: { ...str, description: "The key's visible prefix." },
      description: { ...str, description: "The key's description." },
      apiKey: { ...str, secret: true, description: "The key itself, always a secret." },
    },
    required: ["name", "apiKey"],
  },
  AdvisorLint: {
    description: "One finding of the platform's advisors, as `getAdvisors` lists it.",
    properties: {
      name: { ...str, description: "The lint's name, e.g. `rls_disabled_in_public`." },
      title: { ...str, description: "The lint's title." },
      level: { ...str, description: "`ERROR`, `WARN` or `INFO`." },
      facing: { ...str, description: "`EXTERNAL`." },
      categories: { ...arrayOf(str), description: "`SECURITY` and/or `PERFORMANCE`." },
      description: { ...str, description: "What the lint detects." },
      detail: { ...str, description: "The finding, naming its object." },
      remediation: { ...str, description: "The page that says how to fix it." },
      metadata: { ...any, description: "The object: `schema`, `name`, `type` and more per lint." },
      cache_key: { ...str, description: "The finding's stable key (to ignore it, for instance)." },
    },
    required: ["name", "title", "level", "facing", "categories", "description", "detail", "remediation", "cache_key"],
  },
  DiskUsageInfo: {
    description: "A project's disk use and autoscaling, as `getDiskUtilization` answers them.",
    properties: {
      timestamp: { ...str, description: "When the service measured it." },
      sizeBytes: { ...num, description: "The file system's size in bytes." },
      usedBytes: { ...num, description: "Bytes in use." },
      availableBytes: { ...num, description: "Bytes still free." },
      autoscale: {
        ...any,
        description:
          "The service's autoscaling settings: `{ growthPercent, minIncrementGb, maxSizeGb }` (each may be null).",
      },
    },
    required: ["timestamp", "sizeBytes", "usedBytes", "availableBytes", "autoscale"],
  },
  PoolerConnectionInfo: {
    description: "The pooler's connection details, as `getPoolerConnectionString` answers them.",
    properties: {
      connectionString: {
        ...str,
        description:
          "The connection string: with `password`, the password filled in (the answer is then a secret); without, the service's `[YOUR-PASSWORD]` placeholder.",
      },
      host: { ...str, description: "The pooler's host." },
      port: { ...int, description: "Its port: 6543 in transaction mode, 5432 in session mode." },
      user: { ...str, description: "The user to log in as (`postgres.<ref>`)." },
      database: { ...str, description: "The database's name." },
      poolMode: { ...str, description: "`transaction` or `session`." },
      databaseType: { ...str, description: "`PRIMARY` or `READ_REPLICA`." },
      identifier: { ...str, description: "The pooler's identifier." },
    },
    required: ["connectionString", "host", "port", "user", "database", "poolMode", "databaseType", "identifier"],
  },
};

interface DataFunction {
  /** The result's one property: its name and type. */
  result: { name: string; type: TypeSpec; description: string; secret?: boolean };
  /** The answer is a secret for these arguments only (the schema cannot say so; the description does). */
  secretFor?(args: Props): boolean;
  run(args: Props): Promise<unknown>;
}

const projectRef = (args: Props): string => String(args.projectRef);

/** A copy holding only what JSON holds (no undefined members), as the wire format needs. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export const dataFunctions: Record<string, DataFunction> = {
  getOrganizations: {
    result: { name: "organizations", type: arrayOf(ref("OrganizationInfo")), description: "The organizations." },
    run: async () =>
      (await managementClient().listOrganizations()).map((o) => plain({ id: o.id, name: o.name, slug: o.slug })),
  },
  getProjects: {
    result: { name: "projects", type: arrayOf(any), description: "The projects, as the service lists them." },
    run: async () => plain(await managementClient().listProjects()),
  },
  getSecrets: {
    // The digests are unsalted SHA-256 of the values: secret, as the SDK's getSecrets answers them.
    result: {
      name: "secrets",
      type: arrayOf(ref("SecretDigest")),
      description: "The secrets' names and digests, the whole list as a secret.",
      secret: true,
    },
    run: async (args) =>
      (await managementClient().listSecrets(projectRef(args))).map((s) => ({ name: s.name, digest: s.value })),
  },
  getFunctions: {
    result: { name: "functions", type: arrayOf(any), description: "The functions, as the service lists them." },
    run: async (args) => plain(await managementClient().listFunctions(projectRef(args))),
  },
  getBranches: {
    result: { name: "branches", type: arrayOf(any), description: "The branches, as the service lists them." },
    run: async (args) => plain(await managementClient().listBranches(projectRef(args))),
  },
  getDiskUtilization: {
    result: { name: "usage", type: ref("DiskUsageInfo"), description: "The disk's use and autoscaling settings." },
    run: async (args) => plain(await managementClient().getDiskUsage(projectRef(args))),
  },
  getRestoreVersions: {
    result: { name: "versions", type: arrayOf(any), description: "The versions, as the service lists them." },
    run: async (args) => plain((await managementClient().listRestoreVersions(projectRef(args))).available_versions),
  },
  getFunctionBody: {
    result: { name: "body", type: str, description: "The deployed code, as a UTF-8 string." },
    run: async (args) =>
      (await managementClient().getFunctionBody(projectRef(args), String(args.slug))).toString("utf8"),
  },
  getNetworkBans: {
    result: { name: "bannedIpv4Addresses", type: arrayOf(str), description: "The banned IPv4 addresses." },
    run: async (args) => (await managementClient().getNetworkBans(projectRef(args))).banned_ipv4_addresses,
  },
  getTypescriptTypes: {
    result: { name: "types", type: str, description: "The generated TypeScript types." },
    run: async (args) => {
      const types = await managementClient().getTypescriptTypes(
        projectRef(args),
        args.includedSchemas as string[] | undefined,
      );
      if (typeof args.outputFile === "string" && args.outputFile !== "") {
        // Relative to the program's directory, which is the plugin's working directory.
        const file = path.resolve(args.outputFile);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== types) fs.writeFileSync(file, types);
      }
      return types;
    },
  },
  getApiKeys: {
    result: {
      name: "apiKeys",
      type: arrayOf(ref("ApiKeyInfo")),
      description: "The keys, each with its value.",
      secret: true,
    },
    run: async (args) =>
      (await managementClient().getApiKeys(projectRef(args), { reveal: true })).map((k) =>
        plain({
          name: k.name,
          id: k.id,
          type: k.type,
          prefix: k.prefix,
          description: k.description,
          apiKey: k.api_key ?? "",
        }),
      ),
  },
  getAdvisors: {
    result: {
      name: "lints",
      type: arrayOf(ref("AdvisorLint")),
      description: "The lints, most severe first.",
    },
    run: async (args) => plain(await managementClient().getAdvisors(projectRef(args), checkAdvisorArgs(args))),
  },
  getPoolerConnectionString: {
    result: {
      name: "connection",
      type: ref("PoolerConnectionInfo"),
      description: "The pooler's connection details; a secret when `password` is given.",
    },
    secretFor: (args) => typeof args.password === "string" && args.password !== "",
    run: async (args) =>
      poolerConnectionInfo(await managementClient().getPoolerConnections(projectRef(args)), {
        projectRef: projectRef(args),
        password: typeof args.password === "string" ? args.password : undefined,
        databaseType: typeof args.databaseType === "string" ? args.databaseType : undefined,
        poolMode: typeof args.poolMode === "string" ? args.poolMode : undefined,
      }),
  },
};

/** The token of a data function: `supabase:index:getProjects`. */
export const functionToken = (name: string): string => `supabase:index:${name}`;

/** Every documented data function has an implementation here, and the reverse. */
export function checkFunctionCoverage(): string[] {
  const documented = new Set(functionDocs.map((f) => f.name));
  const implemented = new Set(Object.keys(dataFunctions));
  return [
    ...[...documented].filter((n) => !implemented.has(n)).map((n) => `${n} is documented but not served`),
    ...[...implemented].filter((n) => !documented.has(n)).map((n) => `${n} is served but not documented`),
  ];
}
