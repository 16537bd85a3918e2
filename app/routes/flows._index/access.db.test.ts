import { describe, expect, it, vi } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { thrownResponse as thrown } from '../../../tests/helpers/responses';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader as definitionLoader } from '../flows.$id.definition[.json]/route';
import { loader as detailLoader } from '../flows.$id/route';
import { loader as indexLoader } from './route';

const mode = vi.hoisted(() => ({ appMode: 'production' as 'production' | 'development' | 'test' }));
vi.mock('~/services/platform/env.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/services/platform/env.server')>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), APP_MODE: mode.appMode }) };
});

useTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe.each(['production', 'development'] as const)('/flows in %s', (appMode) => {
  it('sends visitors to login and refuses riders with 403', async () => {
    mode.appMode = appMode;
    const visitor = await thrown(indexLoader(args(new Request('http://localhost/flows'))));
    expect(visitor.status).toBe(302);
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/flows/toast');
    expect((await thrown(detailLoader(args(request, { id: 'toast' })))).status).toBe(403);
    expect((await thrown(definitionLoader(args(request, { id: 'toast' })))).status).toBe(403);
  });

  it('shows staff every machine, its statechart and its definition', async () => {
    mode.appMode = appMode;
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
    mode.appMode = 'test';
    const index = await indexLoader(args(new Request('http://localhost/flows')));
    expect(index.machines).toHaveLength(catalogue.length);
  });
});
