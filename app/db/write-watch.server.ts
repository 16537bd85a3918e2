import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What was read and what was written, so that anything computed from the database can be
 * remembered and thrown away exactly when something it read has changed (decision 145: the
 * response cache, remembered session checks, the services' short caches).
 *
 * Tags name rows: `users:42` (the rows of table `users` whose key column is 42), `events` (the
 * whole table), `*` (everything). The database client tags every statement from its SQL text
 * and parameters (statement-watch.server.ts) and, for a write, calls `invalidate` strictly
 * *after* it is visible (a statement outside a transaction once it settled, a transaction's
 * writes once it committed). A reader takes a `readMark()` before it reads and records its
 * read tags while it reads; what it computed stays valid while `unchangedSince(reads, mark)`:
 * no write to what it read was announced after the mark. A write that commits while a page
 * renders therefore makes that render unkeepable, as the global generation did (decision 102),
 * but only for the renders that read what it wrote.
 */

export type Tag = string;
export const EVERYTHING: Tag = '*';

/** Announcements are numbered; a mark is the number of the last one before a read began. */
let sequence = 0;
/** The last announcement of a write to `table:key`. */
const keyedWrites = new Map<string, number>();
/** The last announcement of a write to a whole table (rows not known). */
const wholeWrites = new Map<string, number>();
/** The last announcement of any write to a table, keyed or whole. */
const anyWrites = new Map<string, number>();
let everythingWrittenAt = 0;
let anythingWrittenAt = 0;
/** Older keyed announcements were dropped to bound memory: marks before this are stale. */
let forgottenBefore = 0;
const KEYED_WRITES_MAX = 100_000;

export function readMark(): number {
  return sequence;
}

function tableOf(tag: Tag): { table: string; keyed: boolean } {
  const colon = tag.indexOf(':');
  return colon === -1 ? { table: tag, keyed: false } : { table: tag.slice(0, colon), keyed: true };
}

/** Announces writes that are visible now: everything read of them before is stale. */
export function invalidate(tags: Iterable<Tag>): void {
  sequence += 1;
  anythingWrittenAt = sequence;
  for (const tag of tags) {
    if (tag === EVERYTHING) {
      everythingWrittenAt = sequence;
      continue;
    }
    const { table, keyed } = tableOf(tag);
    anyWrites.set(table, sequence);
    if (keyed) keyedWrites.set(tag, sequence);
    else wholeWrites.set(table, sequence);
  }
  if (keyedWrites.size > KEYED_WRITES_MAX) {
    keyedWrites.clear();
    forgottenBefore = sequence;
  }
}

/** Whether nothing these reads depend on was written after the mark was taken. */
export function unchangedSince(reads: Iterable<Tag>, mark: number): boolean {
  if (everythingWrittenAt > mark || forgottenBefore > mark) return false;
  for (const tag of reads) {
    if (tag === EVERYTHING) {
      if (anythingWrittenAt > mark) return false;
      continue;
    }
    const { table, keyed } = tableOf(tag);
    if (keyed ? (wholeWrites.get(table) ?? 0) > mark || (keyedWrites.get(tag) ?? 0) > mark : (anyWrites.get(table) ?? 0) > mark) return false;
  }
  return true;
}

/**
 * A recorder of read tags for one unit of work (a request's render, a session check, one
 * cached query). Nested recorders hand what they see to their parents, so a session check
 * made while a page renders counts for the page too.
 */
class ReadRecorder {
  readonly reads = new Set<Tag>();
  constructor(private readonly parent: ReadRecorder | undefined) {}
  add(tag: Tag): void {
    this.reads.add(tag);
    this.parent?.add(tag);
  }
}

const recorders = new AsyncLocalStorage<ReadRecorder>();

/** Called by the database client for each statement: the rows it reads. */
export function noteReads(tags: Iterable<Tag>): void {
  const recorder = recorders.getStore();
  if (!recorder) return;
  for (const tag of tags) recorder.add(tag);
}

/** What `work` read (statements it ran, remembered reads it reused), with the mark taken before. */
export interface ReadsOf<T> {
  value: T;
  reads: ReadonlySet<Tag>;
  mark: number;
}

export async function readsOf<T>(work: () => PromiseLike<T>): Promise<ReadsOf<T>> {
  const recorder = new ReadRecorder(recorders.getStore());
  const mark = readMark();
  // Awaited inside the run: a Drizzle query builder only starts when its `then` is called.
  const value = await recorders.run(recorder, async () => await work());
  return { value, reads: recorder.reads, mark };
}

/** Runs `work` (and what it starts) outside every recorder: work on behalf of no request. */
export function outsideReaders<T>(work: () => T): T {
  return recorders.exit(work);
}

let keptReadsUsed = true;

/**
 * Off, no kept value is reused: every request runs every read (`READ_CACHES=false`, so the bench
 * can measure what a page costs when nothing it read is kept, as after its rider's own write).
 */
export function allowKeptReads(enabled: boolean): void {
  keptReadsUsed = enabled;
}

/** Whether kept values may be reused (`READ_CACHES`): what is derived from them follows it too. */
export function keptReadsAllowed(): boolean {
  return keptReadsUsed;
}

/**
 * A value computed from the database and shared between requests: valid while what it read is
 * unchanged; each reuse counts its reads for the reader (a page kept by the response cache
 * must go stale when a remembered query it used does).
 */
export function reuse<T>(kept: ReadsOf<T> | undefined): kept is ReadsOf<T> {
  if (!keptReadsUsed || !kept || !unchangedSince(kept.reads, kept.mark)) return false;
  noteReads(kept.reads);
  return true;
}

/** Everything known is stale (a database opened, a lost notification connection). */
export function invalidateEverything(): void {
  invalidate([EVERYTHING]);
}
