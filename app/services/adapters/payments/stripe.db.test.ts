import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as webhookAction } from '~/routes/api.garage.payment.webhook/route';
import { getBalance, riderAccount } from '~/services/ledger/index.server';
import { getPaymentInfo, handlePaymentWebhook, startGemCheckout } from '~/services/shop/orders.server';
import { REFUND_MESSAGES, refundOrphanedPayment } from '~/services/shop/refunds.server';
import { db } from '~/db/client.server';
import { eraseAccount } from '~/services/accounts/deletion.server';
import { readDeletedAccount } from '~/services/accounts/rider-data.server';
import { setUpTestDatabase } from '../../../../tests/helpers/db';
import { startStripeFake } from '../../../../tests/helpers/stripe-fake';
import { createTestUser } from '../../../../tests/helpers/users';
import { setPaymentsForTests } from './index.server';
import { WEBHOOK_REFUSALS } from './signature.server';
import { stripeAdapter } from './stripe.server';
import { RefundRefusedError, type PaymentAdapter } from './types';

setUpTestDatabase();

const API_KEY = 'sk_test_paceline_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_paceline_fake_0123456789abcdef';
// The site's origin in unit tests: SITE_URL unset, no server listening, PORT's default (decision 120).
const ORIGIN = 'http://localhost:3000';

let fake: Awaited<ReturnType<typeof startStripeFake>>;
let stripe: Stripe;
let adapter: PaymentAdapter;

beforeAll(async () => {
  fake = await startStripeFake(API_KEY);
  stripe = new Stripe(API_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  adapter = stripeAdapter(API_KEY, WEBHOOK_SECRET, stripe);
});
afterAll(() => fake.close());

/** Stripe's own signature scheme (t=…,v1=HMAC-SHA256 over "t.payload"), made by the package. */
function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return new Headers({ 'Content-Type': 'application/json', 'Stripe-Signature': header });
}

async function checkout() {
  const rider = await createTestUser();
  const started = await startGemCheckout(rider.id, 'gems_250', adapter);
  if (!started.ok) throw new Error(started.message);
  const sessionId = new URL(started.sessionUrl).pathname.split('/').pop()!;
  return { rider, orderId: started.orderId, sessionId, sessionUrl: started.sessionUrl };
}

const gems = async (userId: string) => (await getBalance(riderAccount(userId), 'GEM')).posted;

describe('Stripe adapter against a local server speaking Stripe’s protocol', () => {
  it('creates a Checkout session in AED with the order in its metadata, authenticated and with an idempotency key', async () => {
    const { orderId, sessionId, sessionUrl } = await checkout();
    expect(sessionUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const created = fake.requests.find((request) => request.method === 'POST' && request.form.get('client_reference_id') === orderId)!;
    expect(created.path).toBe('/v1/checkout/sessions');
    expect(created.authorization).toBe(`Bearer ${API_KEY}`);
    expect(created.contentType).toContain('application/x-www-form-urlencoded');
    expect(created.idempotencyKey).toBe(`gem-order:${orderId}`);
    expect(Object.fromEntries(created.form)).toMatchObject({
      mode: 'payment',
      'metadata[order_id]': orderId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aed',
      'line_items[0][price_data][product_data][name]': '250 Power Gems',
      success_url: `${ORIGIN}/user/activities?payment_result=success&orderId=${orderId}#in-game-shop`,
      cancel_url: `${ORIGIN}/user/activities?payment_result=error&orderId=${orderId}#in-game-shop`,
    });
    expect(Number(created.form.get('line_items[0][price_data][unit_amount]'))).toBeGreaterThan(0);
    expect(fake.sessions.get(sessionId)).toMatchObject({ currency: 'aed', metadata: { order_id: orderId } });

    // The same key again is Stripe's replay: the same session, not a second one.
    const input = {
      orderId: 'o-1',
      amountMinor: 4_999n,
      currency: 'AED' as const,
      description: 'x',
      successUrl: 'https://a.example/s',
      cancelUrl: 'https://a.example/c',
      idempotencyKey: 'same-key',
    };
    const [first, again] = [await adapter.createCheckoutSession(input), await adapter.createCheckoutSession(input)];
    expect(again.paymentId).toBe(first.paymentId);
    expect(fake.sessions.get(first.paymentId)!.amount_total).toBe(4_999);
  });

  it('maps Stripe’s session states: unpaid and open is pending, paid is paid, expired is failed', async () => {
    const open = await checkout();
    expect(await adapter.getPaymentStatus(open.sessionId)).toBe('pending');
    fake.settle(open.sessionId, 'paid');
    expect(await adapter.getPaymentStatus(open.sessionId)).toBe('paid');
    const lapsed = await checkout();
    fake.settle(lapsed.sessionId, 'expired');
    expect(await adapter.getPaymentStatus(lapsed.sessionId)).toBe('failed');
    expect(await getPaymentInfo(lapsed.rider.id, lapsed.orderId, adapter)).toEqual({ status: 'failed' });
    // Stripe's error shape comes back as the package's error, not as a status.
    await expect(adapter.getPaymentStatus('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    const wrongKey = stripeAdapter(
      'sk_test_wrong',
      WEBHOOK_SECRET,
      new Stripe('sk_test_wrong', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }),
    );
    await expect(wrongKey.getPaymentStatus(open.sessionId)).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('credits once through the shared fulfilment, whether the webhook, a repeat of it or the poll comes first', async () => {
    const { rider, orderId, sessionId } = await checkout();
    expect(await getPaymentInfo(rider.id, orderId, adapter)).toEqual({ status: 'pending' });
    fake.settle(sessionId, 'paid');
    const payload = fake.event(sessionId, 'checkout.session.completed');
    const results = await Promise.all([
      handlePaymentWebhook(payload, signed(payload), adapter),
      handlePaymentWebhook(payload, signed(payload), adapter),
      getPaymentInfo(rider.id, orderId, adapter),
    ]);
    expect(results[2]).toEqual({ status: 'paid', reward: 250 });
    expect(await gems(rider.id)).toBe(250n);
    const unrelated = fake.event(sessionId, 'customer.created');
    expect(await handlePaymentWebhook(unrelated, signed(unrelated), adapter)).toEqual({ credited: false });
    expect(await gems(rider.id)).toBe(250n);
  });

  it('the webhook route accepts Stripe’s signature and refuses a bad one or an old timestamp with 400', async () => {
    const { rider, sessionId } = await checkout();
    fake.settle(sessionId, 'paid');
    const payload = fake.event(sessionId, 'checkout.session.completed');
    const post = (headers: Headers, body = payload) =>
      webhookAction({ request: new Request(`${ORIGIN}/api/garage/payment/webhook`, { method: 'POST', body, headers }), params: {}, context: {} });
    setPaymentsForTests(adapter);
    try {
      expect((await post(signed(payload, { secret: 'whsec_not_ours_0123456789abcdef' }))).status).toBe(400);
      expect((await post(signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).status).toBe(400);
      expect((await post(signed(payload), payload.replace('"livemode":false', '"livemode":true'))).status).toBe(400);
      expect((await post(new Headers({ 'Content-Type': 'application/json' }))).status).toBe(400);
      // Issue 25 item 4: signed, but no event or no JSON: a 400 with a fixed message, never the parser's.
      for (const [body, message] of [
        ['[]', WEBHOOK_REFUSALS.notEvent],
        ['null', WEBHOOK_REFUSALS.notEvent],
        ['{}', WEBHOOK_REFUSALS.notEvent],
        ['{"type":"checkout.session.completed"}', WEBHOOK_REFUSALS.notEvent],
        ['{"id":', WEBHOOK_REFUSALS.notJson],
      ]) {
        const refused = await post(signed(body), body);
        expect(refused.status, body).toBe(400);
        expect(await refused.json(), body).toEqual({ received: false, message });
      }
      expect(await gems(rider.id)).toBe(0n);
      const accepted = await post(signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 299 }));
      expect(await accepted.json()).toEqual({ received: true, credited: true });
      expect(await (await post(signed(payload))).json()).toEqual({ received: true, credited: false });
      expect(await gems(rider.id)).toBe(250n);
    } finally {
      setPaymentsForTests(undefined);
    }
  });

  it('refunds through Stripe’s Refunds API: the paid session’s PaymentIntent, the whole amount, the order’s idempotency key; once (decision 178)', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const { rider, orderId, sessionId } = await checkout();
    // The rider deletes the account, then pays on Stripe's page: the webhook credits the tombstone.
    await db().transaction(async (tx) => eraseAccount(tx, (await readDeletedAccount(tx, rider.id))!));
    fake.settle(sessionId, 'paid');
    const payload = fake.event(sessionId, 'checkout.session.completed');
    expect(await handlePaymentWebhook(payload, signed(payload), adapter)).toEqual({ credited: true });

    const refunded = await refundOrphanedPayment(orderId, staff.id, adapter);
    expect(refunded).toMatchObject({ ok: true });
    const sent = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ authorization: `Bearer ${API_KEY}`, idempotencyKey: `refund:${orderId}` });
    const session = fake.sessions.get(sessionId)!;
    expect(Object.fromEntries(sent[0].form)).toEqual({ payment_intent: session.payment_intent, amount: String(session.amount_total) });
    const [refund] = [...fake.refunds.values()].filter((candidate) => candidate.payment_intent === session.payment_intent);
    expect((refunded as { refundId: string }).refundId).toBe(refund.id);

    // The same key again is Stripe's replay of that refund; another key meets Stripe's refusal.
    const input = { paymentId: sessionId, amountMinor: BigInt(session.amount_total), currency: 'AED' as const };
    expect(await adapter.refund({ ...input, idempotencyKey: `refund:${orderId}` })).toEqual({ refundId: refund.id, status: 'succeeded' });
    await expect(adapter.refund({ ...input, idempotencyKey: 'another-key' })).rejects.toThrow(RefundRefusedError);
    await expect(adapter.refund({ ...input, idempotencyKey: 'another-key' })).rejects.toThrow(/has already been refunded/);
    expect([...fake.refunds.values()].filter((candidate) => candidate.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await refundOrphanedPayment(orderId, staff.id, adapter)).toEqual({ ok: false, message: REFUND_MESSAGES.alreadyRefunded });

    // A session never paid has no PaymentIntent: nothing is asked of Stripe.
    const open = await checkout();
    await expect(adapter.refund({ ...input, paymentId: open.sessionId, idempotencyKey: 'unpaid' })).rejects.toThrow(
      'The payment was not made: there is nothing to refund.',
    );
    // The order's refund, its replay and the two refused: nothing for the unpaid session.
    expect(fake.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(4);
  });
});
