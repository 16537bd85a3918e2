import { readsOf, reuse, type ReadsOf } from './write-watch.server';

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
const MAX_ENTRIES = 5_000;

const entries = new Map<string, { at: number; kept: ReadsOf<unknown> }>();

export async function cachedRiderPage<T>(key: string, userId: string, load: () => Promise<T>): Promise<T> {
  const id = `${userId}:${key}`;
  const hit = entries.get(id);
  if (hit && Date.now() - hit.at < RIDER_PAGE_CACHE_TTL_MS && reuse(hit.kept)) return hit.kept.value as T;
  const at = Date.now();
  const kept = await readsOf(load);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(id, { at, kept });
  return kept.value;
}

export function invalidateRiderPage(userId: string): void {
  for (const id of entries.keys()) if (id.startsWith(`${userId}:`)) entries.delete(id);
}
