/**
 * The card-payment interface (DESIGN §5): every provider — the built-in sandbox, Stripe, or
 * a UAE acquirer (docs/shop-and-payments.md "Another provider") — offers these three things.
 */
export type PaymentStatus = 'pending' | 'paid' | 'failed';

interface CheckoutSessionInput {
  /** Our order id, echoed back in the webhook. */
  orderId: string;
  amountMinor: bigint;
  currency: 'AED';
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key always gives the same session: a retried request never opens a second one. */
  idempotencyKey: string;
}

interface CheckoutSession {
  /** The provider's id of the payment (unique per provider). */
  paymentId: string;
  /** The hosted payment page the rider is sent to. */
  url: string;
}

/** What a verified webhook says about one payment. */
export interface PaymentEvent {
  paymentId: string;
  status: PaymentStatus;
}

export class WebhookRejectedError extends Error {}

export interface PaymentAdapter {
  readonly name: 'sandbox' | 'stripe';
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  getPaymentStatus(paymentId: string): Promise<PaymentStatus>;
  /**
   * Verifies the signature over the raw body (throws WebhookRejectedError when it fails) and
   * returns the payment it concerns, or null for an event that is not about a payment's outcome.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null>;
}
