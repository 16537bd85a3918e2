import Stripe from 'stripe';
import { PAYMENT_WEBHOOK_TOLERANCE_S } from '~/lib/constants';
import { WEBHOOK_REFUSALS } from './signature.server';
import { RefundRefusedError, WebhookRejectedError, type PaymentAdapter, type PaymentStatus } from './types';

/** A signed body that is JSON but not an event (`[]`, `null`, `{}`, no `data.object.id`). */
function isSessionEvent(event: unknown): event is Stripe.Event {
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') return false;
  const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
  return Boolean(object) && typeof object?.id === 'string';
}

/**
 * Stripe Checkout in AED (decision 080): a hosted page, webhooks signed with the endpoint's
 * secret, idempotency keys on creation. Paid means `payment_status === 'paid'`; an expired
 * session or a failed asynchronous payment is failed.
 */
export function stripeAdapter(secretKey: string, webhookSecret: string, client = new Stripe(secretKey)): PaymentAdapter {
  const statusOf = (session: Stripe.Checkout.Session): PaymentStatus =>
    session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'failed' : 'pending';
  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.orderId,
          metadata: { order_id: input.orderId },
          line_items: [
            {
              quantity: 1,
              price_data: { currency: input.currency.toLowerCase(), unit_amount: Number(input.amountMinor), product_data: { name: input.description } },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { paymentId: session.id, url: session.url };
    },
    async getPaymentStatus(paymentId) {
      return statusOf(await client.checkout.sessions.retrieve(paymentId));
    },
    // Stripe's Refunds API on the session's PaymentIntent, with an idempotency key (decision 178).
    async refund({ paymentId, amountMinor, idempotencyKey }) {
      const session = await client.checkout.sessions.retrieve(paymentId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (session.payment_status !== 'paid' || !paymentIntent) throw new RefundRefusedError('The payment was not made: there is nothing to refund.');
      let refund: Stripe.Refund;
      try {
        refund = await client.refunds.create({ payment_intent: paymentIntent, amount: Number(amountMinor) }, { idempotencyKey });
      } catch (error) {
        // Stripe's own words for a refund it refuses (already refunded, amount too large …).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(error.message);
        throw error;
      }
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new RefundRefusedError(`Stripe could not refund the payment (${refund.failure_reason ?? refund.status}).`);
      return { refundId: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
    },
    async parseWebhook(rawBody, headers) {
      let event: unknown;
      try {
        event = client.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', webhookSecret, PAYMENT_WEBHOOK_TOLERANCE_S);
      } catch (error) {
        // Stripe's own words for a signature it refuses; never the JSON parser's for a signed body.
        throw new WebhookRejectedError(error instanceof Stripe.errors.StripeSignatureVerificationError ? error.message : WEBHOOK_REFUSALS.notJson);
      }
      if (!isSessionEvent(event)) throw new WebhookRejectedError(WEBHOOK_REFUSALS.notEvent);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          return { paymentId: event.data.object.id, status: statusOf(event.data.object) };
        case 'checkout.session.async_payment_failed':
          return { paymentId: event.data.object.id, status: 'failed' };
        default:
          return null;
      }
    },
  };
}
