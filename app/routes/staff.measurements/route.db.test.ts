import { describe, expect, it } from 'vitest';
import { loader as activitiesLoader } from '~/routes/user.activities/route';
import { latestVerifiedHeight } from '~/services/staff/verified-measurements.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action, loader } from './route';

setUpTestDatabase();

interface Reply {
  status: number;
  body: unknown;
  location: string | null;
}

/** The action's answer: a redirect Response, a thrown 403, or data(reply, { status }). */
async function post(userId: string, fields: Record<string, string>): Promise<Reply> {
  const { request } = await signedInRequest(userId, 'http://localhost/staff/measurements', { method: 'POST', body: new URLSearchParams(fields) });
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null, location: result.headers.get('Location') };
  const reply = result as { data: unknown; init?: { status?: number } };
  return { status: reply.init?.status ?? 200, body: reply.data, location: null };
}

async function riderHeader(userId: string) {
  const { request } = await signedInRequest(userId, 'http://localhost/user/activities');
  return (await activitiesLoader({ request, params: {}, context: {} })).rider;
}

const errorsOf = (reply: Reply) => JSON.stringify(reply.body);

describe('/staff/measurements', () => {
  it('is for staff only', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/staff/measurements');
    await expect(loader({ request, params: {}, context: {} })).rejects.toMatchObject({ status: 403 });
    expect((await post(rider.id, { email: rider.email, heightCm: '170', measuredOn: '2026-01-01' })).status).toBe(403);
    expect(await latestVerifiedHeight(rider.id)).toBeNull();
  });

  it("records a rider's height and the rider page shows it verified at once (cache invalidated)", async () => {
    const rider = await createTestUser({ heightCm: 175 });
    const staff = await createTestUser({ role: 'staff' });
    expect(await riderHeader(rider.id)).toMatchObject({ heightCm: 175, heightVerified: false });
    const response = await post(staff.id, { email: rider.email, heightCm: '176.5', measuredOn: '2026-01-15' });
    expect(response.status).toBe(302);
    expect(response.location).toBe('/staff/measurements');
    expect(await riderHeader(rider.id)).toMatchObject({ heightCm: 176.5, heightVerified: true });
  });

  it('answers 400 with the reason: unknown rider, no value, out of range', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const unknown = await post(staff.id, { email: 'nobody@paceline.local', heightCm: '170', measuredOn: '2026-01-01' });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)).toContain('No rider with this email.');
    const empty = await post(staff.id, { email: rider.email, measuredOn: '2026-01-01' });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)).toContain('Enter a weight, a height or both.');
    const tall = await post(staff.id, { email: rider.email, heightCm: '400', measuredOn: '2026-01-01' });
    expect(errorsOf(tall)).toContain('Height must be between 50 and 250 cm.');
    expect(await latestVerifiedHeight(rider.id)).toBeNull();
  });
});
