import Stripe from 'stripe';
import { PAYMENT_WEBHOOK_TOLERANCE_S } from '~/lib/constants';
import { WebhookRejectedError, type PaymentAdapter, type PaymentStatus } from './types';

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
          line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: Number(input.amountMinor), product_data: { name: input.description } } }],
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
    async parseWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, headers.get('stripe-signature') ?? '', webhookSecret, PAYMENT_WEBHOOK_TOLERANCE_S);
      } catch (error) {
        throw new WebhookRejectedError(error instanceof Error ? error.message : 'bad signature');
      }
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
