import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { oauthClients } from '~/db/schema';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { applyProductionEnv } from '../../../tests/helpers/production-env';
import { action, loader } from './route';

setUpTestDatabase();

function post(cookie: string, fields: Record<string, string>) {
  return new Request('http://localhost/staff/partners', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
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
    const invalid = await action({
      request: post(cookie, { intent: 'register', name: 'Coach', website: 'https://coach.example', redirectUris: 'http://coach.example/cb' }),
      params: {},
      context: {},
    });
    expect(invalid).toMatchObject({ init: { status: 400 } });
    const result = (await action({
      request: post(cookie, {
        intent: 'register',
        name: 'Coach',
        website: 'https://coach.example',
        redirectUris: 'https://coach.example/cb\nhttp://127.0.0.1:9000/cb',
        confidential: 'on',
      }),
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

  it('accepts only an https website (http on this machine outside production) (issue 25 item 6)', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const { cookie } = await signedInRequest(staff.id);
    const register = (website: string) =>
      action({
        request: post(cookie, { intent: 'register', name: 'Site Check', website, redirectUris: 'https://site-check.example/cb' }),
        params: {},
        context: {},
      });
    const before = await db().$count(oauthClients);
    for (const website of ['javascript:alert(1)', 'data:text/html,x', 'http://site-check.example', 'https://user:pw@site-check.example', 'vbscript:msgbox']) {
      const refused = await register(website);
      expect(refused, website).toMatchObject({ init: { status: 400 }, data: { result: { error: { website: ['Enter the partner website (https://…).'] } } } });
    }
    expect(await db().$count(oauthClients)).toBe(before);
    expect(await register('http://127.0.0.1:8765/')).toMatchObject({ registered: { name: 'Site Check' } });
    const restore = applyProductionEnv();
    try {
      const { cookie: productionCookie } = await signedInRequest(staff.id);
      const refused = await action({
        request: post(productionCookie, {
          intent: 'register',
          name: 'Site Check',
          website: 'http://127.0.0.1:8765/',
          redirectUris: 'https://site-check.example/cb',
        }),
        params: {},
        context: {},
      });
      expect(refused).toMatchObject({ init: { status: 400 }, data: { result: { error: { website: ['Enter the partner website (https://…).'] } } } });
    } finally {
      restore();
    }
  });
});
