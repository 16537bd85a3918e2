import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { coinPurchaseMachine } from '~/machines/coin-purchase.machine';
import { openShopAsNewRider } from '../../../tests/paths/browser/arrange-shop-wallet';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The Coins tab of the payment modal on the In Game Shop tab, for a rider of its own with the
// catalogue's 100 gems. The purchase is held: while it waits the server's answer is arranged (the
// gems spent from another tab, so the server refuses) and it goes on, or is aborted for no answer.

const GEMS = 100;
/** The coins bundle another tab buys (coins_1000, 50 gems). */
const SPENDING = { packageId: 'coins_1000', gems: 50 };

const shop = (page: Page) => page.getByRole('dialog', { name: 'Shop' });
const tab = (page: Page, name: 'Coins' | 'Power Gems') => shop(page).getByRole('tab', { name });
const bundle = (page: Page, gems: number) => shop(page).getByRole('button', { name: `${gems} gems`, exact: true });

/** Another tab buys coins until the rider's gems are gone, through the shop's own call. */
async function spendGemsElsewhere(page: Page) {
  for (let spent = 0; spent < GEMS; spent += SPENDING.gems) {
    const response = await page.request.post('/api/garage/purchase/gems', { form: { package_id: SPENDING.packageId, request_id: randomUUID() } });
    expect(response.ok()).toBe(true);
  }
}

export default defineBinding(coinPurchaseMachine, {
  async arrange({ page }) {
    await openShopAsNewRider(page, { gems: GEMS });
    await page.getByRole('button', { name: 'Buy coins and gems' }).click();
    await expect(tab(page, 'Coins')).toHaveAttribute('aria-selected', 'true');
  },
  holds: { purchaseCoins: postTo('/api/garage/purchase/gems') },
  states: {
    choosing: async ({ page }) => {
      await expect(tab(page, 'Coins')).toHaveAttribute('aria-selected', 'true');
      await expect(bundle(page, SPENDING.gems)).toBeEnabled();
    },
    // The modal turns to Power Gems, where the rider can buy more (the gem top-up's own screen).
    needGems: async ({ page }) => {
      await expect(tab(page, 'Power Gems')).toHaveAttribute('aria-selected', 'true');
      await expect(shop(page).getByRole('button', { name: 'AED 18.99' })).toBeEnabled();
    },
    purchasing: ({ page }) => expect(bundle(page, SPENDING.gems)).toBeDisabled(),
    success: ({ page, context }) =>
      expect(page.getByRole('dialog', { name: SHOP_MESSAGES.congratulations })).toContainText(`You bought ${context.reward!.toLocaleString('en-US')} coins.`),
    failure: ({ page }) => expect(shop(page).getByRole('alert')).toHaveText(SHOP_MESSAGES.paymentFailed),
    // Ok loaded the shop tab again; after a purchase its gems are what the bundle left (the one
    // bundle the rider's gems buy is SPENDING's).
    done: async ({ page, context }) => {
      await expect(page).toHaveURL(/\/user\/activities#in-game-shop$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('shop-coins')).not.toHaveText('… coins');
      if (context.reward !== null) await expect(page.getByTestId('shop-gems')).toHaveText(`${context.gems - SPENDING.gems} gems`);
    },
  },
  events: {
    CHOOSE: ({ page, event }) => bundle(page, event.price).click(),
    'xstate.done.actor.purchaseCoins': async ({ page, event, held }) => {
      if (!event.output.status) await spendGemsElsewhere(page);
      await (await held('purchaseCoins')).continue();
    },
    'xstate.error.actor.purchaseCoins': async ({ held }) => (await held('purchaseCoins')).abort(),
    OK: ({ page }) => page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click(),
  },
});
