/**
 * Typed client for the management API: the transport (`./transport`) plus one
 * group of endpoints per area (`./endpoints/*`), combined into one
 * `ManagementClient` class with every endpoint as a method.
 *
 * Stateless apart from its options: connection pooling, pacing, retries and
 * GET deduplication live in the shared undici dispatcher (`provider/http`),
 * so any number of clients in one process share one pool and one set of
 * rate-limit buckets. The access token is read through a getter on every call
 * and never stored or shown in an error.
 */
import { ApiKeyEndpoints } from "./endpoints/api-keys";
import { BranchEndpoints } from "./endpoints/branches";
import { AuthEndpoints } from "./endpoints/auth";
import { CustomHostnameEndpoints } from "./endpoints/custom-hostname";
import { DatabaseEndpoints } from "./endpoints/database";
import { FunctionEndpoints } from "./endpoints/functions";
import { MigrationEndpoints } from "./endpoints/migrations";
import { NetworkEndpoints } from "./endpoints/network";
import { BackupEndpoints } from "./endpoints/backups";
import { AdvisorEndpoints } from "./endpoints/advisors";
import { JitAccessEndpoints } from "./endpoints/jit-access";
import { DiskEndpoints } from "./endpoints/disk";
import { PauseEndpoints } from "./endpoints/pause";
import { UpgradeEndpoints } from "./endpoints/upgrade";
import { ReadReplicaEndpoints } from "./endpoints/read-replicas";
import { BillingEndpoints } from "./endpoints/billing";
import { PoolerEndpoints } from "./endpoints/pooler";
import { VanitySubdomainEndpoints } from "./endpoints/vanity-subdomain";
import { OrganizationEndpoints } from "./endpoints/organizations";
import { PgsodiumEndpoints } from "./endpoints/pgsodium";
import { ProjectEndpoints } from "./endpoints/projects";
import { SecretEndpoints } from "./endpoints/secrets";
import { StorageEndpoints } from "./endpoints/storage";
import { ManagementTransport, type ManagementClientOptions } from "./transport";

export * from "./types";
export * from "./settings";
export * from "./migrations";
export * from "./branches";
export type { SigningKey, SigningKeyStatus, SsoProvider, ThirdPartyAuth } from "./endpoints/auth";
export type { OrganizationProject, ProjectDatabaseEntry, ReadReplicaRegion } from "./endpoints/read-replicas";
export { withUnknownOutcome, isUnknownOutcome, isTransient } from "./outcome";
export type {
  HttpMethod,
  Expect,
  QueryValue,
  RequestOptions,
  RawResponse,
  ResponseInfo,
  ManagementClientOptions,
} from "./transport";

/** The endpoint groups whose methods every client has. */
const GROUPS = [
  OrganizationEndpoints,
  ProjectEndpoints,
  ApiKeyEndpoints,
  DatabaseEndpoints,
  MigrationEndpoints,
  SecretEndpoints,
  FunctionEndpoints,
  CustomHostnameEndpoints,
  PgsodiumEndpoints,
  NetworkEndpoints,
  BranchEndpoints,
  StorageEndpoints,
  AuthEndpoints,
  PoolerEndpoints,
  BillingEndpoints,
  VanitySubdomainEndpoints,
  BackupEndpoints,
  AdvisorEndpoints,
  JitAccessEndpoints,
  DiskEndpoints,
  PauseEndpoints,
  UpgradeEndpoints,
  ReadReplicaEndpoints,
] as const;

/*
 * The class gets every group's methods: the interface (declaration merging)
 * types them and the loop below installs them on the prototype, refusing a
 * name two groups share, so the merge never promises a method that is not
 * there (tests/unit/client/surface.test.ts checks the installed list).
 */
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging */
/** The management API client: `request` for any call, and a typed method per endpoint. */
export class ManagementClient extends ManagementTransport {}

export interface ManagementClient
  extends
    OrganizationEndpoints,
    ProjectEndpoints,
    ApiKeyEndpoints,
    DatabaseEndpoints,
    MigrationEndpoints,
    SecretEndpoints,
    FunctionEndpoints,
    CustomHostnameEndpoints,
    PgsodiumEndpoints,
    NetworkEndpoints,
    BranchEndpoints,
    StorageEndpoints,
    AuthEndpoints,
    PoolerEndpoints,
    BillingEndpoints,
    VanitySubdomainEndpoints,
    BackupEndpoints,
    AdvisorEndpoints,
    JitAccessEndpoints,
    DiskEndpoints,
    PauseEndpoints,
    UpgradeEndpoints,
    ReadReplicaEndpoints {}
/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging */

for (const group of GROUPS) {
  for (const name of Object.getOwnPropertyNames(group.prototype)) {
    if (name === "constructor") continue;
    if (Object.prototype.hasOwnProperty.call(ManagementClient.prototype, name)) {
      throw new Error(`ManagementClient: two endpoint groups define ${name}`);
    }
    Object.defineProperty(ManagementClient.prototype, name, Object.getOwnPropertyDescriptor(group.prototype, name)!);
  }
}

const clients = new WeakMap<() => string | undefined, Map<string, ManagementClient>>();

/**
 * A process-wide client for these options (same token getter, URL, user agent,
 * retry and timeout settings → same client). All of them share the shared
 * dispatcher, so this is a convenience, not a requirement: `new
 * ManagementClient(...)` is cheap and pools connections just the same.
 */
export function getManagementClient(
  options: Omit<ManagementClientOptions, "dispatcher" | "onResponse">,
): ManagementClient {
  let byKey = clients.get(options.accessToken);
  if (!byKey) {
    byKey = new Map();
    clients.set(options.accessToken, byKey);
  }
  const key = JSON.stringify([options.apiUrl, options.userAgent, options.retry ?? {}, options.requestTimeoutMs]);
  let client = byKey.get(key);
  if (!client) {
    client = new ManagementClient(options);
    byKey.set(key, client);
  }
  return client;
}
