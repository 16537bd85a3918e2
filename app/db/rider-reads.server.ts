import { outsideReaders, readsOf, reuse, type ReadsOf } from './write-watch.server';

/**
 * A short-lived per-rider cache of what a rider's own pages read: the activities page's aggregates
 * (header, progress, curves, banner), the profile, the wallet's summary and transaction pages.
 * Writes that change the activities' aggregates call `invalidateRiderPage` in this process; beyond
 * that, an entry is used only while nothing it read has been written (by any service, another
 * server process or a script: app/db/write-watch.server.ts, decision 145), and each use counts
 * its reads for the page that uses it. The TTL bounds what depends on the clock (decision 026).
 * So a load must not write what it reads: its own write would make its entry stale at once.
 */
export const RIDER_PAGE_CACHE_TTL_MS = 10_000;
/**
 * For an entry that depends on the clock by the UTC day alone, with that day in its key, or on
 * no clock at all: the day's change makes a new key, so the TTL only bounds rows dated ahead of
 * the clock. Each refresh is a read on the request thread under PGlite, and the activities page's
 * ten of them every 10 s were what its slowest requests waited for (issue 21).
 */
export const RIDER_PAGE_DAILY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  /** When the load that kept it began. */
  at: number;
  kept: ReadsOf<unknown>;
  /** A read again after the TTL is under way. */
  refreshing?: boolean;
}

const entries = new Map<string, Entry>();

/**
 * What `load` gives for this rider, read again when anything it read is written (at once, before
 * answering) or when the TTL has passed. Past the TTL only the clock has moved on, so the kept
 * value answers once more while one read runs beside the requests: reading the activities page's
 * aggregates took 65–180 ms every 10 s, and the requests that met it waited that long.
 */
export async function cachedRiderPage<T>(key: string, userId: string, load: () => Promise<T>, ttlMs = RIDER_PAGE_CACHE_TTL_MS): Promise<T> {
  const id = `${userId}:${key}`;
  const hit = entries.get(id);
  if (hit && reuse(hit.kept)) {
    if (Date.now() - hit.at >= ttlMs && !hit.refreshing) refresh(id, hit, load);
    return hit.kept.value as T;
  }
  return (await keep(id, load)).value as T;
}

async function keep(id: string, load: () => Promise<unknown>): Promise<ReadsOf<unknown>> {
  const at = Date.now();
  const kept = await readsOf(load);
  if (!entries.has(id) && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(id, { at, kept });
  return kept;
}

/** Reads the entry again outside the request that found it old: its reads are not that page's. */
function refresh(id: string, entry: Entry, load: () => Promise<unknown>): void {
  entry.refreshing = true;
  void outsideReaders(() =>
    keep(id, load).catch((error: unknown) => {
      // The kept value stays, and the next request past the TTL tries again.
      entry.refreshing = false;
      console.error('rider reads: a refresh failed:', error);
    }),
  );
}

export function invalidateRiderPage(userId: string): void {
  for (const id of entries.keys()) if (id.startsWith(`${userId}:`)) entries.delete(id);
}
