import { expect, type Page } from '@playwright/test';
import { PURCHASE_DIALOG_DELAY_MS } from '~/lib/constants';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { itemPurchaseMachine } from '~/machines/item-purchase.machine';
import { arrangeFor, openShopAsNewRider } from '../../../tests/paths/browser/arrange-shop-wallet';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// Quick View of a frame on the In Game Shop tab, for a rider of its own with just its price in
// coins. The check and the purchase are held: while they wait, the server's answer is arranged
// (the item bought from another tab, so the server says it is owned) and the call goes on, or is
// aborted for no answer.

const ITEM = { name: 'Aero Blade R1', coins: 1200 };

const quickView = (page: Page) => page.getByRole('complementary', { name: `Quick View: ${ITEM.name}` });
const buy = (page: Page) => quickView(page).getByRole('button', { name: /^(Buy Now|Buying…)$/ });
const message = (page: Page) => quickView(page).getByRole('alert');
const card = (page: Page) => page.locator('.shop-card', { has: page.getByRole('heading', { name: ITEM.name }) });

/** Neither Quick View nor a dialog: the shop tab alone. */
async function shopAlone(page: Page) {
  await expect(quickView(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page)).toBeVisible();
}

/** The rider buys the item from another tab (the shop's own purchase), so the server finds it owned. */
const boughtElsewhere = (page: Page) => arrangeFor(page, '/e2e/shop', { intent: 'buy', item: ITEM.name });

export default defineBinding(itemPurchaseMachine, {
  async arrange({ page }) {
    await openShopAsNewRider(page, { coins: ITEM.coins });
    await page.getByRole('button', { name: `Quick View ${ITEM.name}` }).click();
    await expect(quickView(page)).toBeVisible();
    // Time stands still: the success dialog's delay passes only when its step moves the clock.
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  holds: {
    checkPurchase: postTo('/api/garage/check-user-purchase-item'),
    purchase: postTo('/api/garage/purchase/item'),
  },
  states: {
    checking: async ({ page }) => {
      await expect(quickView(page).getByText('Checking…')).toBeVisible();
      await expect(buy(page)).toHaveCount(0);
    },
    blocked: async ({ page, context }) => {
      await expect(message(page)).toHaveText(context.message!);
      await expect(buy(page)).toHaveCount(0);
    },
    ready: async ({ page }) => {
      await expect(buy(page)).toHaveText('Buy Now');
      await expect(buy(page)).toBeEnabled();
      await expect(message(page)).toHaveCount(0);
    },
    purchasing: async ({ page }) => {
      await expect(buy(page)).toHaveText('Buying…');
      await expect(buy(page)).toBeDisabled();
      await expect(message(page)).toHaveCount(0);
    },
    failed: async ({ page, context }) => {
      await expect(message(page)).toHaveText(context.message!);
      await expect(buy(page)).toBeEnabled();
    },
    // Quick View has closed; the success dialog waits for its delay.
    purchased: ({ page }) => shopAlone(page),
    successDialog: ({ page }) => expect(page.getByRole('dialog', { name: SHOP_MESSAGES.purchaseSuccessful })).toContainText(`${ITEM.name} is yours.`),
    // The page loaded again: the frame is the rider's and its coins are spent.
    reloading: async ({ page }) => {
      await shopAlone(page);
      await expect(card(page)).toContainText('Owned');
      await expect(page.getByTestId('shop-coins')).toHaveText('0 coins');
    },
    closed: ({ page }) => shopAlone(page),
  },
  events: {
    CLOSE: ({ page }) => quickView(page).getByRole('button', { name: 'Close Quick View' }).click(),
    'xstate.done.actor.checkPurchase': async ({ page, event, held }) => {
      if (event.output.error) await boughtElsewhere(page);
      await (await held('checkPurchase')).continue();
    },
    'xstate.error.actor.checkPurchase': async ({ held }) => (await held('checkPurchase')).abort(),
    BUY: ({ page }) => buy(page).click(),
    'xstate.done.actor.purchase': async ({ page, event, held }) => {
      if (!event.output.status) await boughtElsewhere(page);
      await (await held('purchase')).continue();
    },
    'xstate.error.actor.purchase': async ({ held }) => (await held('purchase')).abort(),
    'xstate.after.successDialog': ({ page }) => page.clock.runFor(PURCHASE_DIALOG_DELAY_MS),
    CONFIRM: ({ page }) => page.getByRole('dialog', { name: SHOP_MESSAGES.purchaseSuccessful }).getByRole('button', { name: 'Ok' }).click(),
  },
});
