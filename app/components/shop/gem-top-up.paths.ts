import { expect, type Page } from '@playwright/test';
import { PAYMENT_POLL_INTERVAL_MS } from '~/lib/constants';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { gemTopUpMachine } from '~/machines/gem-top-up.machine';
import { signInAsSharedRider } from '../../../tests/paths/browser/arrange';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// Power Gems in the payment modal of the In Game Shop tab.
// The checkout call and each payment poll are held: the server's answer is arranged while they
// wait (the sandbox provider's session paid, declined or left open; a bundle withdrawn) and the
// request then goes on, or is aborted for no answer. The provider's return is the page opened
// again with payment_result and the order the rider's checkout made.

const BUNDLE = { packageId: 'gems_100', price: 'AED 18.99', gems: 100 };
/** The sandbox provider's test cards (app/services/adapters/payments/sandbox.server.ts). */
const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

/** The order a RETURNED step made, for the polls after it to settle. */
interface Arranged {
  order: { id: string; sessionPath: string } | null;
}

const shop = (page: Page) => page.getByRole('dialog', { name: 'Shop' });
const bundle = (page: Page) => shop(page).getByRole('button', { name: BUNDLE.price });
const pollStatus = (page: Page) => shop(page).locator('[aria-live="polite"]');

/** The provider's session settled as the rider would on its page: paid or declined by card. */
async function settle(page: Page, arranged: Arranged, card: string) {
  if (!arranged.order) throw new Error('No order to settle: the path returned without one');
  const response = await page.request.post(arranged.order.sessionPath, { form: { card }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** The answer to the held checkout call: as it comes, for a bundle withdrawn meanwhile, or none. Each raises the alert. */
async function answerCheckout(page: Page, release: () => Promise<void>) {
  const alert = page.waitForEvent('dialog');
  await release();
  const dialog = await alert;
  expect(dialog.message()).toBe(SHOP_MESSAGES.noSession);
  await dialog.accept();
}

export default defineBinding(gemTopUpMachine, {
  async arrange({ page, once }): Promise<Arranged> {
    // Each path makes its own order: a rider per worker serves them all.
    await signInAsSharedRider(page, once);
    await page.goto('/user/activities#in-game-shop');
    await expect(page.getByTestId('shop-coins')).not.toHaveText('… coins');
    await page.getByRole('button', { name: 'Buy coins and gems' }).click();
    await shop(page).getByRole('tab', { name: 'Power Gems' }).click();
    // Time stands still: a poll waits for its step however long a check takes on a loaded machine.
    await page.clock.pauseAt(Date.now() + 1_000);
    return { order: null };
  },
  holds: {
    createSession: postTo('/api/garage/redirect-to-checkout'),
    paymentInfo: postTo('/api/garage/payment/info'),
  },
  states: {
    choosing: async ({ page }) => {
      await expect(shop(page).getByRole('tab', { name: 'Power Gems' })).toHaveAttribute('aria-selected', 'true');
      await expect(bundle(page)).toBeEnabled();
    },
    requestingSession: ({ page }) => expect(bundle(page)).toBeDisabled(),
    redirecting: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
      await expect(page.locator('.sandbox-checkout')).toContainText(BUNDLE.price);
    },
    'checkingPayment.asking': async ({ page, context }) => {
      await expect(pollStatus(page)).toHaveAttribute('data-state', 'asking');
      // From halfway through the tries the dialog says so (spec 2 §8 "Payment slow").
      await expect(pollStatus(page)).toHaveText(context.slow ? SHOP_MESSAGES.paymentSlow : SHOP_MESSAGES.paymentWaiting);
    },
    'checkingPayment.waiting': async ({ page, context }) => {
      await expect(pollStatus(page)).toHaveAttribute('data-state', 'waiting');
      await expect(pollStatus(page)).toHaveText(context.slow ? SHOP_MESSAGES.paymentSlow : SHOP_MESSAGES.paymentWaiting);
    },
    success: ({ page }) => expect(page.getByRole('dialog', { name: SHOP_MESSAGES.congratulations })).toContainText(`You bought ${BUNDLE.gems} Power Gems.`),
    failure: ({ page }) => expect(shop(page).getByRole('alert')).toHaveText(SHOP_MESSAGES.paymentFailed),
    closed: async ({ page }) => {
      await expect(page).toHaveURL(/\/user\/activities#in-game-shop$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  },
  events: {
    CHOOSE: ({ page }) => bundle(page).click(),
    'xstate.done.actor.createSession': async ({ page, event, held }) => {
      const route = await held('createSession');
      if (event.output.sessionUrl) return route.continue();
      // The bundle was withdrawn while the modal was open: the server has no session to give.
      await answerCheckout(page, () => route.continue({ postData: 'package_id=withdrawn_bundle' }));
    },
    'xstate.error.actor.createSession': async ({ page, held }) => {
      const route = await held('createSession');
      await answerCheckout(page, () => route.abort());
    },
    RETURNED: async ({ page, event, arranged }) => {
      // The rider's checkout: an order and the provider's session, as choosing the bundle makes them.
      const response = await page.request.post('/api/garage/redirect-to-checkout', { form: { package_id: BUNDLE.packageId } });
      expect(response.ok()).toBe(true);
      const { data } = (await response.json()) as { data: { order_id: string; session_url: string } };
      arranged.order = { id: data.order_id, sessionPath: new URL(data.session_url).pathname };
      await page.goto(`/user/activities?${new URLSearchParams({ payment_result: event.paymentResult, orderId: data.order_id })}#in-game-shop`);
    },
    'xstate.done.actor.paymentInfo': async ({ page, event, arranged, held }) => {
      const route = await held('paymentInfo');
      if (event.output.state === 'paid') await settle(page, arranged, CARDS.paid);
      if (event.output.state === 'failed') await settle(page, arranged, CARDS.declined);
      // Pending: the session stays open and the provider says so.
      await route.continue();
    },
    'xstate.error.actor.paymentInfo': async ({ held }) => (await held('paymentInfo')).abort(),
    'xstate.after.pollInterval': ({ page }) => page.clock.fastForward(PAYMENT_POLL_INTERVAL_MS),
    OK: ({ page }) => page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click(),
  },
});
