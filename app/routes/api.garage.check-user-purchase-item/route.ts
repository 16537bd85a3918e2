import { json, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { readPayloadCall } from '~/services/shop/guard.server';
import { checkItemPurchase } from '~/services/shop/shop.server';

const Payload = z.object({ item_id: z.coerce.number().int(), item_price: z.coerce.number().optional() });

/** Spec 2 §7 check-user-purchase-item: body {payload} (encrypted item_id, item_price). */
export async function action({ request }: ActionFunctionArgs) {
  const { user, payload } = await readPayloadCall(request, Payload);
  const result = await checkItemPurchase(user.id, payload.item_id);
  return json({ status: result.error === null, data: result, message: result.error ?? '' });
}
