import { cachedResourceHeaders } from '~/lib/response-cache';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { transactionsQuery } from '~/lib/wallet/format';
import { listWalletTransactions } from '~/services/wallet/wallet.server';
import { requireWalletAction } from '~/services/wallet/wallet-guard.server';

// GET /wallet/transactions?page&search: the data URL of the transactions table (spec 1 §7).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWalletAction(request);
  return Response.json(await listWalletTransactions(user, transactionsQuery(new URL(request.url))), {
    headers: { 'Cache-Control': 'private, no-store', ...cachedResourceHeaders },
  });
}
