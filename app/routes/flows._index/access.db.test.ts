import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { resetEnvForTests } from '~/services/platform/env.server';
import { thrownResponse as thrown } from '../../../tests/helpers/responses';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader as definitionLoader } from '../flows.$id.definition[.json]/route';
import { loader as detailLoader } from '../flows.$id/route';
import { loader as indexLoader } from './route';

// The mode is set through the environment, as a server gets it: test files share a worker and
// its module cache (vitest.config.ts), so a module mock of the configuration could miss
// modules another file loaded first.
const original = { ...process.env };
function runIn(appMode: 'production' | 'development' | 'test') {
  process.env.APP_MODE = appMode;
  if (appMode === 'production') {
    // Production accepts no published or test secret (decision 061).
    process.env.SESSION_SECRET = randomBytes(32).toString('base64url');
    process.env.ALTCHA_HMAC_KEY = randomBytes(32).toString('base64url');
    process.env.PAYLOAD_KEY = randomBytes(32).toString('hex');
    process.env.TOKEN_ENCRYPTION_KEY = randomBytes(32).toString('hex');
  }
  resetEnvForTests();
}
afterEach(() => {
  for (const name of ['APP_MODE', 'SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'PAYLOAD_KEY', 'TOKEN_ENCRYPTION_KEY']) {
    if (original[name] === undefined) delete process.env[name];
    else process.env[name] = original[name];
  }
  resetEnvForTests();
});

useTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe.each(['production', 'development'] as const)('/flows in %s', (appMode) => {
  it('sends visitors to login and refuses riders with 403', async () => {
    runIn(appMode);
    const visitor = await thrown(indexLoader(args(new Request('http://localhost/flows'))));
    expect(visitor.status).toBe(302);
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/flows/toast');
    expect((await thrown(detailLoader(args(request, { id: 'toast' })))).status).toBe(403);
    expect((await thrown(definitionLoader(args(request, { id: 'toast' })))).status).toBe(403);
  });

  it('shows staff every machine, its statechart and its definition', async () => {
    runIn(appMode);
    const staff = await createTestUser({ role: 'staff' });
    const { request } = await signedInRequest(staff.id, 'http://localhost/flows');
    const index = await indexLoader(args(request));
    expect(index.machines.map((machine) => machine.id)).toEqual(catalogue.map((entry) => entry.id));
    const detail = await detailLoader(args(request, { id: catalogue[0].id }));
    expect(detail.chart.nodes.length).toBeGreaterThan(1);
    const download = await definitionLoader(args(request, { id: catalogue[0].id }));
    expect(download.headers.get('Content-Disposition')).toContain('attachment');
    expect((await thrown(detailLoader(args(request, { id: 'no-such-machine' })))).status).toBe(404);
  });
});

describe('/flows in tests', () => {
  it('is open without signing in', async () => {
    runIn('test');
    const index = await indexLoader(args(new Request('http://localhost/flows')));
    expect(index.machines).toHaveLength(catalogue.length);
  });
});
