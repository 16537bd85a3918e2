import { formatEventDate, formatEventTime } from '~/lib/events/dates';
import type { EventSummary } from '~/services/events/events.server';
import { CategoryTable } from './CategoryTable';
import { EventLinks } from './EventLinks';
import { EventStatus } from './EventStatus';
import { SiteLink } from '~/components/ui/SiteLink';
import { plain } from '~/lib/plain-components';

/** One event on the list: picture, when, category times, status or join, description, links. */
export const EventCard = plain(function eventCard({ event, signedIn }: { event: EventSummary; signedIn: boolean }) {
  return (
    <article className="event-card card" aria-labelledby={`event-${event.id}-name`}>
      {event.image ? <img className="event-card-image" src={event.image} alt="" loading="lazy" /> : null}
      <div className="event-card-body">
        <h3 id={`event-${event.id}-name`}>
          <SiteLink to={`/event/detail/${event.id}`}>{event.name}</SiteLink>
        </h3>
        <p className="event-card-when">
          {formatEventDate(event.date)} · {formatEventTime(event.time)} · {event.distanceKm.toFixed(1)} km
        </p>
        <p className="event-card-places">
          {event.participants.booked}/{event.participants.capacity} riders
        </p>
        <CategoryTable categories={event.categories} compact />
        <EventStatus event={event} signedIn={signedIn} />
        <details className="event-card-description">
          <summary>Description</summary>
          <p>{event.description}</p>
          <EventLinks links={event.links} />
        </details>
      </div>
    </article>
  );
});
