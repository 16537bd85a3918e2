import { expect, type Page } from '@playwright/test';

/**
 * Arranging the shop's and the wallet's generated paths (app/routes/e2e.shop, app/routes/e2e.wallet):
 * each path has a rider of its own, since its purchases, withdrawals and verifications change what
 * the next path would meet.
 */

/** A new adult rider (app/routes/e2e.rider), signed in through the page's cookies, before any page is open. */
export async function signInAsNewRider(page: Page) {
  const response = await page.request.get('/e2e/rider?redirectTo=/healthz');
  if (!response.ok()) throw new Error(`/e2e/rider answered ${response.status()}`);
}

/** Posts to a test route as the signed-in rider; answers the JSON. */
export async function arrangeFor<Answer = unknown>(page: Page, url: '/e2e/shop' | '/e2e/wallet', form: Record<string, string | number>): Promise<Answer> {
  const response = await page.request.post(url, { form });
  if (!response.ok()) throw new Error(`${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Answer;
}

/** A new rider with these coins and gems, on the In Game Shop tab once its balances show. */
export async function openShopAsNewRider(page: Page, grant: { coins?: number; gems?: number }) {
  await signInAsNewRider(page);
  await arrangeFor(page, '/e2e/shop', { intent: 'grant', coins: grant.coins ?? 0, gems: grant.gems ?? 0 });
  await page.goto('/user/activities#in-game-shop');
  await expect(page.getByTestId('shop-coins')).not.toHaveText('… coins');
}

/** The Wallet link of the account menu, and the wallet's data it loads (again, when the wallet is open already). */
export async function openWalletFromMenu(page: Page) {
  const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/wallet.data' && response.ok());
  await page.getByRole('banner').getByLabel('Account menu').click();
  await page.getByRole('banner').getByRole('link', { name: 'Wallet', exact: true }).click();
  await loaded;
  await page.waitForURL(/\/wallet$/);
}
