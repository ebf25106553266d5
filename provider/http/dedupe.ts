/**
 * GET deduplication: concurrent identical GETs share one in-flight request.
 *
 * undici 7.30.2's `interceptors.deduplicate` does exactly this: it keys on
 * origin, method, path (with query) and all request headers, lets later
 * callers join while the first response has not started streaming its body,
 * replays the head and body to each of them, and forgets the key when the
 * response completes (no caching). Because the key includes `authorization`,
 * two callers with different tokens never share a response. It only accepts
 * safe methods, so writes can never be merged.
 */
import { interceptors, type Dispatcher } from "undici";

export function createDedupeInterceptor(): Dispatcher.DispatcherComposeInterceptor {
  return interceptors.deduplicate({ methods: ["GET"] });
}
