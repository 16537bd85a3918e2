import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { writeFlow } from '~/services/platform/flow-state.server';
import { issueVerification } from '~/services/accounts/verification.server';
import { loader as loginLoader } from '../auth.login/route';
import { action } from './route';

setUpTestDatabase();

const cookiePair = (setCookie: string) => setCookie.split(';')[0];

describe('verify account by code', () => {
  it('shows the error under the field, then activates the account and clears the stored key', async () => {
    const user = await createTestUser({ status: 'pending' });
    const issued = await issueVerification(user.id, 'verify-email', user.email);
    const Cookie = cookiePair(await writeFlow('verify', { key: issued.key, email: user.email }));
    const wrong = issued.code === '000000' ? '111111' : '000000';
    const rejected = (await action({ request: formRequest('http://localhost/auth/verification', { otp: wrong }, { Cookie }), params: {}, context: {} })) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(rejected.data.result.error.otp).toEqual(['The code is invalid or has expired.']);
    const accepted = (await action({
      request: formRequest('http://localhost/auth/verification', { otp: issued.code }, { Cookie }),
      params: {},
      context: {},
    })) as Response;
    expect(accepted.headers.get('Location')).toBe('/auth/login');
    expect(accepted.headers.getSetCookie().some((cookie) => cookie.startsWith('paceline_verify=;'))).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.status).toBe('active');
  });
});

describe('login page loader', () => {
  const load = (url: string, headers: HeadersInit = {}) => loginLoader({ request: new Request(url, { headers }), params: {}, context: {} });

  it('flags an expired session for the warning toast and keeps the guard redirect', async () => {
    const reply = (await load('http://localhost/auth/login?redirect=%2Fevent%2F3&reason=token_expired')) as {
      data: { sessionExpired: boolean; redirectTo: string };
    };
    expect(reply.data).toMatchObject({ sessionExpired: true, redirectTo: '/event/3' });
  });

  it('stores redirect_to server-side for after sign-in', async () => {
    const reply = (await load('http://localhost/auth/login?redirect_to=%2Fwallet')) as { init: { headers: Headers } };
    expect(new Headers(reply.init.headers).get('Set-Cookie')).toMatch(/^paceline_redirect=/);
  });

  it('sends a signed-in rider to the profile, and action=logout asks to confirm without signing out', async () => {
    const user = await createTestUser();
    const { request } = await signedInRequest(user.id, 'http://localhost/auth/login');
    const Cookie = request.headers.get('Cookie') ?? '';
    await expect(load('http://localhost/auth/login?redirect_to=%2Fwallet', { Cookie })).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) });
    const thrown = await load('http://localhost/auth/login', { Cookie }).catch((error: Response) => error);
    expect((thrown as Response).headers.get('Location')).toBe('/user/profile');
    const loggedOut = await load('http://localhost/auth/login?action=logout', { Cookie }).catch((error: Response) => error);
    expect((loggedOut as Response).headers.get('Location')).toBe('/auth/logout');
    const stillSignedIn = await load('http://localhost/auth/login', { Cookie }).catch((error: Response) => error);
    expect((stillSignedIn as Response).headers.get('Location')).toBe('/user/profile');
  });
});
