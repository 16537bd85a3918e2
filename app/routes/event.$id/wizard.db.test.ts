import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { events, registrations } from '~/db/schema';
import { seedDatabase } from '~/db/seed';
import { listFeaturedEvents } from '~/services/events.server';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { useTestDatabase } from '../../../tests/helpers/db';
import { loader } from './route';

useTestDatabase();

describe('event wizard page', () => {
  it('sends a rider who is already registered to the events list', async () => {
    const rider = await createTestUser();
    const [event] = await db().insert(events).values({ name: 'Wizard race', date: '2030-02-01', time: '18:00', capacity: 5, distanceKm: 20, device: true }).returning();
    const { request } = await signedInRequest(rider.id, `http://localhost/event/${event.id}`);
    const open = await loader({ request, params: { id: String(event.id) }, context: {} });
    expect(open.requirements).toEqual({ identification: false, device: true, team: false, otp: false });
    await db()
      .insert(registrations)
      .values({ eventId: event.id, userId: rider.id, category: 'Category 1', wkg: 3, firstName: 'A', lastName: 'B', email: rider.email, gender: 0, heightCm: 180, weightKg: 70, ftp: 210 });
    const { request: again } = await signedInRequest(rider.id, `http://localhost/event/${event.id}`);
    const redirect = await loader({ request: again, params: { id: String(event.id) }, context: {} }).catch((error: unknown) => error);
    expect((redirect as Response).headers.get('Location')).toBe('/events');
  });

  it('seeds a realistic, idempotent set and lists featured events for the home page', async () => {
    await seedDatabase(db());
    const first = await db().select().from(events);
    await seedDatabase(db());
    expect(await db().select().from(events)).toHaveLength(first.length);
    const featured = await listFeaturedEvents();
    expect(featured.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(featured[0]).sort()).toEqual(['date', 'id', 'image', 'name']);
    expect(first.some((event) => event.dailyRide)).toBe(true);
    expect(first.some((event) => !event.accept)).toBe(true);
    expect(first.some((event) => event.gender === 1)).toBe(true);
    expect(first.some((event) => event.prizeMoney?.templateType === 'SERIES' && event.prizeMoney.day.length > 0)).toBe(true);
  });
});
