import type { ActionFunctionArgs } from '@remix-run/node';
import { enqueueJob } from '~/services/platform/jobs.server';
import { assertTestMode } from '~/services/platform/test-mode.server';
import { holdJob } from '~/services/platform/test-jobs.server';
import { textOf } from '~/lib/form-text';

// Test mode only, for `npm run test:scale`: POST holdMs=…&label=… queues a job that takes that long.
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const form = await request.formData();
  const holdMs = Math.min(Number(form.get('holdMs') ?? 0) || 0, 3_000);
  const id = await enqueueJob(holdJob, { holdMs, label: textOf(form.get('label')) });
  return Response.json({ id });
}
