import { SiteLink } from '~/components/ui/SiteLink';

export interface FeaturedEvent {
  id: number;
  name: string;
  /** ISO date (YYYY-MM-DD) or date-time. */
  date: string;
  image?: string | null;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dubai' });

function formatEventDate(date: string): string {
  const parsed = new Date(date.length === 10 ? `${date}T00:00:00+04:00` : date);
  return Number.isNaN(parsed.getTime()) ? date : DATE_FORMAT.format(parsed);
}

/** The home page's featured events; nothing at all when there are none. */
export function FeaturedEvents({ events }: { events: readonly FeaturedEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section className="featured-events" aria-labelledby="featured-events-title">
      <div className="section-heading">
        <h2 id="featured-events-title">Featured events</h2>
        <SiteLink to="/events">All events →</SiteLink>
      </div>
      <ul className="featured-events-grid">
        {events.map((event) => (
          <li key={event.id}>
            <SiteLink to={`/event/detail/${event.id}`} className="featured-event card">
              {event.image ? (
                <img src={event.image} alt="" width={480} height={270} loading="lazy" />
              ) : (
                <div className="featured-event-placeholder" aria-hidden="true" />
              )}
              <h3>{event.name}</h3>
              <p className="featured-event-date">{formatEventDate(event.date)}</p>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
