import { json, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { readPayloadCall } from '~/services/shop/guard.server';
import { purchaseItem } from '~/services/shop/shop.server';

const Payload = z.object({ item_id: z.coerce.number().int(), Type: z.coerce.number().int() });

/** Spec 2 §7 purchase/item: body {payload} (encrypted item_id and Type); answers status and message. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, payload } = await readPayloadCall(request, Payload);
  const answer = await purchaseItem(user.id, payload.item_id, payload.Type);
  return json(answer, { status: answer.status ? 200 : 409 });
}
