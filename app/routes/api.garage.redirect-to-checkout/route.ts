import { json, type ActionFunctionArgs } from '@remix-run/node';
import { readCallBody, requireShopRider } from '~/services/shop/guard.server';
import { startGemCheckout } from '~/services/shop/orders.server';
import { textOf } from '~/lib/form-text';

/** Spec 2 §7 redirect-to-checkout: body package_id; answers data.session_url. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const answer = await startGemCheckout(user.id, textOf(body.package_id));
  return answer.ok
    ? json({ status: true, data: { session_url: answer.sessionUrl, order_id: answer.orderId } })
    : json({ status: false, message: answer.message }, { status: 400 });
}
