import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '~/db/client.server';
import { events } from '~/db/schema';
import { PUBLIC_LIST_CACHE_TTL_MS } from '~/lib/constants';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createEvent, listFeaturedEvents, updateEvent, type EventInput } from './events.server';

useTestDatabase();

const featured: EventInput = {
  name: 'Featured race',
  date: '2031-03-01',
  time: '18:00',
  capacity: 10,
  distanceKm: 30,
  eventType: 'featured',
  categories: {},
};

const names = async () => (await listFeaturedEvents()).map((event) => event.name);

describe('the featured events cache (decision 101)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a new or changed featured event on the next request after a write', async () => {
    const before = await names();
    const id = await createEvent({ ...featured, name: 'Brand new featured race' });
    expect(await names()).toEqual([...before, 'Brand new featured race']);

    await updateEvent(id, { name: 'Renamed featured race' });
    expect(await names()).toContain('Renamed featured race');
    expect(await names()).not.toContain('Brand new featured race');

    await updateEvent(id, { eventType: 'all' });
    expect(await names()).not.toContain('Renamed featured race');
  });

  it('reads again once the TTL has passed after a write it did not see (another process)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = await createEvent({ ...featured, name: 'Race changed elsewhere' });
    expect(await names()).toContain('Race changed elsewhere');

    // A write that bypasses this process's services, as another server process's would.
    await db().update(events).set({ name: 'Changed by another process' }).where(eq(events.id, id));
    expect(await names()).toContain('Race changed elsewhere');

    vi.setSystemTime(Date.now() + PUBLIC_LIST_CACHE_TTL_MS + 1);
    expect(await names()).toContain('Changed by another process');
  });
});
