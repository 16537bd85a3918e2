import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { events, registrations } from '~/db/schema';
import { seedDatabase } from '~/services/seed';
import { listFeaturedEvents } from '~/services/events/events.server';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { action, loader } from './route';

setUpTestDatabase();

describe('event wizard page', () => {
  it('shows a visitor the login prompt instead of the wizard, and still refuses their post', async () => {
    const [event] = await db().insert(events).values({ name: 'Visitor race', date: '2030-02-01', time: '18:00', capacity: 5, distanceKm: 20 }).returning();
    const visitor = new Request(`http://localhost/event/${event.id}`);
    expect(await loader({ request: visitor, params: { id: String(event.id) }, context: {} })).toEqual({
      signedIn: false,
      event: { id: event.id, name: 'Visitor race' },
    });
    const missing = await loader({ request: visitor, params: { id: '999999' }, context: {} }).catch((error: unknown) => error);
    expect((missing as Response).status).toBe(404);
    const post = await action({
      request: new Request(`http://localhost/event/${event.id}`, { method: 'POST', body: new FormData() }),
      params: { id: String(event.id) },
      context: {},
    }).catch((error: unknown) => error);
    expect((post as Response).headers.get('Location')).toMatch(/^\/auth\/login\?redirect=/);
    expect(await db().select().from(registrations)).toEqual([]);
  });

  it('sends a rider who is already registered to the events list', async () => {
    const rider = await createTestUser();
    const [event] = await db()
      .insert(events)
      .values({ name: 'Wizard race', date: '2030-02-01', time: '18:00', capacity: 5, distanceKm: 20, device: true })
      .returning();
    const { request } = await signedInRequest(rider.id, `http://localhost/event/${event.id}`);
    const open = await loader({ request, params: { id: String(event.id) }, context: {} });
    expect(open.requirements).toEqual({ identification: false, device: true, team: false, otp: false });
    await db().insert(registrations).values({
      eventId: event.id,
      userId: rider.id,
      category: 'Category 1',
      wkg: 3,
      firstName: 'A',
      lastName: 'B',
      email: rider.email,
      gender: 0,
      heightCm: 180,
      weightKg: 70,
      ftp: 210,
    });
    const { request: again } = await signedInRequest(rider.id, `http://localhost/event/${event.id}`);
    const redirect = await loader({ request: again, params: { id: String(event.id) }, context: {} }).catch((error: unknown) => error);
    expect((redirect as Response).headers.get('Location')).toBe('/events');
  });

  it('registers without JavaScript: one multipart post to the page, thank-you or a 400 with the messages', async () => {
    const rider = await createTestUser();
    const [event] = await db().insert(events).values({ name: 'No-JS race', date: '2030-03-01', time: '18:00', capacity: 1, distanceKm: 20 }).returning();
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries({
        disclaimer: 'on',
        firstName: 'N',
        lastName: 'J',
        email: 'nj@example.com',
        gender: '0',
        height: '175',
        weight: '70',
        ftp: '210',
        ...fields,
      })) {
        body.append(key, value);
      }
      return body;
    };
    const post = async (userId: string, body: FormData) => {
      const { request } = await signedInRequest(userId, `http://localhost/event/${event.id}`, { method: 'POST', body });
      return action({ request, params: { id: String(event.id) }, context: {} }).catch((error: unknown) => error);
    };
    const refused = (await post(rider.id, form({ height: '99' }))) as { data: { messages: string[] }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.messages).toEqual(['Height must be between 100 and 300.']);
    const accepted = (await post(rider.id, form({}))) as Response;
    expect(accepted.headers.get('Location')).toBe(`/event/${event.id}/thank-you`);
    const other = await createTestUser();
    const full = (await post(other.id, form({}))) as { data: { messages: string[] } };
    expect(full.data.messages).toEqual(['The room is already fill for this event.']);
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
