import { storage } from '../adapters/storage.server';
import { defineJob, enqueueJob } from '../platform/jobs.server';
import type { Transaction } from '~/db/client.server';

/**
 * A deleted account's stored objects are removed by a durable job queued inside the deletion's
 * transaction (decision 125): a rolled-back deletion queues nothing, so no file of a kept account
 * vanishes; a committed one always leaves the job behind, so a crash between the commit and the
 * removal is finished by the next worker. Removing is idempotent (a missing object is no error).
 */
const REMOVE_OBJECTS_BATCH = 500;

const removeStoredObjectsJob = defineJob<{ keys: string[] }>(
  'storage.remove-objects',
  async ({ keys }) => {
    for (const key of keys) await storage().delete(key);
  },
  { retryLimit: 10, retryDelaySeconds: 30, backoff: true },
);

/** Queues the removal of `keys` in `tx`, a job per batch. */
export async function queueObjectRemoval(tx: Transaction, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += REMOVE_OBJECTS_BATCH) {
    await enqueueJob(removeStoredObjectsJob, { keys: keys.slice(start, start + REMOVE_OBJECTS_BATCH) }, { tx });
  }
}
