import { json, type ActionFunctionArgs } from '@remix-run/node';
import { WebhookRejectedError } from '~/services/adapters/payments/index.server';
import { handlePaymentWebhook } from '~/services/shop/orders.server';

/** The payment provider's webhook: signature over the raw body, then fulfilment (exactly once). */
export async function action({ request }: ActionFunctionArgs) {
  const rawBody = await request.text();
  try {
    const { credited } = await handlePaymentWebhook(rawBody, request.headers);
    return json({ received: true, credited });
  } catch (error) {
    if (error instanceof WebhookRejectedError) return json({ received: false, message: error.message }, { status: 400 });
    throw error;
  }
}
