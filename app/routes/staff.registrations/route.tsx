import { parseWithZod } from '@conform-to/zod';
import { Table } from '~/components/ui/Table';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { serialIdField } from '~/lib/domain/ids';
import { formatEventDate } from '~/lib/events/dates';
import { requireStaff } from '~/services/accounts/auth.server';
import { decideRegistration, listRegistrationsForStaff } from '~/services/staff/staff-registrations.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { Button } from '~/components/ui/Button';

export const meta: MetaFunction = () => [{ title: 'Registrations — Paceline staff' }];

const STATUSES = ['pending', 'approved', 'declined'] as const;
export const DecisionSchema = z.object({ registrationId: serialIdField, decision: z.enum(['approved', 'declined']) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const requested = new URL(request.url).searchParams.get('status');
  const status = STATUSES.find((candidate) => candidate === requested) ?? 'pending';
  const rows = await listRegistrationsForStaff(status);
  return { status, registrations: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString().slice(0, 10) })) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: DecisionSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const found = await decideRegistration(submission.value.registrationId, submission.value.decision);
  if (!found) return data(submission.reply({ formErrors: ['This registration does not exist.'] }), { status: 404 });
  return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
    kind: 'success',
    message: `Registration ${submission.value.decision}.`,
  });
}

export default function StaffRegistrationsPage() {
  const { status, registrations } = useLoaderData<typeof loader>();
  return (
    <section className="staff-page">
      <header className="staff-header">
        <h1>Registrations</h1>
        <Link to="/staff/events">Events</Link>
      </header>
      <nav className="tabs" aria-label="Registration status">
        {STATUSES.map((candidate) => (
          <Link key={candidate} to={`?status=${candidate}`} aria-current={candidate === status ? 'page' : undefined}>
            {candidate[0].toUpperCase() + candidate.slice(1)}
          </Link>
        ))}
      </nav>
      {registrations.length === 0 ? <p className="notice">No {status} registrations.</p> : null}
      <Table
        rows={registrations}
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Rider',
            cell: (row) => (
              <>
                {row.firstName} {row.lastName}
                <br />
                <small>{row.email}</small>
              </>
            ),
          },
          { header: 'Event', cell: (row) => row.eventName },
          { header: 'Category', cell: (row) => row.category },
          { header: 'W/kg', cell: (row) => row.wkg.toFixed(2) },
          {
            header: 'Identity',
            cell: (row) => (
              <>
                {row.hasIdFront ? (
                  <a href={`/event/file/${row.id}/front`} target="_blank" rel="noreferrer">
                    Front
                  </a>
                ) : (
                  '—'
                )}{' '}
                {row.hasIdBack ? (
                  <a href={`/event/file/${row.id}/back`} target="_blank" rel="noreferrer">
                    Back
                  </a>
                ) : null}
              </>
            ),
          },
          { header: 'Registered', cell: (row) => formatEventDate(row.createdAt) },
          {
            header: 'Decision',
            cell: (row) => (
              <Form method="post" className="staff-decision">
                <input type="hidden" name="registrationId" value={row.id} />
                {row.status !== 'approved' ? (
                  <Button type="submit" name="decision" value="approved" aria-label={`Approve ${row.firstName} ${row.lastName} for ${row.eventName}`}>
                    Approve
                  </Button>
                ) : null}
                {row.status !== 'declined' ? (
                  <Button
                    type="submit"
                    name="decision"
                    value="declined"
                    aria-label={`Decline ${row.firstName} ${row.lastName} for ${row.eventName}`}
                    variant="secondary"
                  >
                    Decline
                  </Button>
                ) : null}
              </Form>
            ),
          },
        ]}
      />
    </section>
  );
}
