import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { cacheable } from '~/lib/response-cache';
import { CategoryTable } from '~/components/events/CategoryTable';
import { EventLinks } from '~/components/events/EventLinks';
import { ButtonLink } from '~/components/ui/Button';
import { EventStatus, isFull } from '~/components/events/EventStatus';
import { PrizeWidget } from '~/components/events/PrizeWidget';
import { categoryDescription, genderMessage, ROOM_FULL_MESSAGE } from '~/lib/events/categories';
import { formatEventDate, formatEventTime } from '~/lib/events/dates';
import { formatPrize, totalPrize } from '~/lib/events/money';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { getEventDetail } from '~/services/events/events.server';
import { serialIdParam } from '~/lib/route-params';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.event.name} — Paceline` : 'Event — Paceline' }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const event = await getEventDetail(serialIdParam(params.id, 'Event not found'), user ? { id: user.id, gender: user.gender } : null);
  if (!event) throw new Response('Event not found', { status: 404 });
  return { event, signedIn: Boolean(user) };
}

export default function EventDetailPage() {
  const { event, signedIn } = useLoaderData<typeof loader>();
  const gender = genderMessage(event.gender);
  const category = categoryDescription(event.categoryKey, event.gender);
  const canRegister = signedIn && event.accept && event.eligible && !isFull(event) && (event.ustatus === 'none' || event.ustatus === 'declined');
  const visitorMayRegister = !signedIn && event.accept && !isFull(event);
  return (
    <article className="event-detail">
      <p>
        <SiteLink to="/events">← All events</SiteLink>
      </p>
      <header className="event-detail-hero" style={event.image ? { backgroundImage: `url(${event.image})` } : undefined}>
        <div className="event-detail-hero-text">
          <h1>{event.name}</h1>
          <p>{formatEventDate(event.date)}</p>
          {event.prizeMoney ? <p className="event-detail-prize">Prize money {formatPrize(totalPrize(event.prizeMoney), event.prizeMoney)}</p> : null}
        </div>
      </header>
      <dl className="event-facts">
        <div>
          <dt>Distance</dt>
          <dd>{event.distanceKm.toFixed(2)} km</dd>
        </div>
        <div>
          <dt>Start time</dt>
          <dd>{formatEventTime(event.time)}</dd>
        </div>
        <div>
          <dt>Elevation</dt>
          <dd>{Math.round(event.elevationM)} m</dd>
        </div>
        {event.maxGrade !== null ? (
          <div>
            <dt>Max grade</dt>
            <dd>{event.maxGrade}%</dd>
          </div>
        ) : null}
        <div>
          <dt>Participants</dt>
          <dd>
            {event.participants.booked}/{event.participants.capacity}
          </dd>
        </div>
        {event.laps > 1 ? (
          <div>
            <dt>Laps</dt>
            <dd>{event.laps}</dd>
          </div>
        ) : null}
      </dl>
      {gender ? <p className="event-detail-gender">{gender}</p> : null}
      {isFull(event) ? <p className="event-detail-full">{ROOM_FULL_MESSAGE}</p> : null}
      <div className="event-detail-actions">
        {/* A visitor sees the button too (issue 14): it leads to login and back to the wizard. */}
        {canRegister || visitorMayRegister ? (
          <ButtonLink
            className="event-register"
            to={signedIn ? `/event/${event.id}` : `/auth/login?${new URLSearchParams({ redirect: `/event/${event.id}` })}`}
          >
            REGISTER NOW
          </ButtonLink>
        ) : null}
        {signedIn && canRegister ? null : <EventStatus event={event} signedIn={signedIn} joinLabel="REGISTER NOW" />}
      </div>
      <div className="event-detail-columns">
        <div>
          <section className="event-category-info card">
            <h2>{category.title}</h2>
            <p>{category.band}</p>
          </section>
          <section>
            <h2>Details</h2>
            {/* Sanitised on save and again when loaded (events.server sanitizeDetails). */}
            <div className="event-details-html" dangerouslySetInnerHTML={{ __html: event.detailsHtml }} />
          </section>
          <section>
            <h2>Categories</h2>
            <CategoryTable categories={event.categories} />
          </section>
          <EventLinks links={event.links} />
        </div>
        <aside>
          {event.map ? <img className="event-map" src={event.map} alt={`Course map of ${event.name}`} /> : null}
          {event.prizeMoney ? <PrizeWidget prize={event.prizeMoney} /> : null}
        </aside>
      </div>
    </article>
  );
}

export const handle = cacheable;
