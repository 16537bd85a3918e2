import { json, type ActionFunctionArgs } from '@remix-run/node';
import { readCallBody, requireShopRider } from '~/services/shop/guard.server';
import { purchaseCoins } from '~/services/shop/shop.server';
import { isUuid } from '~/lib/domain/ids';
import { textOf } from '~/lib/form-text';

/** Spec 2 §7 purchase/gems: a coins bundle bought with gems; body package_id (and request_id per attempt). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const requestId = typeof body.request_id === 'string' && isUuid(body.request_id) ? body.request_id : undefined;
  const answer = await purchaseCoins(user.id, textOf(body.package_id), requestId);
  return json(answer.status ? { status: true, data: { reward: answer.reward } } : { status: false, message: answer.message }, {
    status: answer.status ? 200 : 409,
  });
}
