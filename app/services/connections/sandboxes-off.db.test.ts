import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { networkConnections } from '~/db/schema';
import { action } from '~/routes/user.connections/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { resetEnvForTests } from '../platform/env.server';
import { listConnectionCards } from './connections.server';
import { handleSandboxRequest } from './sandbox.server';
import { encryptToken } from './secrets.server';

setUpTestDatabase();

const NAMES = [
  'SANDBOXES',
  'PAYMENT_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRAVA_CLIENT_ID',
  'STRAVA_CLIENT_SECRET',
  'STRAVA_AUTHORIZE_URL',
  'STRAVA_TOKEN_URL',
] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]])) as Partial<Record<(typeof NAMES)[number], string>>;
/** The sandboxes off, so card payments must be Stripe's. */
const SANDBOXES_OFF = { SANDBOXES: 'false', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const REAL_STRAVA = {
  STRAVA_CLIENT_ID: 'real-client',
  STRAVA_CLIENT_SECRET: 'secret',
  STRAVA_AUTHORIZE_URL: 'https://strava.example/oauth/authorize',
  STRAVA_TOKEN_URL: 'https://strava.example/oauth/token',
};

function configure(values: Partial<typeof saved>) {
  for (const [name, value] of Object.entries({ ...saved, ...values })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

afterEach(() => configure(saved));

describe('networks with the sandboxes off (production, decision 119)', () => {
  it('offers only configured networks and the ones the rider is linked to; the sandbox provider is gone', async () => {
    configure(SANDBOXES_OFF);
    const rider = await createTestUser();
    expect(await listConnectionCards(rider.id, true)).toEqual([]);
    await db()
      .insert(networkConnections)
      .values({ userId: rider.id, network: 'intervals', accessTokenEnc: encryptToken('t'), networkData: {} });
    expect((await listConnectionCards(rider.id, true)).map((card) => card.network)).toEqual(['intervals']);
    const authorize = await handleSandboxRequest(new Request('http://localhost:3000/sandbox/strava/oauth/authorize?client_id=x'));
    expect(authorize.status).toBe(404);

    // Connect to an unoffered network goes back to the tab as failed, without a state or a redirect out.
    const { request } = await signedInRequest(rider.id, 'http://localhost/user/connections');
    const post = (fields: Record<string, string>) =>
      action({
        request: formRequest('http://localhost/user/connections', fields, { Cookie: request.headers.get('Cookie') ?? '' }),
        params: {},
        context: {},
      }) as Promise<Response>;
    const connect = await post({ intent: 'connect', network: 'strava' });
    expect(connect.headers.get('Location')).toBe('/user/profile?tab=connections&network=strava&outcome=failed');
    const xert = await post({ intent: 'xert', username: 'rider', password: 'sandbox' });
    expect(xert.headers.get('Location')).toBe('/user/profile?tab=connections&network=xert&outcome=failed');

    configure({ ...SANDBOXES_OFF, ...REAL_STRAVA });
    expect((await listConnectionCards(rider.id, true)).map((card) => card.network)).toEqual(['strava', 'intervals']);
  });
});
