/**
 * A short-lived per-rider cache of the activities page's aggregates (header, progress, curves,
 * banner). Every write that changes them calls `invalidateRiderPage` in this process; the TTL
 * bounds staleness when several server processes share one PostgreSQL (decision 026).
 */
export const RIDER_PAGE_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

const entries = new Map<string, { at: number; value: unknown }>();

export async function cachedRiderPage<T>(key: string, userId: string, load: () => Promise<T>): Promise<T> {
  const id = `${userId}:${key}`;
  const hit = entries.get(id);
  if (hit && Date.now() - hit.at < RIDER_PAGE_CACHE_TTL_MS) return hit.value as T;
  const value = await load();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(id, { at: Date.now(), value });
  return value;
}

export function invalidateRiderPage(userId: string): void {
  for (const id of entries.keys()) if (id.startsWith(`${userId}:`)) entries.delete(id);
}
