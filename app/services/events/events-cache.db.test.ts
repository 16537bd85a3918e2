import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { events } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createEvent, listFeaturedEvents, updateEvent, type EventInput } from './events.server';

setUpTestDatabase();

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

describe('the featured events cache (decisions 101 and 145)', () => {
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

  it('reads again after any write to events, even one that bypasses the events service', async () => {
    const id = await createEvent({ ...featured, name: 'Race changed elsewhere' });
    expect(await names()).toContain('Race changed elsewhere');
    await db().update(events).set({ name: 'Changed by another service' }).where(eq(events.id, id));
    expect(await names()).toContain('Changed by another service');
  });
});
