import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { EventCard } from '~/components/events/EventCard';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { listEvents } from '~/services/events/events.server';
import { SiteLink } from '~/components/ui/SiteLink';
import { PlainMarkup } from '~/components/ui/PlainMarkup';

export const meta: MetaFunction = () => [{ title: 'Events — Paceline' }];

type Tab = 'events' | 'dailyrides';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const events = await listEvents(user ? { id: user.id, gender: user.gender } : null);
  const tab: Tab = new URL(request.url).searchParams.get('event') === 'dailyrides' ? 'dailyrides' : 'events';
  // Only the tab shown goes to the page: the other tab is a link that loads its own list, and
  // every event sent is serialised into the document a second time for hydration.
  const dailyRides = tab === 'dailyrides';
  return {
    signedIn: Boolean(user),
    tab,
    featured: events.filter((event) => event.eventType === 'featured'),
    shown: events.filter((event) => event.eventType !== 'featured' && event.dailyRide === dailyRides),
  };
}

export default function EventsPage() {
  const { signedIn, tab, featured, shown } = useLoaderData<typeof loader>();
  return (
    <div className="events-page">
      <header className="events-header">
        <h1>Events</h1>
        <p>Race, ride and train with riders from around the world. All times are GMT+4.</p>
      </header>
      {featured.length > 0 ? (
        <section className="events-featured" aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured events</h2>
          <PlainMarkup as="div" className="events-grid">
            {featured.map((event) => (
              <EventCard key={event.id} event={event} signedIn={signedIn} />
            ))}
          </PlainMarkup>
        </section>
      ) : null}
      <nav className="tabs" aria-label="Event types">
        <SiteLink to="/events" aria-current={tab === 'events' ? 'page' : undefined} preventScrollReset>
          Events
        </SiteLink>
        <SiteLink to="/events?event=dailyrides" aria-current={tab === 'dailyrides' ? 'page' : undefined} preventScrollReset>
          Daily Rides
        </SiteLink>
      </nav>
      <section aria-label={tab === 'dailyrides' ? 'Daily Rides' : 'Events'}>
        {shown.length === 0 ? <p className="notice">No events scheduled at the moment.</p> : null}
        <PlainMarkup as="div" className="events-grid">
          {shown.map((event) => (
            <EventCard key={event.id} event={event} signedIn={signedIn} />
          ))}
        </PlainMarkup>
      </section>
    </div>
  );
}

export const handle = cacheable;
