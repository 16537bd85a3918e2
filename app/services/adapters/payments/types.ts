/**
 * The card-payment interface (DESIGN §5): every provider — the built-in sandbox, Stripe, or
 * a UAE acquirer (docs/shop-and-payments.md "Another provider") — offers these four things.
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

interface RefundInput {
  /** The provider's id of the payment (CheckoutSession.paymentId). */
  paymentId: string;
  /** The whole amount paid: refunds are full (decision 178). */
  amountMinor: bigint;
  currency: 'AED';
  /** The same key always gives the same refund: a retried or concurrent refund never pays back twice. */
  idempotencyKey: string;
}

interface Refund {
  /** The provider's id of the refund. */
  refundId: string;
  /** Paid back, or accepted and on its way (a card refund may settle later). */
  status: 'succeeded' | 'pending';
}

/** The provider refused the refund (the payment was not made, is refunded already under another key …): nothing was paid back. */
export class RefundRefusedError extends Error {}

export interface PaymentAdapter {
  readonly name: 'sandbox' | 'stripe';
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  getPaymentStatus(paymentId: string): Promise<PaymentStatus>;
  /**
   * Verifies the signature over the raw body (throws WebhookRejectedError when it fails) and
   * returns the payment it concerns, or null for an event that is not about a payment's outcome.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | null>;
  /** Pays a payment back in full (throws RefundRefusedError when the provider refuses). */
  refund(input: RefundInput): Promise<Refund>;
}
