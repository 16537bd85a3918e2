/**
 * How a route says its response may be kept by the response cache
 * (app/services/platform/response-cache.server.ts, decision 102).
 *
 * A route opts in only when its loader's output depends on nothing but the URL, the params,
 * the signed-in session's account and the database; the clock may change it only in ways
 * that can wait `seconds`. A page is kept only when every route it matched opted in.
 */
export const RESPONSE_CACHE_HEADER = 'X-Paceline-Page-Cache';

/** What the pages allow by default: a countdown or a "today" label is at most this late. */
const PAGE_CACHE_SECONDS = 5;

export interface PageCacheHandle {
  pageCache: { seconds: number };
}

/** `export const handle = cacheable;` in a route module. */
export const cacheable: PageCacheHandle = { pageCache: { seconds: PAGE_CACHE_SECONDS } };

/** For a resource route's Response: the header the server reads and removes. */
export const cachedResourceHeaders = { [RESPONSE_CACHE_HEADER]: String(PAGE_CACHE_SECONDS) };

/** The seconds a document may be kept: the shortest its routes allow, 0 when one did not opt in. */
export function responseCacheSeconds(handles: unknown[]): number {
  let seconds = Infinity;
  for (const handle of handles) {
    const allowed = (handle as Partial<PageCacheHandle> | undefined)?.pageCache?.seconds;
    if (typeof allowed !== 'number' || !(allowed > 0)) return 0;
    seconds = Math.min(seconds, allowed);
  }
  return Number.isFinite(seconds) ? seconds : 0;
}
