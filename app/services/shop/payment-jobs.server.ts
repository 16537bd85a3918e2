import { defineSchedule } from '../platform/jobs.server';
import { payments, type PaymentAdapter } from '../adapters/payments/index.server';
import { reconcilePendingOrders } from './orders.server';

/**
 * Gem orders left pending (the rider closed the browser, the webhook never came) are settled
 * from the provider's word every minute, by one instance (fulfilment is exactly once either way:
 * decision 082).
 */
defineSchedule('payment-reconcile', '* * * * *', async () => {
  let adapter: PaymentAdapter;
  try {
    adapter = payments();
  } catch {
    return; // no provider configured (e.g. no PAYMENT_WEBHOOK_SECRET): nothing can have been paid
  }
  await reconcilePendingOrders(adapter);
});
