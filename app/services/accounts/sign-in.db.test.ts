import { describe, expect, it, vi } from 'vitest';
import { OUTCOME_FIELD, OUTCOME_FIELD_VALUE } from '~/lib/sign-in';
import { action as loginAction } from '~/routes/auth.login/route';
import { loader as sessionLoader } from '~/routes/auth.session/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { revokeSession } from './session.server';

setUpTestDatabase();

type Answer = {
  data: { outcome?: { kind: string; to?: string; destination?: string; retryAfterSeconds?: number } };
  init: { headers?: Headers; status?: number } | null;
};

async function login(fields: Record<string, string>, url = 'http://localhost/auth/login') {
  const request = formRequest(url, { password: 'right-password', altcha: await solvedRobotCheck(), ...fields });
  return loginAction({ request, params: {}, context: {} });
}

const withOutcome = { [OUTCOME_FIELD]: OUTCOME_FIELD_VALUE };

describe('one answer for every sign-in outcome (decision 136)', () => {
  it('a page whose script runs gets the outcome as data, with the session cookies; without the field, the redirect', async () => {
    const user = await createTestUser({ password: 'right-password' });
    const data = (await login({ email: user.email, redirectTo: '/event/7', ...withOutcome })) as unknown as Answer;
    expect(data.data.outcome).toEqual({ kind: 'signedIn', destination: 'storedPath', to: '/event/7' });
    expect(data.init?.headers?.getSetCookie().some((cookie) => cookie.startsWith('paceline_token='))).toBe(true);
    const redirected = (await login({ email: user.email, redirectTo: '/event/7' })) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('Location')).toBe('/event/7');
  });

  it('names the redirect chain: a partner authorization waiting, the stored path, else the profile; d=m stays on it', async () => {
    const user = await createTestUser({ password: 'right-password' });
    const partner = (await login({ email: user.email, redirectTo: '/oauth/authorize?client_id=demo', ...withOutcome })) as unknown as Answer;
    expect(partner.data.outcome).toMatchObject({ destination: 'partnerAuthorization', to: '/oauth/authorize?client_id=demo' });
    const plain = (await login({ email: user.email, ...withOutcome })) as unknown as Answer;
    expect(plain.data.outcome).toMatchObject({ destination: 'profile', to: '/user/activities#profile' });
    const inApp = (await login({ email: user.email, d: 'm' })) as Response;
    expect(inApp.headers.get('Location')).toBe('/user/activities?d=m#profile');
    const inAppByQuery = (await login({ email: user.email, redirectTo: '/event/7' }, 'http://localhost/auth/login?d=m')) as Response;
    expect(inAppByQuery.headers.get('Location')).toBe('/event/7?d=m');
  });

  it('answers the outcomes that stop a sign-in as themselves: consent pending, reset required, wrong credentials, the wait', async () => {
    const child = await createTestUser({ password: 'right-password', isKid: true, status: 'pending' });
    const consent = (await login({ email: child.email, ...withOutcome })) as unknown as Answer;
    expect(consent.data.outcome?.kind).toBe('parentalConsentPending');
    // No age: a child's date of birth is never kept (decision 177).
    expect(consent.data.outcome?.to).toBe(`/parental-consent?childUserId=${child.id}`);
    expect(consent.init?.headers?.getSetCookie().some((cookie) => cookie.startsWith('paceline_consent='))).toBe(true);
    const legacy = await createTestUser({ password: 'right-password', passwordResetRequired: true });
    const reset = (await login({ email: legacy.email, ...withOutcome })) as unknown as Answer;
    expect(reset.data.outcome).toMatchObject({ kind: 'passwordResetRequired' });
    const wrong = (await login({ email: legacy.email, password: 'wrong-password', ...withOutcome })) as unknown as Answer;
    expect(wrong.data.outcome).toEqual({ kind: 'wrongCredentials' });
    let last: Answer | undefined;
    // The clock stands still: on a loaded machine the seventh attempt could otherwise come after the
    // backoff's first one-second wait ended (as login.db.test.ts does).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let attempt = 0; attempt < 7; attempt += 1)
        last = (await login({ email: 'nobody@example.com', password: 'whatever1', ...withOutcome })) as unknown as Answer;
    } finally {
      vi.useRealTimers();
    }
    expect(last?.data.outcome?.kind).toBe('tooManyAttempts');
    expect(last?.data.outcome?.retryAfterSeconds).toBeGreaterThan(0);
    expect(last?.init?.status).toBe(429);
    // Every attempt verifies a password hash (argon2): they take a while on a loaded machine.
  }, 90_000);
});

describe('the session check (decision 135)', () => {
  const ask = async (request: Request) => (await sessionLoader({ request, params: {}, context: {} })).json();

  it('tells a valid session, missing cookies and a session ended elsewhere apart', async () => {
    const user = await createTestUser();
    const { request, sessionId } = await signedInRequest(user.id, 'http://localhost/auth/session');
    expect(await ask(request)).toMatchObject({ status: 'valid', signedIn: true });
    expect(await ask(new Request('http://localhost/auth/session'))).toMatchObject({ status: 'expired', reason: 'session_expired', signedIn: false });
    // A logout on another device deletes the row while this browser's token still runs.
    await revokeSession(sessionId, user.id);
    expect(await ask(request)).toMatchObject({ status: 'revoked', signedIn: false });
  });
});
