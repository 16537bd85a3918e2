import { cachedResourceHeaders } from '~/lib/response-cache';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopRider } from '~/services/shop/guard.server';
import { loadShopData } from '~/services/shop/shop.server';

/** The In Game Shop tab's data (spec 2 §2): items per category, bundles, balances, owned items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireShopRider(request);
  const shop = await loadShopData(user.id);
  // A catalogue that failed to load is asked for again on the next request, never kept.
  const kept = shop.loaded ? cachedResourceHeaders : {};
  return Response.json(shop, { headers: { 'Cache-Control': 'private, no-store', ...kept } });
}
