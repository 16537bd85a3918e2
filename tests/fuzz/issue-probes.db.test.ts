import { beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '~/lib/paging';
import * as oauthAuthorize from '~/routes/oauth.authorize/route';
import * as oauthDecision from '~/routes/oauth.decision/route';
import * as partnerActivities from '~/routes/api.partner.activities/route';
import * as shopPaymentInfo from '~/routes/api.garage.payment.info/route';
import * as teams from '~/routes/teams/route';
import * as walletPage from '~/routes/wallet._index/route';
import * as walletTransactions from '~/routes/wallet.transactions/route';
import * as webhook from '~/routes/api.garage.payment.webhook/route';
import { sandboxWebhookSecret } from '~/services/adapters/payments/index.server';
import { signWebhook, SIGNATURE_HEADER, WEBHOOK_REFUSALS } from '~/services/adapters/payments/signature.server';
import { REQUEST_REFUSALS } from '~/services/platform/security.server';
import { siteOrigin } from '~/services/platform/site-origin.server';
import { setUpTestDatabase } from '../helpers/db';
import { changedBetween, createIdentities, fingerprint, get, IdentitySessions, post, type Answer, type Identity } from './harness';
import { routeTable, urlOf, type RouteModule } from './route-table';

/**
 * Issue 35 items 1–4: each probe of the fourth round, replayed through the screen and the route
 * as server.mjs runs them. Each answers 4xx with a message that says what was wrong, and
 * changes no row and no file.
 */
setUpTestDatabase();

let sessions: IdentitySessions;
beforeAll(async () => {
  sessions = new IdentitySessions(await createIdentities());
}, 60_000);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

async function sent(identity: Identity, path: string, init: RequestInit = {}): Promise<Request> {
  const headers = new Headers(init.headers);
  const { cookie } = await sessions.cookieOf(identity);
  if (cookie) headers.set('Cookie', cookie);
  if (init.method && init.method !== 'GET') headers.set('Origin', siteOrigin());
  return new Request(`${siteOrigin()}${path}`, { ...init, headers });
}

/** The answer to a request made beforehand (its session too), and the tables and files it changed. */
async function answered(request: Request, answer: (request: Request) => Promise<Answer>): Promise<Answer & { changed: string[] }> {
  const before = await fingerprint();
  const given = await answer(request);
  return { ...given, changed: changedBetween(before, await fingerprint()) };
}

const read = (module: RouteModule) => (request: Request) => get(module, request, {});
const write =
  (module: RouteModule, params: Record<string, string> = {}) =>
  (request: Request) =>
    post(module, request, params);

describe('issue 35: the probes answer 4xx with a message and change nothing', () => {
  it('item 1: a post with no body and no type is answered as an empty form, on every route with an action', async () => {
    const login = routeTable().find((route) => route.id === 'auth.login')!;
    const loginModule = await login.load();
    const bare = await answered(await sent('visitor', '/auth/login', { method: 'POST' }), write(loginModule));
    const empty = await post(loginModule, await sent('visitor', '/auth/login', { method: 'POST', body: '', headers: FORM }), {});
    expect(bare).toMatchObject({ status: 400, message: empty.message, changed: [] });
    expect(bare.message).toMatch(/robot|required|valid/i);
    const failures: string[] = [];
    for (const route of routeTable()) {
      const module: RouteModule = await route.load();
      if (!module.action) continue;
      const params = Object.fromEntries(route.params.map((name) => [name, '1']));
      for (const identity of ['visitor', 'rider'] as const) {
        const answer = await answered(await sent(identity, new URL(urlOf(route, params)).pathname, { method: 'POST' }), write(module, params));
        const where = `${route.id} as ${identity}`;
        if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.message.slice(0, 120)}`);
        if (answer.status >= 400 && answer.status < 500 && answer.changed.length > 0)
          failures.push(`${where}: ${answer.status} changed ${answer.changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('item 2: a NUL in a query string is refused before any route, read or post', async () => {
    const authorize = await answered(
      await sent('rider', '/oauth/authorize?client_id=%00&redirect_uri=x&response_type=code&code_challenge=x&code_challenge_method=S256'),
      read(oauthAuthorize),
    );
    expect(authorize).toMatchObject({ status: 400, message: REQUEST_REFUSALS.address, changed: [] });
    const decision = await answered(
      await sent('rider', '/oauth/decision?client_id=%00&redirect_uri=x', { method: 'POST', body: 'intent=authorize', headers: FORM }),
      write(oauthDecision),
    );
    expect(decision).toMatchObject({ status: 400, message: REQUEST_REFUSALS.address, changed: [] });
    const search = await answered(await sent('rider', '/wallet/transactions?search=%00'), read(walletTransactions));
    expect(search).toMatchObject({ status: 400, message: REQUEST_REFUSALS.address, changed: [] });
  });

  it('item 3: a page or size out of bounds is a 400 that says which numbers are taken', async () => {
    for (const [module, path] of [
      [walletTransactions, '/wallet/transactions?page=9223372036854775808'],
      [walletPage, '/wallet?page=9223372036854775808'],
      [teams, '/teams?page=-1'],
    ] as const) {
      const answer = await answered(await sent('rider', path), read(module));
      expect(answer, path).toMatchObject({ status: 400, message: PAGING_MESSAGES.page, changed: [] });
    }
    const limit = await answered(await sent('visitor', '/api/partner/activities?limit=1.5'), read(partnerActivities));
    expect(limit).toMatchObject({ status: 400, changed: [] });
    expect(JSON.parse(limit.message)).toEqual({ error: 'invalid_request', error_description: PAGING_MESSAGES.size('limit', 50) });
  });

  it('item 4: a correctly signed payment webhook whose object id is "\\u0000" is refused with its reason', async () => {
    const raw = JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: '\u0000', status: 'paid' } } });
    const request = new Request(`${siteOrigin()}/api/garage/payment/webhook`, {
      method: 'POST',
      body: raw,
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signWebhook(sandboxWebhookSecret(), raw) },
    });
    const answer = await answered(request, write(webhook));
    expect(answer).toMatchObject({ status: 400, changed: [] });
    expect(JSON.parse(answer.message)).toEqual({ received: false, message: WEBHOOK_REFUSALS.nul });
  });

  it('item 4: a shop call whose JSON holds a NUL is refused with its reason (the /api/ bodies the screen does not read)', async () => {
    const request = await sent('rider', '/api/garage/payment/info', {
      method: 'POST',
      body: '{"order_id":"\\u0000"}',
      headers: { 'Content-Type': 'application/json' },
    });
    const answer = await answered(request, write(shopPaymentInfo));
    expect(answer).toMatchObject({ status: 400, changed: [] });
    expect(JSON.parse(answer.message)).toEqual({ status: false, message: REQUEST_REFUSALS.nul });
  });

  it('a shop call whose JSON holds an array of 500,000 items (within the 1 MB cap) is answered, not a 500', async () => {
    const request = await sent('rider', '/api/garage/payment/info', {
      method: 'POST',
      body: `{"order_id":[${'0,'.repeat(499_999)}0]}`,
      headers: { 'Content-Type': 'application/json' },
    });
    const answer = await answered(request, write(shopPaymentInfo));
    // An order id that is no text names no order: the spec's answer for an unknown order.
    expect(answer).toMatchObject({ status: 200, changed: [] });
    expect(JSON.parse(answer.message)).toMatchObject({ status: false });
  });
});
