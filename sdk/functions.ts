/**
 * Data-source functions. They run in the program's process (not the provider
 * plugin), read the same configuration as the resources (stack config
 * `supabase:*`, else the SUPABASE_* environment variables) and never change
 * anything. Each has an `…Output` variant that takes and returns Outputs.
 * Hand-written, unlike the resource classes generated from the registry
 * (scripts/gen-sdk.ts): a data function is program-side code with no
 * resource schema to derive it from.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import {
  ManagementClient,
  checkAdvisorArgs,
  poolerConnectionInfo,
  type AdvisorLint,
  type AdvisorType,
  type LintLevel,
  type Branch,
  type DiskUsage,
  type RestoreVersions,
  type EdgeFunction,
  type Organization,
  type PoolerConnectionArgs,
  type PoolerConnectionInfo,
  type Project,
} from "../provider/client";
import { CONFIG_KEYS, configure, resolveConfig } from "../provider/runtime";

let cached: ManagementClient | undefined;

/** One client per program process: the configuration cannot change during a run. */
function client(): ManagementClient {
  if (cached) return cached;
  // Raw reads: pulumi.Config#get would warn about reading a secret as plaintext;
  // the token only travels to the API, never into an Output.
  configure({
    accessToken: pulumi.runtime.getConfig(CONFIG_KEYS.accessToken),
    apiUrl: pulumi.runtime.getConfig(CONFIG_KEYS.apiUrl),
    projectUrlTemplate: pulumi.runtime.getConfig(CONFIG_KEYS.projectUrlTemplate),
  });
  const cfg = resolveConfig();
  cached = new ManagementClient({ apiUrl: cfg.apiUrl, accessToken: cfg.accessToken });
  return cached;
}

export interface ProjectScoped {
  projectRef: string;
}

export interface SecretDigest {
  name: string;
  /**
   * Hex SHA-256 of the value (the API never returns values), as a secret
   * Output like `Secret.digest`: an unsalted digest of a short or guessable
   * value gives the value away.
   */
  digest: pulumi.Output<string>;
}

export function getOrganizations(): Promise<Organization[]> {
  return client().listOrganizations();
}

export function getProjects(): Promise<Project[]> {
  return client().listProjects();
}

/** The digests unwrapped: only ever handed out inside a secret Output. */
async function secretDigests(args: ProjectScoped): Promise<Array<{ name: string; digest: string }>> {
  return (await client().listSecrets(args.projectRef)).map((s) => ({ name: s.name, digest: s.value }));
}

export async function getSecrets(args: ProjectScoped): Promise<SecretDigest[]> {
  return (await secretDigests(args)).map((s) => ({ name: s.name, digest: pulumi.secret(s.digest) }));
}

export function getFunctions(args: ProjectScoped): Promise<EdgeFunction[]> {
  return client().listFunctions(args.projectRef);
}

export async function getFunctionBody(args: ProjectScoped & { slug: string }): Promise<string> {
  return (await client().getFunctionBody(args.projectRef, args.slug)).toString("utf8");
}

export async function getNetworkBans(args: ProjectScoped): Promise<string[]> {
  return (await client().getNetworkBans(args.projectRef)).banned_ipv4_addresses;
}

export interface GetTypescriptTypesArgs extends ProjectScoped {
  /** Schemas to include (default: public). */
  includedSchemas?: string[];
  /** Also write the types to this file (relative to the program's directory). */
  outputFile?: string;
}

export async function getTypescriptTypes(args: GetTypescriptTypesArgs): Promise<string> {
  const types = await client().getTypescriptTypes(args.projectRef, args.includedSchemas);
  if (args.outputFile) {
    const file = path.resolve(args.outputFile);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== types) fs.writeFileSync(file, types);
  }
  return types;
}

/** One of a project's API keys, as `getApiKeys` answers it. */
export interface ApiKeyInfo {
  name: string;
  id?: string;
  /** `legacy` (the `anon` and `service_role` JWTs), `publishable` or `secret`. */
  type?: string;
  prefix?: string;
  description?: string;
  /** The key itself, as a secret Output: it never shows in plain text in state or logs. */
  apiKey: pulumi.Output<string>;
}

/** The keys with their values, unwrapped: only ever handed out inside a secret Output. */
async function apiKeysRevealed(args: ProjectScoped): Promise<Array<Omit<ApiKeyInfo, "apiKey"> & { apiKey: string }>> {
  const keys = await client().getApiKeys(args.projectRef, { reveal: true });
  return keys.map((k) => ({
    name: k.name,
    id: k.id,
    type: k.type,
    prefix: k.prefix,
    description: k.description,
    apiKey: k.api_key ?? "",
  }));
}

export async function getApiKeys(args: ProjectScoped): Promise<ApiKeyInfo[]> {
  return (await apiKeysRevealed(args)).map((k) => ({ ...k, apiKey: pulumi.secret(k.apiKey) }));
}

/**
 * A project's branches, as the service lists them (the default branch
 * included): each with its own `project_ref`, which project-scoped resources
 * take as `projectRef`. None when branching was never enabled on the project.
 */
export function getBranches(args: ProjectScoped): Promise<Branch[]> {
  return client().listBranches(args.projectRef);
}

/** How full the project's database disk is, and the service's autoscaling settings. */
export function getDiskUtilization(args: ProjectScoped): Promise<DiskUsage> {
  return client().getDiskUsage(args.projectRef);
}

/** The versions a paused project can be restored to (empty while it is not paused). */
export async function getRestoreVersions(args: ProjectScoped): Promise<RestoreVersions["available_versions"]> {
  return (await client().listRestoreVersions(args.projectRef)).available_versions;
}

/** The pooler's connection details; `connectionString` is a secret Output when it carries the password. */
export interface PoolerConnectionString extends Omit<PoolerConnectionInfo, "connectionString"> {
  connectionString: pulumi.Output<string>;
}

export type GetPoolerConnectionStringArgs = PoolerConnectionArgs;

export async function getPoolerConnectionString(args: PoolerConnectionArgs): Promise<PoolerConnectionString> {
  const info = poolerConnectionInfo(await client().getPoolerConnections(args.projectRef), args);
  const cs = args.password ? pulumi.secret(info.connectionString) : pulumi.output(info.connectionString);
  return { ...info, connectionString: cs };
}

export interface GetAdvisorsArgs extends ProjectScoped {
  /** `security`, `performance` or `all` (the default). */
  type?: AdvisorType;
  /** Only lints at this level or above: `ERROR`, `WARN` or `INFO` (the default: all). */
  minLevel?: LintLevel;
}

/**
 * The platform's security and performance advisors of a project or branch
 * (its own ref): the lints, most severe first. Nothing in them is secret.
 */
export async function getAdvisors(args: GetAdvisorsArgs): Promise<AdvisorLint[]> {
  const options = checkAdvisorArgs(args);
  return client().getAdvisors(args.projectRef, options);
}

type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

export const getOrganizationsOutput = () => pulumi.output(getOrganizations());
export const getProjectsOutput = () => pulumi.output(getProjects());
/** The same list as `getSecrets`, as one secret Output (its digests plain strings inside it). */
export const getSecretsOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.secret(pulumi.output(args).apply((a) => secretDigests(a as ProjectScoped)));
export const getFunctionsOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.output(args).apply((a) => getFunctions(a as ProjectScoped));
export const getFunctionBodyOutput = (args: Inputs<ProjectScoped & { slug: string }>) =>
  pulumi.output(args).apply((a) => getFunctionBody(a as ProjectScoped & { slug: string }));
export const getNetworkBansOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.output(args).apply((a) => getNetworkBans(a as ProjectScoped));
/** The same list as `getApiKeys`, as one secret Output (its `apiKey`s plain strings inside it). */
export const getApiKeysOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.secret(pulumi.output(args).apply((a) => apiKeysRevealed(a as ProjectScoped)));
export const getBranchesOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.output(args).apply((a) => getBranches(a as ProjectScoped));
/** The same details as `getPoolerConnectionString`, as one Output: a secret when `password` is given. */
export const getPoolerConnectionStringOutput = (args: Inputs<PoolerConnectionArgs>) =>
  pulumi.output(args).apply(async (a) => {
    const info = poolerConnectionInfo(await client().getPoolerConnections(a.projectRef), a as PoolerConnectionArgs);
    return a.password ? pulumi.secret(info) : pulumi.output(info);
  });
export const getDiskUtilizationOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.output(args).apply((a) => getDiskUtilization(a as ProjectScoped));
export const getRestoreVersionsOutput = (args: Inputs<ProjectScoped>) =>
  pulumi.output(args).apply((a) => getRestoreVersions(a as ProjectScoped));
export const getTypescriptTypesOutput = (args: Inputs<GetTypescriptTypesArgs>) =>
  pulumi.output(args).apply((a) => getTypescriptTypes(a as GetTypescriptTypesArgs));
export const getAdvisorsOutput = (args: Inputs<GetAdvisorsArgs>) =>
  pulumi.output(args).apply((a) => getAdvisors(a as GetAdvisorsArgs));
