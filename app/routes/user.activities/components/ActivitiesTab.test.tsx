import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainMarkupContext } from '~/components/ui/PlainMarkup';
import { packActivityPage } from '~/lib/activities/list-page';
import type { ActivityRow } from '~/lib/activities/types';
import { expectPlainMarkupAsReact } from '../../../../tests/helpers/plain-markup-writer';
import { renderInRemix } from '../../../../tests/helpers/render-in-remix';
import { ActivitiesTab } from './ActivitiesTab';

function ride(index: number, overrides: Partial<ActivityRow> = {}): ActivityRow {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    date: new Date(Date.UTC(2026, 10, 26 - index, 7)).toISOString(),
    type: 'workout',
    sportType: 'cycling',
    title: `Ride ${index}`,
    routeName: index % 2 ? 'Desert Loop' : '',
    distanceKm: 20 + index / 3,
    elevationM: 100.4 + index,
    watt: 150 + index,
    wattPerKg: 2.123 + index / 100,
    heartrate: 130,
    rideDurationS: 3600 + index * 61,
    fileType: 'fit',
    hasPower: true,
    platform: 'Paceline',
    ...overrides,
  };
}

const RIDES = [
  ...Array.from({ length: 17 }, (_, index) => ride(index + 1)),
  // What a rider may type, and figures a ride may lack.
  ride(18, { title: `<script>alert("x")</script> & 'quotes'`, routeName: 'A > B < C', platform: 'Strava & co' }),
  ride(19, { watt: null, wattPerKg: null, heartrate: null, hasPower: false, platform: null }),
  ride(20, { title: '', routeName: '', distanceKm: 0, elevationM: 0, rideDurationS: 0 }),
];

async function tabMarkup(writer: ((node: ReactNode) => string | null) | null, otherPlatform: boolean) {
  const firstPage = packActivityPage({ results: RIDES, totalCount: 45, totalPages: 3, currentPage: 1 });
  return renderInRemix(() => (
    <PlainMarkupContext.Provider value={writer}>
      <ActivitiesTab firstPage={firstPage} sort="desc" otherPlatform={otherPlatform} allTime={null} average={null} />
    </PlainMarkupContext.Provider>
  ));
}

describe('the ACTIVITIES table written as plain markup (decision 161)', () => {
  it('is the markup React writes, rider-typed text escaped, with and without the Other Platform column', async () => {
    for (const otherPlatform of [false, true]) {
      const html = await expectPlainMarkupAsReact((writer) => tabMarkup(writer, otherPlatform));
      expect(html.match(/data-testid="activity-row"/g)).toHaveLength(20);
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quotes&#x27;');
      expect(html).not.toContain('<script>alert');
    }
  });
});
