import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatEventDate } from '~/lib/events/dates';
import { requireStaff } from '~/services/auth.server';
import { listEventsForStaff } from '~/services/events.server';
import { buttonClass } from '~/components/ui/Button';

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
          <Link className={buttonClass('primary')} to="/staff/events/new">
            New event
          </Link>{' '}
          <Link className={buttonClass('secondary')} to="/staff/registrations">
            Registrations
          </Link>
        </nav>
      </header>
      <table className="data">
        <thead>
          <tr>
            <th>Event</th>
            <th>Date</th>
            <th>Type</th>
            <th>Registration</th>
            <th>Booked</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>
                <Link to={`/staff/events/${event.id}`}>{event.name}</Link>
              </td>
              <td>{formatEventDate(event.date)}</td>
              <td>{event.eventType}</td>
              <td>{event.accept ? 'Open' : 'Closed'}</td>
              <td>
                {event.booked}/{event.capacity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
