import { describe, expect, it } from 'vitest';
import { thrownResponse } from '../../../tests/helpers/responses';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { loader as loginLoader } from '../auth.login/route';
import { action as sessionAction } from '../auth.session/route';
import { loader as walletLoader } from '../wallet._index/route';
import { action as logoutAction } from './route';

setUpTestDatabase();

/** A signed-in rider's Log Out post, as the form sends it (`from` left out when undefined). */
async function logOutPost(url: string, from?: string) {
  const user = await createTestUser();
  const body = new URLSearchParams(from === undefined ? {} : { from });
  const { request, cookie } = await signedInRequest(user.id, url, { method: 'POST', body });
  const probe = new Request('http://localhost/', { headers: { Cookie: cookie } });
  return { request, probe };
}

const clearsBothCookies = (response: Response) => {
  const cleared = response.headers.getSetCookie();
  return cleared.some((value) => value.startsWith('paceline_uuid=;')) && cleared.some((value) => value.startsWith('paceline_token=;'));
};

describe('Log Out from a page (decision 180)', () => {
  it('ends the session and goes back to the page; a page that needs a rider then sends to login with its path and session_expired', async () => {
    const { request, probe } = await logOutPost('http://localhost/auth/logout', '/wallet?page=2');
    const response = (await logoutAction({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/wallet?page=2');
    expect(clearsBothCookies(response)).toBe(true);
    expect(await getOptionalUser(probe)).toBeNull();
    // The browser follows with the cookies cleared: the wallet's guard answers.
    const guard = await thrownResponse(walletLoader({ request: new Request('http://localhost/wallet?page=2'), params: {}, context: {} }));
    expect(guard.headers.get('Location')).toBe('/auth/login?redirect=%2Fwallet%3Fpage%3D2&reason=session_expired');
  });

  it.each([
    ['a public page stays', '/events', '/events'],
    ['a sign-in page gives login', '/auth/logout', '/auth/login'],
    ['no page gives login', undefined, '/auth/login'],
    ['another site gives login', '//evil.example/x', '/auth/login'],
    ['an absolute address elsewhere gives login', 'https://evil.example/', '/auth/login'],
  ])('%s', async (_, from, to) => {
    const { request } = await logOutPost('http://localhost/auth/logout', from);
    const response = (await logoutAction({ request, params: {}, context: {} })) as Response;
    expect(response.headers.get('Location')).toBe(to);
  });

  it('logs out a bare POST without a form too, back to login', async () => {
    const user = await createTestUser();
    const { request, cookie } = await signedInRequest(user.id, 'http://localhost/auth/logout', { method: 'POST' });
    const response = (await logoutAction({ request, params: {}, context: {} })) as Response;
    expect(response.headers.get('Location')).toBe('/auth/login');
    expect(await getOptionalUser(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("answers the session machine's post as data, with the same logout", async () => {
    const { request, probe } = await logOutPost('http://localhost/auth/session', '/user/profile');
    const response = await sessionAction({ request, params: {}, context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ to: '/user/profile' });
    expect(clearsBothCookies(response)).toBe(true);
    expect(await getOptionalUser(probe)).toBeNull();
  });
});

describe('/auth/login?action=logout (spec 1 §4, decision 180)', () => {
  async function visit(query: string, fetchSite: string | null) {
    const user = await createTestUser();
    const headers: Record<string, string> = fetchSite ? { 'Sec-Fetch-Site': fetchSite } : {};
    const { request, cookie } = await signedInRequest(user.id, `http://localhost/auth/login${query}`, { headers });
    const response = await thrownResponse(loginLoader({ request, params: {}, context: {} }));
    const stillSignedIn = Boolean(await getOptionalUser(new Request('http://localhost/', { headers: { Cookie: cookie } })));
    return { response, stillSignedIn };
  }

  it.each(['same-origin', 'none'])('logs out at once when the request is the rider’s own (Sec-Fetch-Site: %s), keeping the rest of the query', async (site) => {
    const { response, stillSignedIn } = await visit('?action=logout&redirect=%2Fwallet', site);
    expect(response.headers.get('Location')).toBe('/auth/login?redirect=%2Fwallet');
    expect(clearsBothCookies(response)).toBe(true);
    expect(stillSignedIn).toBe(false);
  });

  it.each(['cross-site', 'same-site', null])(
    'asks to confirm, changing nothing, when the link came from elsewhere or does not say (Sec-Fetch-Site: %s)',
    async (site) => {
      const { response, stillSignedIn } = await visit('?action=logout', site);
      expect(response.headers.get('Location')).toBe('/auth/logout');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(stillSignedIn).toBe(true);
    },
  );

  it('shows the login page to a visitor who is not signed in', async () => {
    const request = new Request('http://localhost/auth/login?action=logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    const answer = await loginLoader({ request, params: {}, context: {} });
    expect(answer).not.toBeInstanceOf(Response);
  });
});
