import { db } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { defineJob } from './jobs.server';

/**
 * A job that takes a while, for `npm run test:scale` (queued only through /e2e/jobs, test mode):
 * it notes in the outbox which instance started it and which finished it, so the test can kill
 * the instance running it and see another finish it.
 */
export const HOLD_JOB_RECIPIENT = 'jobs@scale.test';

export const holdJob = defineJob<{ holdMs: number; label: string }>(
  'e2e.hold',
  async ({ holdMs, label }, job) => {
    const note = (subject: string) =>
      db()
        .insert(outbox)
        .values({
          channel: 'email',
          recipient: HOLD_JOB_RECIPIENT,
          subject,
          body: label,
          meta: { jobId: job.id, attempt: job.attempt, instance: process.env.PORT ?? '', pid: process.pid },
        });
    await note('job started');
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await note('job finished');
  },
  { retryLimit: 3, retryDelaySeconds: 0, backoff: false, expireInSeconds: 4 },
);
