import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopRider } from '~/services/shop/guard.server';
import { loadShopData } from '~/services/shop/shop.server';

/** The In Game Shop tab's data (spec 2 §2): items per category, bundles, balances, owned items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireShopRider(request);
  return Response.json(await loadShopData(user.id), { headers: { 'Cache-Control': 'private, no-store' } });
}
