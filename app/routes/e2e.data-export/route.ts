import type { ActionFunctionArgs } from '@remix-run/node';
import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { dataExports } from '~/db/schema';
import { textOf } from '~/lib/form-text';
import { requireUser } from '~/services/accounts/auth.server';
import { buildExportJob, requestDataExport } from '~/services/accounts/data-export.server';
import { enqueueJob } from '~/services/platform/jobs.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

/** How long `build` waits for the real job to finish the copy (a loaded machine is slow). */
const BUILT_WITHIN_MS = 30_000;

type Copy = typeof dataExports.$inferSelect;

const newestCopy = async (userId: string): Promise<Copy | undefined> =>
  (await db().select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt)).limit(1))[0];

// Named by its owner too, as the job's own writes are (decision 145): only this rider's tabs go stale.
const setCopy = (copy: Copy, values: Partial<Copy>) =>
  db()
    .update(dataExports)
    .set(values)
    .where(and(eq(dataExports.id, copy.id), eq(dataExports.userId, copy.userId)));

/** Runs the build job on the copy, as the queue would, and waits until it is ready. */
async function buildCopy(copy: Copy) {
  await enqueueJob(buildExportJob, { exportId: copy.id });
  const deadline = Date.now() + BUILT_WITHIN_MS;
  for (let status = copy.status; status !== 'ready'; status = (await newestCopy(copy.userId))?.status ?? 'failed') {
    if (status === 'failed' || Date.now() > deadline) throw new Error(`The copy ${copy.id} was not built (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Step = (userId: string, copy: Copy | undefined, form: FormData) => Promise<unknown>;

/** A step that moves the rider's copy on: a 409 when they have none. */
const onCopy =
  (move: (copy: Copy, form: FormData) => Promise<unknown>): Step =>
  (_, copy, form) => {
    if (!copy) throw new Response('The rider has no copy to move on: queue one first', { status: 409 });
    return move(copy, form);
  };

/**
 * Each moment of a copy's life (data-export.server.ts), for the signed-in rider's newest copy.
 * `queue` and `ask` are the rider's; the others stand for the build job and the calendar.
 */
const STEPS: Record<string, Step> = {
  /** Asked for, the queue not at it yet: a copy whose build job waits for `build` (none is queued). */
  queue: (userId) => db().insert(dataExports).values({ userId, status: 'queued' }),
  /** The job building it, `progress` per cent read (what its start and its progress writes leave). */
  progress: onCopy((copy, form) => setCopy(copy, { status: 'building', progress: Math.min(99, Math.max(0, Number(textOf(form.get('progress'))) || 0)) })),
  /** The real build job, run until the copy is ready (stored, e-mailed). */
  build: onCopy((copy) => buildCopy(copy)),
  /** The job's last attempt failed (what its markFailed leaves). */
  fail: onCopy((copy) => setCopy(copy, { status: 'failed' })),
  /** The rider asks again, from another tab of the profile: a child's request waits for the parent. */
  ask: (userId) => requestDataExport(userId),
  /** The days it could be downloaded are over. */
  expire: onCopy((copy) => setCopy(copy, { expiresAt: new Date(Date.now() - 1_000) })),
};

/**
 * POST /e2e/data-export step=queue|progress|build|fail|ask|expire [progress=N] — test mode only:
 * moves the signed-in rider's copy of their data to its next moment, for the My Data tab's
 * generated paths. Answers { status } of the newest copy afterwards (null: none).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const user = await requireUser(request);
  const form = await request.formData();
  const name = textOf(form.get('step'));
  const step = Object.hasOwn(STEPS, name) ? STEPS[name] : undefined;
  if (!step) return new Response(`step must be one of ${Object.keys(STEPS).join(', ')}`, { status: 400 });
  await step(user.id, await newestCopy(user.id), form);
  return Response.json({ status: (await newestCopy(user.id))?.status ?? null });
}
