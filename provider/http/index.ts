export { createDispatcher, getSharedDispatcher, closeSharedDispatchers } from "./dispatcher";
export type { DispatcherOptions, SharedDispatcherOptions } from "./dispatcher";
export { createAuthInterceptor, MISSING_TOKEN_MESSAGE } from "./auth";
export type { AuthOptions } from "./auth";
export {
  createRetryInterceptor,
  RetryPolicy,
  DEFAULT_RETRY_STATUS_CODES,
  DEFAULT_RETRY_ERROR_CODES,
  IDEMPOTENT_METHODS,
  errorCode,
} from "./retry";
export type { RetryOptions } from "./retry";
export { createRateLimitInterceptor, RateLimiter, defaultBucketKey } from "./ratelimit";
export type { RateLimitOptions, BucketKeyFn } from "./ratelimit";
export { createDedupeInterceptor } from "./dedupe";
export { retryAfterMs, rateLimitInfo, serverWaitMs, headerValue } from "./headers";
export type { RateLimitInfo } from "./headers";
export { defaultUserAgent, packageVersion } from "./version";
export type { AttemptInfo, SupabaseDispatchOptions } from "./types";
export { dispatchWithKey } from "./keyed";
export type { KeyedRequest, KeyedAnswer } from "./keyed";
