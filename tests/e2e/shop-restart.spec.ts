import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, request as requests, test, type APIRequestContext } from './fixtures';
import { startServer, stopServer } from './own-server';
import { e2ePort, e2eServerEnv } from './server-env.mjs';

/**
 * Issue 11 "a payment confirmed by poll and webhook at once, and again after a server restart
 * → gems credited exactly once", with a real restart: the production server (`node server.mjs`)
 * on its own PGlite folder, stopped with SIGTERM after the order is opened and started again on
 * the same folder. E2E_RESTART_PORT chooses its port (default: the browser tests' port + 1).
 */
const port = Number(process.env.E2E_RESTART_PORT ?? e2ePort() + 1);
const baseURL = `http://127.0.0.1:${port}`;
const WEBHOOK_SECRET = 'restart-spec-webhook-secret-0123456789abcdef';
const env = {
  ...process.env,
  ...e2eServerEnv(port),
  PGLITE_DIR: `tests/.tmp/restart-pglite-${port}`,
  STORAGE_DIR: `tests/.tmp/restart-uploads-${port}`,
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/** The sandbox's webhook, signed as the sandbox signs it (t=…,v1=HMAC-SHA256 over "t.body"). */
function webhook(sessionId: string, orderId: string) {
  const body = JSON.stringify({
    id: `evt_restart_${Date.now()}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, client_reference_id: orderId, status: 'paid' } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  return { data: body, headers: { 'Content-Type': 'application/json', 'Paceline-Signature': `t=${t},v1=${v1}` } };
}

let server: ChildProcess | undefined;
test.afterEach(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
});

test('a payment confirmed by poll, webhooks and the reconciler at once after a restart credits the gems once', async () => {
  test.setTimeout(240_000);
  rmSync(env.PGLITE_DIR, { recursive: true, force: true });
  rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  server = await startServer(env, baseURL);
  const rider: APIRequestContext = await requests.newContext({ baseURL });
  expect((await rider.post('/e2e/payments', { form: { intent: 'rider' } })).ok()).toBe(true);
  const checkout = await rider.post('/api/garage/redirect-to-checkout', { form: { package_id: 'gems_250' } });
  const { data } = (await checkout.json()) as { data: { session_url: string; order_id: string } };
  const orderId = data.order_id;
  const sessionId = new URL(data.session_url).pathname.split('/').pop()!;
  expect((await (await rider.get(`/e2e/payments?orderId=${orderId}`)).json()).status).toBe('pending');

  await stopServer(server);
  server = await startServer(env, baseURL);

  // The rider pays on the hosted page (the sandbox then sends its own webhook), and at the same
  // moment the return's poll, the webhook twice more and the reconciler all try to settle it.
  const paid = await rider.post(`/sandbox/checkout/${sessionId}`, { form: { intent: 'pay', card: '4242424242424242' }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  const answers = await Promise.all([
    rider.post('/api/garage/payment/info', { form: { order_id: orderId } }),
    rider.post('/api/garage/payment/webhook', webhook(sessionId, orderId)),
    rider.post('/api/garage/payment/webhook', webhook(sessionId, orderId)),
    rider.post('/e2e/payments', { form: { intent: 'reconcile' } }),
  ]);
  for (const answer of answers) expect(answer.status()).toBe(200);
  const [poll, ...rest] = await Promise.all(answers.map((answer) => answer.json()));
  expect(poll).toEqual({ status: true, state: 'paid', data: { reward: 250 } });
  const [first, second, reconciled] = rest as [{ credited: boolean }, { credited: boolean }, { credited: number }];
  // The poll, one of these, or the sandbox's own webhook credited; never two of them.
  expect([first.credited, second.credited, reconciled.credited > 0].filter(Boolean).length).toBeLessThanOrEqual(1);

  // A late delivery changes nothing; a moment more lets the sandbox's own webhook land too.
  expect(await (await rider.post('/api/garage/payment/webhook', webhook(sessionId, orderId))).json()).toEqual({ received: true, credited: false });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const record = await (await rider.get(`/e2e/payments?orderId=${orderId}`)).json();
  expect(record).toMatchObject({ status: 'paid', transactions: 1, riderGems: '250' });
  expect(record.ledgerTransactionId).toEqual(expect.any(String));
  expect(record.entries).toEqual(
    expect.arrayContaining([
      { account: 'system:gem-issuer', currency: 'GEM', amount: '-250' },
      { account: expect.stringMatching(/^rider:/), currency: 'GEM', amount: '250' },
    ]),
  );
  expect(record.entries).toHaveLength(2);
  await rider.dispose();
  await stopServer(server);
});
