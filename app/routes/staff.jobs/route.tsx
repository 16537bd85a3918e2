import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { Button } from '~/components/ui/Button';
import { Table, type Column } from '~/components/ui/Table';
import { requireStaff } from '~/services/accounts/auth.server';
import { listFailedJobs, queueCounts, retryFailedJob, type QueueCounts, type RetryOutcome } from '~/services/staff/staff-jobs.server';

export const meta: MetaFunction = () => [{ title: 'Jobs · Paceline staff' }];

const retrySchema = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const [queues, failed] = await Promise.all([queueCounts(), listFailedJobs()]);
  return json({ queues, failed });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const parsed = retrySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ ok: false, message: 'That job cannot be retried.' }, { status: 400 });
  const outcome = await retryFailedJob(parsed.data.name, parsed.data.id);
  return json({ ok: outcome === 'queued', message: RETRY_MESSAGES[outcome] }, { status: outcome === 'queued' ? 200 : 409 });
}

const RETRY_MESSAGES: Record<RetryOutcome, string> = {
  queued: 'The job is queued again.',
  'not-failed': 'That job is no longer failed: it was retried already.',
  'payload-forgotten': 'This job held an e-mail address, removed when it failed: it cannot run again. The rider can ask again.',
};

const QUEUE_COLUMNS: Column<QueueCounts>[] = [
  { header: 'Kind', cell: (queue) => queue.name, rowHeader: true },
  { header: 'Queued', cell: (queue) => queue.queued },
  { header: 'Running', cell: (queue) => queue.active },
  { header: 'Retrying', cell: (queue) => queue.retrying },
  { header: 'Failed', cell: (queue) => queue.failed },
  { header: 'Done (kept 12 h)', cell: (queue) => queue.completed },
];

export default function StaffJobs() {
  const { queues, failed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="staff-jobs">
      <h1>Jobs</h1>
      <p>
        <Link to="/staff/imports">Import requests</Link> · <Link to="/staff/events">Events</Link> ·{' '}
        <Link to="/staff/payments">Card payments of deleted accounts</Link>
      </p>
      {answer ? (
        <p role="status" className={answer.ok ? 'notice' : 'error'}>
          {answer.message}
        </p>
      ) : null}
      <Table caption="Every kind of job, by state" columns={QUEUE_COLUMNS} rows={queues} rowKey={(queue) => queue.name} />
      <h2>Failed jobs</h2>
      {failed.length === 0 ? <p className="muted">No failed jobs.</p> : null}
      {failed.map((job) => (
        <article key={job.id} className="card staff-job" data-testid="failed-job">
          <header>
            <h3>
              {job.name} <span className="muted">{job.id}</span>
            </h3>
            <p className="muted">
              {job.attempts} attempts · failed {job.failedAt}
            </p>
          </header>
          <p>{job.error}</p>
          <pre className="staff-job-payload">{job.payload}</pre>
          {job.retryable ? (
            <Form method="post">
              <input type="hidden" name="name" value={job.name} />
              <input type="hidden" name="id" value={job.id} />
              <Button type="submit">Retry</Button>
            </Form>
          ) : (
            <p className="muted">{RETRY_MESSAGES['payload-forgotten']}</p>
          )}
        </article>
      ))}
    </div>
  );
}
