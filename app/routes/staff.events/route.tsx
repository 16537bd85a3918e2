import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Table } from '~/components/ui/Table';
import { Link, useLoaderData } from '@remix-run/react';
import { formatEventDate } from '~/lib/events/dates';
import { requireStaff } from '~/services/accounts/auth.server';
import { listEventsForStaff } from '~/services/events/events.server';
import { ButtonLink } from '~/components/ui/Button';

export const meta: MetaFunction = () => [{ title: 'Events — Paceline staff' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const events = await listEventsForStaff();
  return { events: events.map(({ id, name, date, eventType, accept, booked, capacity }) => ({ id, name, date, eventType, accept, booked, capacity })) };
}

export default function StaffEventsPage() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <section className="staff-page">
      <header className="staff-header">
        <h1>Events</h1>
        <nav>
          <ButtonLink to="/staff/events/new">New event</ButtonLink>{' '}
          <ButtonLink to="/staff/registrations" variant="secondary">
            Registrations
          </ButtonLink>
        </nav>
      </header>
      <Table
        rows={events}
        rowKey={(event) => event.id}
        columns={[
          { header: 'Event', cell: (event) => <Link to={`/staff/events/${event.id}`}>{event.name}</Link> },
          { header: 'Date', cell: (event) => formatEventDate(event.date) },
          { header: 'Type', cell: (event) => event.eventType },
          { header: 'Registration', cell: (event) => (event.accept ? 'Open' : 'Closed') },
          { header: 'Booked', cell: (event) => `${event.booked}/${event.capacity}` },
        ]}
      />
    </section>
  );
}
