import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { REQUEST_REFUSALS } from '~/services/platform/security.server';
import { onOneConnection, READ_AFTER, UNREAD_BODY_CASES } from '../helpers/raw-http';

/**
 * Issue 15: `remix vite:dev` screens posts like the production server (scripts/request-screen.ts
 * calls the same screenRequest). The dev server of vite.config.ts is started here as
 * `npm run dev` starts it; the refusals answer before any route (or the database) is loaded.
 */
let server: ViteDevServer;
let base: string;

beforeAll(async () => {
  server = await createServer({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 3133, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  base = server.resolvedUrls!.local[0].replace(/\/$/, '');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the dev server screens requests like server.mjs', () => {
  it('a post with a foreign Origin is a 403 with the message', async () => {
    const response = await fetch(`${base}/contact-us`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(REQUEST_REFUSALS.crossSite);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a JSON body on a page action is a 415 and a NUL in a field a 400', async () => {
    const json = await fetch(`${base}/contact-us`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@b.c"}' });
    expect(json.status).toBe(415);
    const nul = await fetch(`${base}/contact-us`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=A%00B' });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toBe(REQUEST_REFUSALS.nul);
  });

  it('a NUL in the query of a read is a 400 with the message (issue 35 item 2)', async () => {
    const response = await fetch(`${base}/wallet/transactions?search=%00`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(REQUEST_REFUSALS.address);
  });

  it('a refusal that left its body unread does not hold up the next request on the connection (issue 35 item 5)', async () => {
    const port = Number(new URL(base).port);
    // The first read compiles the app (tens of seconds on a busy machine): not what is measured here.
    expect((await fetch(`${base}${READ_AFTER.path}`)).status).toBe(200);
    // This server has no database open: the refusals the screen makes, before any route.
    for (const { what, first, status } of UNREAD_BODY_CASES.filter((unread) => unread.answeredBy === 'screen')) {
      expect(await onOneConnection(port, [first, READ_AFTER], 60_000), what).toEqual({ statuses: [status, 200], closed: false });
    }
  }, 180_000);
});
