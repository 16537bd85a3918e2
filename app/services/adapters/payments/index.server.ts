import { getEnv } from '../../env.server';
import { sandboxAdapter } from './sandbox.server';
import { stripeAdapter } from './stripe.server';
import type { PaymentAdapter } from './types';

export * from './types';

/** A well-known secret for APP_MODE=test only, so browser tests need no set-up. */
const TEST_WEBHOOK_SECRET = 'paceline-test-payment-webhook-secret-0000';

/**
 * The sandbox's webhook secret: PAYMENT_WEBHOOK_SECRET, or in APP_MODE=test a fixed value.
 * Outside test mode there is no published default (the first-start secrets pass provides it).
 */
export function sandboxWebhookSecret(): string {
  const env = getEnv();
  if (env.PAYMENT_WEBHOOK_SECRET) return env.PAYMENT_WEBHOOK_SECRET;
  if (env.APP_MODE === 'test') return TEST_WEBHOOK_SECRET;
  throw new Error('PAYMENT_WEBHOOK_SECRET is not set: the sandbox checkout cannot sign or check webhooks');
}

let override: PaymentAdapter | undefined;

/** The provider PAYMENT_PROVIDER names (sandbox by default). */
export function payments(): PaymentAdapter {
  if (override) return override;
  const env = getEnv();
  if (env.PAYMENT_PROVIDER === 'stripe') return stripeAdapter(env.STRIPE_SECRET_KEY ?? '', env.STRIPE_WEBHOOK_SECRET ?? '');
  return sandboxAdapter(sandboxWebhookSecret());
}

export function setPaymentsForTests(adapter: PaymentAdapter | undefined): void {
  override = adapter;
}
