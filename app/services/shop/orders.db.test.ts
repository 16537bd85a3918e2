import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { paymentOrders } from '~/db/schema';
import { sandboxAdapter, sandboxWebhookFor, settleSandboxSession, SANDBOX_CARDS } from '~/services/adapters/payments/sandbox.server';
import { signWebhook, SIGNATURE_HEADER, WEBHOOK_REFUSALS } from '~/services/adapters/payments/signature.server';
import { setPaymentsForTests } from '~/services/adapters/payments/index.server';
import { getBalance, riderAccount } from '~/services/ledger/index.server';
import { action as webhookAction } from '~/routes/api.garage.payment.webhook/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { fulfilPayment, getPaymentInfo, handlePaymentWebhook, reconcilePendingOrders, startGemCheckout } from './orders.server';

setUpTestDatabase();

const SECRET = 'orders-test-webhook-secret-0123456789abcdef';
// The site's origin in unit tests: SITE_URL unset, no server listening, PORT's default (decision 120).
const ORIGIN = 'http://localhost:3000';

async function gems(userId: string) {
  return (await getBalance(riderAccount(userId), 'GEM')).posted;
}

async function checkout(card: string = SANDBOX_CARDS.success) {
  const rider = await createTestUser();
  const adapter = sandboxAdapter(SECRET);
  const started = await startGemCheckout(rider.id, 'gems_250', adapter);
  if (!started.ok) throw new Error(started.message);
  const paymentId = started.sessionUrl.split('/').pop()!;
  return { rider, adapter, orderId: started.orderId, paymentId, sessionUrl: started.sessionUrl, pay: () => settleSandboxSession(paymentId, card) };
}

describe('gem top-up by card (sandbox provider)', () => {
  it('opens a hosted session for an existing IOS gems bundle, with return URLs carrying the order', async () => {
    const { sessionUrl, pay, orderId } = await checkout();
    expect(sessionUrl).toMatch(new RegExp(`^${ORIGIN}/sandbox/checkout/cs_sandbox_`));
    const settled = await pay();
    expect(settled?.redirectTo).toBe(`${ORIGIN}/user/activities?payment_result=success&orderId=${orderId}#in-game-shop`);
    const rider = await createTestUser();
    expect(await startGemCheckout(rider.id, 'android_gems_100', sandboxAdapter(SECRET))).toEqual({ ok: false, message: 'This package does not exist.' });
  });

  it('the same idempotency key gives the same sandbox session', async () => {
    const adapter = sandboxAdapter(SECRET);
    const input = { orderId: 'o', amountMinor: 100n, currency: 'AED' as const, description: 'x', successUrl: 's', cancelUrl: 'c', idempotencyKey: 'same-key' };
    const [first, second] = await Promise.all([adapter.createCheckoutSession(input), adapter.createCheckoutSession(input)]);
    expect(second.paymentId).toBe(first.paymentId);
  });

  it('poll before payment is pending; a payment confirmed by poll and webhook at once credits the gems once', async () => {
    const { rider, adapter, orderId, paymentId, pay } = await checkout();
    expect(await getPaymentInfo(rider.id, orderId, adapter)).toEqual({ status: 'pending' });
    await pay();
    const webhook = (await sandboxWebhookFor(paymentId, SECRET))!;
    const results = await Promise.all([
      getPaymentInfo(rider.id, orderId, adapter),
      handlePaymentWebhook(webhook.body, webhook.headers, adapter),
      handlePaymentWebhook(webhook.body, webhook.headers, adapter),
      getPaymentInfo(rider.id, orderId, adapter),
    ]);
    expect(results[0]).toEqual({ status: 'paid', reward: 250 });
    expect(results[3]).toEqual({ status: 'paid', reward: 250 });
    expect(await gems(rider.id)).toBe(250n);
    // A restart keeps nothing in memory: a fresh adapter, a late webhook, the reconciler and a new poll change nothing.
    const afterRestart = sandboxAdapter(SECRET);
    const late = (await sandboxWebhookFor(paymentId, SECRET))!;
    expect(await handlePaymentWebhook(late.body, late.headers, afterRestart)).toEqual({ credited: false });
    await reconcilePendingOrders(afterRestart, 0);
    expect(await getPaymentInfo(rider.id, orderId, afterRestart)).toEqual({ status: 'paid', reward: 250 });
    expect(await gems(rider.id)).toBe(250n);
  });

  it('a webhook that arrives before the return credits; the return then finds it paid', async () => {
    const { rider, adapter, orderId, paymentId, pay } = await checkout();
    await pay();
    const webhook = (await sandboxWebhookFor(paymentId, SECRET))!;
    expect(await handlePaymentWebhook(webhook.body, webhook.headers, adapter)).toEqual({ credited: true });
    expect(await getPaymentInfo(rider.id, orderId, adapter)).toEqual({ status: 'paid', reward: 250 });
    expect(await gems(rider.id)).toBe(250n);
  });

  it('a late "paid" after a decline, out of order, cannot revive the order', async () => {
    const { rider, adapter, orderId, paymentId, pay } = await checkout(SANDBOX_CARDS.declined);
    expect((await pay())?.status).toBe('declined');
    const declined = (await sandboxWebhookFor(paymentId, SECRET))!;
    expect(await handlePaymentWebhook(declined.body, declined.headers, adapter)).toEqual({ credited: false });
    expect(await fulfilPayment('sandbox', { paymentId, status: 'paid' })).toBe(false);
    expect(await getPaymentInfo(rider.id, orderId, adapter)).toEqual({ status: 'failed' });
    expect(await gems(rider.id)).toBe(0n);
  });

  it('an order that is not the rider’s, or not an order at all, is failed', async () => {
    const { orderId, adapter, pay } = await checkout();
    await pay();
    const stranger = await createTestUser();
    expect(await getPaymentInfo(stranger.id, orderId, adapter)).toEqual({ status: 'failed' });
    expect(await getPaymentInfo(stranger.id, 'nonsense', adapter)).toEqual({ status: 'failed' });
    expect(await gems(stranger.id)).toBe(0n);
  });

  it('the reconciler settles an order whose rider never came back and whose webhook never came', async () => {
    const { rider, adapter, orderId, pay } = await checkout();
    await pay();
    // Other tests' settled orders may be reconciled too: count at least this one.
    expect(await reconcilePendingOrders(adapter, 0)).toBeGreaterThanOrEqual(1);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order.status).toBe('paid');
    expect(await gems(rider.id)).toBe(250n);
  });

  it('the webhook route answers 400 and credits nothing for a bad signature or an old timestamp', async () => {
    const { rider, adapter, paymentId, pay } = await checkout();
    await pay();
    setPaymentsForTests(adapter);
    try {
      const webhook = (await sandboxWebhookFor(paymentId, SECRET))!;
      const post = (headers: Headers) =>
        webhookAction({
          request: new Request(`${ORIGIN}/api/garage/payment/webhook`, { method: 'POST', body: webhook.body, headers }),
          params: {},
          context: {},
        });
      const forged = new Headers({ [SIGNATURE_HEADER]: signWebhook('not-the-secret-at-all-0123456789abcdef', webhook.body) });
      expect((await post(forged)).status).toBe(400);
      const old = new Headers({ [SIGNATURE_HEADER]: signWebhook(SECRET, webhook.body, Math.floor(Date.now() / 1000) - 301) });
      expect((await post(old)).status).toBe(400);
      expect((await post(new Headers())).status).toBe(400);
      expect(await gems(rider.id)).toBe(0n);
      // Issue 25 item 4: correctly signed bodies that are no event, or no JSON, are 400s with a fixed message.
      const signedBody = (body: string) =>
        webhookAction({
          request: new Request(`${ORIGIN}/api/garage/payment/webhook`, { method: 'POST', body, headers: { [SIGNATURE_HEADER]: signWebhook(SECRET, body) } }),
          params: {},
          context: {},
        });
      for (const [body, message] of [
        ['[]', WEBHOOK_REFUSALS.notEvent],
        ['null', WEBHOOK_REFUSALS.notEvent],
        ['{}', WEBHOOK_REFUSALS.notEvent],
        ['{"type":"checkout.session.completed","data":{"object":{}}}', WEBHOOK_REFUSALS.notEvent],
        ['{"type":', WEBHOOK_REFUSALS.notJson],
      ]) {
        const refused = await signedBody(body);
        expect(refused.status, body).toBe(400);
        expect(await refused.json(), body).toEqual({ received: false, message });
      }
      const good = await post(webhook.headers);
      expect(await good.json()).toEqual({ received: true, credited: true });
      expect(await gems(rider.id)).toBe(250n);
    } finally {
      setPaymentsForTests(undefined);
    }
  });
});
