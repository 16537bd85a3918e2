import { json, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { decryptPayload } from '~/lib/shop/payload';
import { getEnv } from '~/services/env.server';
import { readCallBody, requireShopRider } from '~/services/shop/guard.server';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { purchaseItem } from '~/services/shop/shop.server';

const Payload = z.object({ item_id: z.coerce.number().int(), Type: z.coerce.number().int() });

/** Spec 2 §7 purchase/item: body {payload} (encrypted item_id and Type); answers status and message. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const parsed = Payload.safeParse(await decryptPayload(String(body.payload ?? ''), getEnv().PAYLOAD_KEY));
  if (!parsed.success) return json({ status: false, message: SHOP_MESSAGES.exception }, { status: 400 });
  const answer = await purchaseItem(user.id, parsed.data.item_id, parsed.data.Type);
  return json(answer, { status: answer.status ? 200 : 409 });
}
