import { randomUUID } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { requireUser } from '~/services/accounts/auth.server';
import { textOf } from '~/lib/form-text';
import { assertTestMode } from '~/services/platform/test-mode.server';
import { purchaseItem } from '~/services/shop/shop.server';
import { staticCatalogue } from '~/services/shop/static-catalogue.server';

/**
 * Test mode only, for the shop's generated paths; the signed-in rider's shop, as the demo data
 * or another tab would leave it:
 * POST intent=grant coins=N gems=N   coins and gems credited through the ledger (as the demo seed grants them);
 * POST intent=buy item=<name>        the item bought through the shop's own purchase, as from another tab.
 * Answers what the shop answered.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'grant') {
    const amounts = { COIN: BigInt(textOf(form.get('coins')) || '0'), GEM: BigInt(textOf(form.get('gems')) || '0') } as const;
    const issuers = { COIN: SYSTEM_ACCOUNTS.coinIssuer, GEM: SYSTEM_ACCOUNTS.gemIssuer } as const;
    const legs = (['COIN', 'GEM'] as const)
      .filter((currency) => amounts[currency] > 0n)
      .map((currency) => ({ from: issuers[currency], to: riderAccount(user.id), currency, amount: amounts[currency] }));
    if (legs.length === 0) return new Response('coins or gems are required', { status: 400 });
    return Response.json(await postTransfer({ idempotencyKey: `e2e-grant:${randomUUID()}`, legs, memo: 'Test coins and gems' }));
  }
  if (intent === 'buy') {
    const name = textOf(form.get('item'));
    const item = staticCatalogue().find((entry) => entry.Name === name);
    if (!item) return new Response(`No item named ${name}`, { status: 404 });
    return Response.json(await purchaseItem(user.id, item.ID, item.ItemType));
  }
  return new Response('Unknown intent', { status: 400 });
}
