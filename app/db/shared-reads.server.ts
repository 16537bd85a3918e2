import { db, type Database } from './client.server';
import { readsOf, reuse, type ReadsOf } from './write-watch.server';

/**
 * Reads whose result is the same for every request until something they read is written: the
 * events list, an event's page, a page of the public teams list (decision 153). Without them
 * every render of those pages ran the same statements again — a third of their CPU on PGlite —
 * although a write to what they show is rare beside the requests that read it.
 *
 * A remembered result is used while no write to what its statements read was announced after
 * they began (decision 145: by this process, another server on the same PostgreSQL, a script);
 * each use counts those reads for the request using it, so a page the response cache keeps goes
 * stale with the result it showed. Results are shared between requests: callers must treat them
 * as read-only (they build their own objects from them).
 *
 * Only reads that are the same for everyone belong here: anything that depends on the viewer
 * (their registrations, their teams) is read per request beside it.
 */
const MAX_KEYS = 1_000;

/** Keyed by the open database: what was read from one is never served from the next. */
const remembered = new WeakMap<Database, Map<string, ReadsOf<unknown>>>();

export async function sharedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const database = db();
  let results = remembered.get(database);
  if (!results) remembered.set(database, (results = new Map<string, ReadsOf<unknown>>()));
  const hit = results.get(key) as ReadsOf<T> | undefined;
  if (reuse(hit)) return hit.value;
  const kept = await readsOf(load);
  // Oldest first out: a bounded memory however many events or pages are asked for.
  if (!results.has(key) && results.size >= MAX_KEYS) results.delete(results.keys().next().value as string);
  results.set(key, kept);
  return kept.value;
}
