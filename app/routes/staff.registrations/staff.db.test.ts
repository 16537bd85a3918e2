import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { events, registrations } from '~/db/schema';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { action as saveEvent } from '../staff.events_.$id/route';
import { action as decide, loader as listRegistrations } from './route';

setUpTestDatabase();

function eventForm(fields: Record<string, string>) {
  const form = new URLSearchParams({ name: 'Staff race', date: '2030-05-01', time: '19:00', capacity: '40', distanceKm: '32.5', accept: 'on', ...fields });
  form.append('categories[0].time', '19:00');
  form.append('categories[0].distanceKm', '32.5');
  form.append('categories[0].elevationM', '210');
  return form;
}

async function post(userId: string, url: string, body: URLSearchParams) {
  const { request } = await signedInRequest(userId, url, { method: 'POST', body });
  return request;
}

describe('staff pages', () => {
  it('lets staff create an event with sanitised details, and refuses riders', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const body = eventForm({ detailsHtml: '<p onclick="x()">Hello</p><script>alert(1)</script>', otp: 'on' });
    const refused = await saveEvent({ request: await post(rider.id, 'http://localhost/staff/events/new', body), params: { id: 'new' }, context: {} }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const response = await saveEvent({ request: await post(staff.id, 'http://localhost/staff/events/new', body), params: { id: 'new' }, context: {} });
    expect((response as Response).headers.get('Location')).toBe('/staff/events');
    const [saved] = await db().select().from(events).where(eq(events.name, 'Staff race'));
    expect(saved.detailsHtml).toBe('<p>Hello</p>');
    expect(saved.otp).toBe(true);
    expect(saved.categories).toEqual({ 'Category 1': { time: '19:00', distanceKm: 32.5, elevationM: 210 } });
  });

  it('lets staff approve a pending registration', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const [event] = await db().insert(events).values({ name: 'Review race', date: '2030-06-01', time: '18:00', capacity: 5, distanceKm: 20 }).returning();
    const [registration] = await db()
      .insert(registrations)
      .values({
        eventId: event.id,
        userId: rider.id,
        category: 'Category 1',
        wkg: 3,
        firstName: 'R',
        lastName: 'One',
        email: rider.email,
        gender: 0,
        heightCm: 180,
        weightKg: 70,
        ftp: 210,
      })
      .returning();
    const { request } = await signedInRequest(staff.id, 'http://localhost/staff/registrations?status=pending');
    const listed = await listRegistrations({ request, params: {}, context: {} });
    expect(listed.registrations.map((row) => row.id)).toContain(registration.id);
    await decide({
      request: await post(
        staff.id,
        'http://localhost/staff/registrations',
        new URLSearchParams({ registrationId: String(registration.id), decision: 'approved' }),
      ),
      params: {},
      context: {},
    });
    const [after] = await db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(after.status).toBe('approved');
  });
});
