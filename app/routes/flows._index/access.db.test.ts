import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { resetEnvForTests } from '~/services/platform/env.server';
import { applyProductionEnv } from '../../../tests/helpers/production-env';
import { thrownResponse as thrown } from '../../../tests/helpers/responses';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader as definitionLoader } from '../flows.$id.definition[.json]/route';
import { loader as detailLoader } from '../flows.$id/route';
import { loader as indexLoader } from './route';

// The mode is set through the environment, as a server gets it (tests/helpers/production-env.ts).
let restoreEnv = () => {};
function runIn(appMode: 'production' | 'development' | 'test') {
  if (appMode === 'production') {
    restoreEnv = applyProductionEnv();
    return;
  }
  const before = process.env.APP_MODE;
  process.env.APP_MODE = appMode;
  resetEnvForTests();
  restoreEnv = () => {
    if (before === undefined) delete process.env.APP_MODE;
    else process.env.APP_MODE = before;
    resetEnvForTests();
  };
}
afterEach(() => restoreEnv());

setUpTestDatabase();

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
