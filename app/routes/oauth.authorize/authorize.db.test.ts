import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '~/db/client.server';
import { networkConnections, oauthClients, oauthCodes } from '~/db/schema';
import { PARTNER_MESSAGES } from '~/lib/connections/partners';
import { handleSandboxRequest } from '~/services/connections/sandbox.server';
import { registerPartnerClient } from '~/services/connections/partners/oauth-server.server';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { action as connectionsAction } from '../user.connections/route';
import { loader as callbackLoader } from '../oauth.$network.($source)/route';
import { action as decisionAction } from '../oauth.decision/route';
import { action as tokenAction } from '../oauth.token/route';
import { action as revokeAction } from '../oauth.revoke/route';
import { loader } from './route';

setUpTestDatabase();

const REDIRECT = 'https://loader-partner.example/cb';
const VERIFIER = 'loader-test-verifier-0123456789-0123456789-0123456789';
let clientId: string;

beforeAll(async () => {
  clientId = (await registerPartnerClient({ name: 'Loader Partner', website: 'https://loader-partner.example', redirectUris: [REDIRECT], confidential: false }))
    .clientId;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => handleSandboxRequest(new Request(input, init)));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function authorizeUrl(overrides: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    state: 'abc',
    code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  });
  return `http://localhost/oauth/authorize?${query}`;
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  return (await promise.then(
    (value) => value,
    (error: unknown) => error,
  )) as Response;
}

describe('/oauth/authorize and the partner endpoints', () => {
  it('a visitor goes to login with the full path kept', async () => {
    const url = authorizeUrl();
    const response = await thrown(loader({ request: new Request(url), params: {}, context: {} }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('Location') as string, 'http://localhost');
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('redirect')).toBe(url.replace('http://localhost', ''));
  });

  it('an unregistered redirect_uri is shown as an error, not redirected to, and a decision for it stores nothing', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, authorizeUrl({ redirect_uri: 'https://evil.example/cb' }));
    const result = await loader({ request, params: {}, context: {} });
    expect(result).toMatchObject({ init: { status: 400 }, data: { error: 'The redirect address is not registered for this application.' } });
    const decision = await signedInRequest(
      rider.id,
      `http://localhost/oauth/decision?${new URL(authorizeUrl({ redirect_uri: 'https://evil.example/cb' })).search.slice(1)}`,
      {
        method: 'POST',
        body: new URLSearchParams({ decision: 'authorize' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      },
    );
    const refused = await decisionAction({ request: decision.request, params: {}, context: {} });
    expect(refused.status).toBe(400);
    expect(await db().$count(oauthCodes, eq(oauthCodes.userId, rider.id))).toBe(0);
  });

  it('Authorize redirects to the registered URI with code and state; the token endpoint takes it once', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, `http://localhost/oauth/decision${new URL(authorizeUrl()).search}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'authorize' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const response = await decisionAction({ request, params: {}, context: {} });
    const location = new URL(response.headers.get('Location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('abc');
    const exchange = () =>
      tokenAction({
        request: new Request('http://localhost/oauth/token', {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: location.searchParams.get('code') as string,
            redirect_uri: REDIRECT,
            client_id: clientId,
            code_verifier: VERIFIER,
          }),
        }),
        params: {},
        context: {},
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    const second = await exchange();
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a child account sees why it cannot authorize, and its decision stores no code (issue 25 item 3)', async () => {
    const child = await createTestUser({ isKid: true, parentEmail: 'parent@example.com', dob: '2013-03-03' });
    const { request } = await signedInRequest(child.id, authorizeUrl());
    expect(await loader({ request, params: {}, context: {} })).toMatchObject({ init: { status: 403 }, data: { error: PARTNER_MESSAGES.childAccount } });
    const decision = await signedInRequest(child.id, `http://localhost/oauth/decision${new URL(authorizeUrl()).search}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'authorize' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    });
    const refused = await decisionAction({ request: decision.request, params: {}, context: {} });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: PARTNER_MESSAGES.childAccount });
    expect(await db().$count(oauthCodes, eq(oauthCodes.userId, child.id))).toBe(0);
  });

  it('the consent page links no website that is not https, rows stored before the rule included (issue 25 item 6)', async () => {
    await db().update(oauthClients).set({ website: 'javascript:alert(document.cookie)' }).where(eq(oauthClients.id, clientId));
    try {
      const rider = await createTestUser();
      const { request } = await signedInRequest(rider.id, authorizeUrl());
      expect(await loader({ request, params: {}, context: {} })).toMatchObject({ client: { name: 'Loader Partner', website: null } });
    } finally {
      await db().update(oauthClients).set({ website: 'https://loader-partner.example' }).where(eq(oauthClients.id, clientId));
    }
  });

  it('HTTP Basic credentials that are not valid %-encoding are a 400 at the token and revocation endpoints (issue 25 item 4)', async () => {
    for (const credentials of ['%zz:x', 'ok:%E0%A4%A', '%:%', '\u0000:', 'id:%00']) {
      const basic = { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' };
      for (const [path, run] of [
        ['/oauth/token', tokenAction],
        ['/oauth/revoke', revokeAction],
      ] as const) {
        const answer = await run({
          request: new Request(`http://localhost${path}`, { method: 'POST', body: 'grant_type=authorization_code&code=x&token=x', headers: basic }),
          params: {},
          context: {},
        });
        expect(answer.status, `${path} ${credentials}`).toBe(400);
        expect(await answer.json()).toEqual({
          error: 'invalid_request',
          error_description: 'The HTTP Basic client credentials are not validly %-encoded text.',
        });
      }
    }
  });

  it('the network callback with a wrong state ends on the Connections tab with the error and stores nothing', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/oauth/strava?state=forged&code=whatever');
    const response = (await callbackLoader({ request, params: { network: 'strava' }, context: {} })) as Response;
    expect(response.headers.get('Location')).toBe('/user/profile?tab=connections&network=strava&outcome=failed');
    expect(await db().$count(networkConnections, eq(networkConnections.userId, rider.id))).toBe(0);
  });

  it('Connect then the callback from the same session connects; its replay fails', async () => {
    const rider = await createTestUser();
    const start = await signedInRequest(rider.id, 'http://localhost/user/connections', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'connect', network: 'todaysplan' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const toProvider = await connectionsAction({ request: start.request, params: {}, context: {} });
    const allowed = await handleSandboxRequest(
      new Request(toProvider.headers.get('Location') as string, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'allow' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    const back = new URL(allowed.headers.get('Location') as string);
    const callback = () => new Request(`http://localhost${back.pathname}${back.search}`, { headers: start.request.headers });
    const done = (await callbackLoader({ request: callback(), params: { network: 'todaysplan' }, context: {} })) as Response;
    expect(done.headers.get('Location')).toBe('/user/profile?tab=connections&network=todaysplan&outcome=connected');
    const replay = (await callbackLoader({ request: callback(), params: { network: 'todaysplan' }, context: {} })) as Response;
    expect(replay.headers.get('Location')).toContain('outcome=failed');
    expect(await db().$count(networkConnections, eq(networkConnections.userId, rider.id))).toBe(1);
  });
});
