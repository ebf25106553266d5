/**
 * Public entry of the management client (`supabase-pulumi/client`).
 */
export { ManagementClient, getManagementClient, withUnknownOutcome, isUnknownOutcome, isTransient } from "./management";
export type {
  ManagementClientOptions,
  RequestOptions,
  RawResponse,
  ResponseInfo,
  HttpMethod,
  Expect,
  QueryValue,
} from "./management";
export * from "./types";
export * from "./settings";
export * from "./branches";
export { poolerConnectionInfo } from "./pooler-connection";
export type { PoolerConnectionArgs, PoolerConnectionInfo } from "./pooler-connection";
export type { PoolerConnection } from "./endpoints/pooler";
export { ADVISOR_TYPES, LINT_LEVELS, atLeast, checkAdvisorArgs } from "./endpoints/advisors";
export type { AdvisorLint, AdvisorType, LintLevel } from "./endpoints/advisors";
export type { ProjectAddons, AddonType, AddonVariant } from "./endpoints/billing";
export type { VanitySubdomainConfig } from "./endpoints/vanity-subdomain";
export type { BackupSchedule, RestorePoint } from "./endpoints/backups";
export type { JitAccessState } from "./endpoints/jit-access";
export type { Disk, DiskAttributes, DiskUtilization, DiskAutoscale, DiskUsage } from "./endpoints/disk";
export type { OrganizationProject, ProjectDatabaseEntry, ReadReplicaRegion } from "./endpoints/read-replicas";
export type { RestoreVersions } from "./endpoints/pause";
export type { UpgradeEligibility, UpgradeStatus, UpgradeTarget } from "./endpoints/upgrade";
export { UPGRADE_STATUS } from "./endpoints/upgrade";
export { displayPath, errorMessage, toApiError } from "./response";
export {
  createDispatcher,
  getSharedDispatcher,
  closeSharedDispatchers,
  RetryPolicy,
  RateLimiter,
  defaultBucketKey,
  defaultUserAgent,
} from "../http";
export type {
  DispatcherOptions,
  SharedDispatcherOptions,
  RetryOptions,
  RateLimitOptions,
  BucketKeyFn,
  AttemptInfo,
} from "../http";
export { SupabaseError, ApiError, NetworkError, isNotFound, redact } from "../errors";
export type { ErrorCode } from "../errors";

import { ManagementClient as Client } from "./management";
import { resolveConfig } from "../config";

/**
 * A client configured from the environment (SUPABASE_ACCESS_TOKEN,
 * SUPABASE_API_URL), for one-line scripts such as
 * `node -e 'require("supabase-pulumi/client").createClientFromEnv().removeNetworkBans("<ref>", ["1.2.3.4"])'`.
 */
export function createClientFromEnv(): Client {
  const cfg = resolveConfig();
  return new Client({ apiUrl: cfg.apiUrl, accessToken: cfg.accessToken });
}
