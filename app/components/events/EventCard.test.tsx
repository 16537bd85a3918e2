import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainMarkup, PlainMarkupContext } from '~/components/ui/PlainMarkup';
import type { EventSummary } from '~/services/events/events.server';
import { expectPlainMarkupAsReact } from '../../../tests/helpers/plain-markup-writer';
import { renderInRemix } from '../../../tests/helpers/render-in-remix';
import { EventCard } from './EventCard';

function event(id: number, overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id,
    name: `Event ${id}`,
    date: '2026-12-03',
    time: '18:00',
    gender: 0,
    eventType: 'all',
    dailyRide: false,
    accept: true,
    image: id % 2 ? '/images/events/event-road.svg' : null,
    description: 'Three stages over three evenings.',
    categories: { 'Category 1': { time: '18:00', distanceKm: 42.5, elevationM: 380 }, 'Category 2': { time: '18:05', distanceKm: 34.2, elevationM: 290 } },
    links: { ruleset: '/paceline-ruleset', technical_guide: 'https://paceline.local/guide.pdf' },
    distanceKm: 42.5,
    participants: { booked: 3, capacity: 200 },
    ustatus: 'none',
    eligible: true,
    ...overrides,
  };
}

// Every status a card can show, and text staff may type.
const EVENTS = [
  event(1),
  event(2, { ustatus: 'pending' }),
  event(3, { ustatus: 'approved' }),
  event(4, { ustatus: 'declined' }),
  event(5, { accept: false }),
  event(6, { eligible: false, gender: 2 }),
  event(7, { participants: { booked: 200, capacity: 200 } }),
  event(8, { name: `<b>"Night" & 'Day'</b>`, description: 'A > B < C', categories: {}, links: {} }),
];

async function gridMarkup(writer: ((node: ReactNode) => string | null) | null, signedIn: boolean) {
  return renderInRemix(() => (
    <PlainMarkupContext.Provider value={writer}>
      <PlainMarkup as="div" className="events-grid">
        {EVENTS.map((item) => (
          <EventCard key={item.id} event={item} signedIn={signedIn} />
        ))}
      </PlainMarkup>
    </PlainMarkupContext.Provider>
  ));
}

describe('the events grid written as plain markup (decision 162)', () => {
  it('is the markup React writes for every status, for a visitor and a signed-in rider', async () => {
    for (const signedIn of [false, true]) {
      const html = await expectPlainMarkupAsReact((writer) => gridMarkup(writer, signedIn));
      expect(html.match(/<article class="event-card card"/g)).toHaveLength(EVENTS.length);
      expect(html).toContain('&lt;b&gt;&quot;Night&quot; &amp; &#x27;Day&#x27;&lt;/b&gt;');
    }
  });
});
