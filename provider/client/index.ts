/**
 * Public entry of the management client (`supabase-pulumi/client`).
 */
export {
  ManagementClient,
  getManagementClient,
  withUnknownOutcome,
  isUnknownOutcome,
} from "./management";
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
export type { DispatcherOptions, SharedDispatcherOptions, RetryOptions, RateLimitOptions, BucketKeyFn, AttemptInfo } from "../http";
export { SupabaseError, ApiError, NetworkError, isNotFound, redact } from "../errors";
export type { ErrorCode } from "../errors";
