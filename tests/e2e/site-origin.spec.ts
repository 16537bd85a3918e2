import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { expect, test } from './fixtures';
import { startServer, stopServer } from './own-server';
import { e2ePort, e2eServerEnv } from './server-env.mjs';

/**
 * Issue 21 item 5 and issue 25 item 1 (decision 120), against `npm start`'s defaults: the
 * production server on a port other than 3000 with no SITE_URL (and one trusted proxy, on ::1). Every URL it hands out names
 * the port it listens on; a forged Host changes none of them and makes it call no other host.
 * E2E_SITE_ORIGIN_PORT chooses the port (default: the browser tests' port + 2; + 3 is the trap
 * that a forged Host would make the server call).
 */
const port = Number(process.env.E2E_SITE_ORIGIN_PORT ?? e2ePort() + 2);
const site = `http://localhost:${port}`;
const trapPort = port + 1;
const WEBHOOK_SECRET = 'site-origin-spec-webhook-secret-0123456789';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...e2eServerEnv(port),
  PGLITE_DIR: `tests/.tmp/site-origin-pglite-${port}`,
  STORAGE_DIR: `tests/.tmp/site-origin-uploads-${port}`,
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // A proxy on ::1 is trusted: its forwarded origin counts; the same headers over 127.0.0.1 do not.
  TRUSTED_PROXIES: '::1',
};
delete env.SITE_URL;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: site });

let server: ChildProcess | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(env.PGLITE_DIR!, { recursive: true, force: true });
  rmSync(env.STORAGE_DIR!, { recursive: true, force: true });
  server = await startServer(env, site);
});
test.afterAll(async () => {
  if (server?.exitCode === null) await stopServer(server);
});

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request exactly as written (Host included), to 127.0.0.1 or ::1 on the server's port. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string; address?: string } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: options.address ?? '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A new adult rider's session cookies (the test-mode helper; this server has no demo data). */
async function riderCookie(): Promise<string> {
  const answer = await fetch(`${site}/e2e/payments`, { method: 'POST', body: new URLSearchParams({ intent: 'rider' }) });
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

test('without SITE_URL, on another port: Connect and a card checkout come back to that port', async ({ page }) => {
  test.setTimeout(90_000);
  await page.context().addCookies(
    (await riderCookie()).split('; ').map((pair) => {
      const equals = pair.indexOf('=');
      return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: site };
    }),
  );
  await page.goto('/user/profile?tab=connections');
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain(`form-action 'self' ${site}`);

  const strava = page.getByRole('listitem', { name: 'Strava' });
  await strava.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Strava sandbox' })).toBeVisible();
  const authorize = new URL(page.url());
  expect(authorize.origin).toBe(site);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${site}/oauth/strava`);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(`${site}/user/profile?tab=connections&network=strava&outcome=connected`);
  await expect(page.getByTestId('import-strava')).toHaveText('3 rides imported', { timeout: 30_000 });

  await page.goto('/user/activities#in-game-shop');
  await expect(page.getByTestId('shop-coins')).not.toHaveText('… coins');
  await page.getByRole('button', { name: 'Buy coins and gems' }).click();
  const shop = page.getByRole('dialog', { name: 'Shop' });
  await shop.getByRole('tab', { name: 'Power Gems' }).click();
  await shop.getByRole('button', { name: 'AED 18.99' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(site);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/user/activities\\?payment_result=success&orderId=[0-9a-f-]{36}#in-game-shop$`));
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toContainText('You bought 100 Power Gems.');
});

test('a forged Host names no URL and makes the server call no other host; odd input is a 4xx (issue 25)', async () => {
  const calledTrap: string[] = [];
  const trap: Server = createServer((incoming, outgoing) => {
    calledTrap.push(`${incoming.method} ${incoming.url}`);
    outgoing.end();
  });
  await new Promise<void>((resolve) => trap.listen(trapPort, resolve));
  try {
    const cookie = await riderCookie();
    const forged = `localhost:${trapPort}`;
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie };
    // A forged Host with an Origin to match is not our origin.
    const refused = await send('/api/garage/redirect-to-checkout', {
      method: 'POST',
      headers: { ...form, Host: forged, Origin: `http://${forged}` },
      body: 'package_id=gems_250',
    });
    expect(refused.status).toBe(403);
    // With our Origin, the answer names the site, whatever the Host.
    const checkout = await send('/api/garage/redirect-to-checkout', {
      method: 'POST',
      headers: { ...form, Host: forged, Origin: site },
      body: 'package_id=gems_250',
    });
    const { session_url: sessionUrl, order_id: orderId } = (JSON.parse(checkout.body) as { data: { session_url: string; order_id: string } }).data;
    expect(sessionUrl.startsWith(`${site}/sandbox/checkout/`)).toBe(true);
    // Paying under the forged Host: the return and the sandbox's webhook go to the site.
    const paid = await send(new URL(sessionUrl).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Host: forged, Origin: site },
      body: 'intent=pay&card=4242424242424242',
    });
    expect(paid.status).toBe(302);
    expect(String(paid.headers.location).startsWith(`${site}/user/activities?payment_result=success`)).toBe(true);
    // Nothing but the webhook settles the order here (no return page, no reconciler): wait for it.
    await expect
      .poll(async () => ((await (await fetch(`${site}/e2e/payments?orderId=${orderId}`)).json()) as { status: string }).status, { timeout: 15_000 })
      .toBe('paid');
    expect(calledTrap).toEqual([]);

    // Behind the trusted proxy (::1) the site is the origin it forwards; from anyone else those headers are ignored.
    const proxied = { ...form, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'rides.example' };
    const viaProxy = await send('/api/garage/redirect-to-checkout', {
      method: 'POST',
      address: '::1',
      headers: { ...proxied, Host: `[::1]:${port}`, Origin: 'https://rides.example' },
      body: 'package_id=gems_250',
    });
    expect((JSON.parse(viaProxy.body) as { data: { session_url: string } }).data.session_url.startsWith('https://rides.example/sandbox/checkout/')).toBe(true);
    const notProxy = await send('/api/garage/redirect-to-checkout', {
      method: 'POST',
      headers: { ...proxied, Host: forged, Origin: 'https://rides.example' },
      body: 'package_id=gems_250',
    });
    expect(notProxy.status).toBe(403);

    // A form from our origin that reached another Host name (127.0.0.1, [::1], a proxy's) is not a 500.
    for (const [address, host] of [
      ['127.0.0.1', `127.0.0.1:${port}`],
      ['::1', `[::1]:${port}`],
      ['127.0.0.1', 'paceline-internal:8080'],
    ]) {
      const logout = await send('/auth/logout', { method: 'POST', address, headers: { ...form, Host: host, Origin: site }, body: '' });
      expect(logout.status, host).toBe(302);
    }

    // HTTP Basic credentials that are not %-encoding.
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const basic = await send(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from('%zz:x').toString('base64')}` },
        body: 'grant_type=authorization_code&code=x&token=x',
      });
      expect(basic.status, path).toBe(400);
      expect(JSON.parse(basic.body)).toMatchObject({ error: 'invalid_request' });
    }

    // Correctly signed webhooks that are no event, or no JSON.
    for (const body of ['[]', 'null', '{}', '{"type":']) {
      const t = Math.floor(Date.now() / 1000);
      const signature = `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
      const answer = await send('/api/garage/payment/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Paceline-Signature': signature },
        body,
      });
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.body).message, body).toMatch(/^The webhook body is not (JSON|a payment event)\.$/);
    }
  } finally {
    await new Promise((resolve) => trap.close(resolve));
  }
});
