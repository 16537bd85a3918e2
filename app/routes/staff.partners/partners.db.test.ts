import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { oauthClients } from '~/db/schema';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { useTestDatabase } from '../../../tests/helpers/db';
import { action, loader } from './route';

useTestDatabase();

function post(cookie: string, fields: Record<string, string>) {
  return new Request('http://localhost/staff/partners', { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

describe('/staff/partners', () => {
  it('is for staff only', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/staff/partners');
    const refused = (await loader({ request, params: {}, context: {} }).catch((error: unknown) => error)) as Response;
    expect(refused.status).toBe(403);
  });

  it('registers a confidential partner with exact https redirect URIs; the secret is shown once and stored hashed', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const { cookie } = await signedInRequest(staff.id);
    const invalid = await action({ request: post(cookie, { intent: 'register', name: 'Coach', website: 'https://coach.example', redirectUris: 'http://coach.example/cb' }), params: {}, context: {} });
    expect(invalid).toMatchObject({ init: { status: 400 } });
    const result = (await action({
      request: post(cookie, { intent: 'register', name: 'Coach', website: 'https://coach.example', redirectUris: 'https://coach.example/cb\nhttp://127.0.0.1:9000/cb', confidential: 'on' }),
      params: {},
      context: {},
    })) as { registered: { clientId: string; clientSecret: string } };
    const [row] = await db().select().from(oauthClients).where(eq(oauthClients.id, result.registered.clientId));
    expect(row.redirectUris).toEqual(['https://coach.example/cb', 'http://127.0.0.1:9000/cb']);
    expect(row.secretHash).not.toBeNull();
    expect(row.secretHash).not.toBe(result.registered.clientSecret);
    await action({ request: post(cookie, { intent: 'delete', clientId: row.id }), params: {}, context: {} });
    expect(await db().$count(oauthClients, eq(oauthClients.id, row.id))).toBe(0);
  });
});
