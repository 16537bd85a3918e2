import { getEnv } from '../../platform/env.server';
import { sandboxAdapter } from './sandbox.server';
import { stripeAdapter, stripeClient } from './stripe.server';
import type { PaymentAdapter } from './types';

export * from './types';

/**
 * The sandbox's webhook secret. env.server.ts resolves it like the other secrets (generated at
 * first start outside production, fixed in APP_MODE=test); production sets it only to use the sandbox.
 */
export function sandboxWebhookSecret(): string {
  const env = getEnv();
  if (env.PAYMENT_WEBHOOK_SECRET) return env.PAYMENT_WEBHOOK_SECRET;
  throw new Error('PAYMENT_WEBHOOK_SECRET is not set: the sandbox checkout cannot sign or check webhooks');
}

let override: PaymentAdapter | undefined;

/** The provider PAYMENT_PROVIDER names (sandbox by default). */
export function payments(): PaymentAdapter {
  if (override) return override;
  const env = getEnv();
  if (env.PAYMENT_PROVIDER === 'stripe') {
    const secretKey = env.STRIPE_SECRET_KEY ?? '';
    return stripeAdapter(secretKey, env.STRIPE_WEBHOOK_SECRET ?? '', stripeClient(secretKey, env.STRIPE_API_URL));
  }
  return sandboxAdapter(sandboxWebhookSecret());
}

export function setPaymentsForTests(adapter: PaymentAdapter | undefined): void {
  override = adapter;
}
