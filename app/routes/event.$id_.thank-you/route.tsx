import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatEventDate, formatEventTime } from '~/lib/events/dates';
import { requireUser } from '~/services/accounts/auth.server';
import { findEvent } from '~/services/events/events.server';
import { registrationStatus } from '~/services/events/registration.server';
import { ButtonLink } from '~/components/ui/Button';
import { serialIdParam } from '~/lib/route-params';
import { STATUS_MESSAGES } from '~/lib/events/messages';

export const meta: MetaFunction = () => [{ title: 'Thank you — Paceline' }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const event = await findEvent(serialIdParam(params.id, 'Event not found'));
  if (!event) throw new Response('Event not found', { status: 404 });
  return { event: { id: event.id, name: event.name, date: event.date, time: event.time }, status: await registrationStatus(event.id, user.id) };
}

export default function ThankYouPage() {
  const { event, status } = useLoaderData<typeof loader>();
  return (
    <section className="event-thank-you card">
      <h1>Thank you for registering!</h1>
      <p>
        Your registration for <strong>{event.name}</strong> on {formatEventDate(event.date)} at {formatEventTime(event.time)} has been received.
      </p>
      {status === 'pending' ? <p>{STATUS_MESSAGES.pending}</p> : null}
      <p>
        <ButtonLink to="/events">Back to events</ButtonLink>{' '}
        <ButtonLink to={`/event/detail/${event.id}`} variant="secondary">
          Event details
        </ButtonLink>
      </p>
    </section>
  );
}
