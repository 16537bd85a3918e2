import { json, type ActionFunctionArgs } from '@remix-run/node';
import { readCallBody, requireShopRider } from '~/services/shop/guard.server';
import { getPaymentInfo } from '~/services/shop/orders.server';
import { textOf } from '~/lib/form-text';

/**
 * Spec 2 §7 payment/info: body order_id; `status` true once paid with data.reward. `state` tells
 * the poll whether to keep asking (pending) or stop (failed).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireShopRider(request);
  const body = await readCallBody(request);
  const info = await getPaymentInfo(user.id, textOf(body.order_id));
  return json(info.status === 'paid' ? { status: true, state: 'paid', data: { reward: info.reward } } : { status: false, state: info.status });
}
