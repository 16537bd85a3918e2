import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { WALLET_WITHDRAWAL_REDIRECT_MS } from '~/lib/constants';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { checkAmount } from '~/lib/wallet/withdrawal-schema';
import { withdrawalMachine } from '~/machines/withdrawal.machine';
import { arrangeFor, signInAsNewRider } from '../../../tests/paths/browser/arrange-shop-wallet';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The withdrawal request form, for a verified rider of its own with a prize of 0.6 BTC: enough for
// one withdrawal of the catalogue's 0.5 BTC and its fee, not two. The post is held; while it
// waits, a refusal is arranged by a withdrawal from another tab (the same form, posted without
// JavaScript), which leaves too little for this one.

const PRIZE_BTC = '0.6';

const form = (page: Page) => page.locator('form#withdrawal');
const amount = (page: Page) => form(page).getByLabel(/^Amount/);
const withdraw = (page: Page) => form(page).getByRole('button', { name: /^(Withdraw|Submitting\.\.\.)$/ });

/** Another tab's withdrawal of the same amount, through the form's own action. */
async function withdrawElsewhere(page: Page) {
  const response = await page.request.post('/wallet/withdrawal-request', {
    form: {
      amount: await amount(page).inputValue(),
      email: await form(page).getByLabel('Email').inputValue(),
      walletAddress: await form(page).getByLabel('Wallet address').inputValue(),
      requestKey: randomUUID(),
    },
    maxRedirects: 0,
  });
  // Without JavaScript the accepted request goes straight to the wallet.
  expect(response.headers().location).toBe('/wallet');
}

export default defineBinding(withdrawalMachine, {
  async arrange({ page }) {
    await signInAsNewRider(page);
    await arrangeFor(page, '/e2e/wallet', { intent: 'verification', status: 'approved' });
    await arrangeFor(page, '/e2e/wallet', { intent: 'prize', btc: PRIZE_BTC });
    await page.goto('/wallet/withdrawal-request');
    await expect(amount(page)).toBeEditable();
    // Time stands still: the return to the wallet waits for its step to move the clock.
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  holds: { withdraw: postTo('/wallet/withdrawal-request') },
  states: {
    // Withdraw is enabled exactly when the amount passes every rule; the server's refusal shows above it.
    editing: async ({ page, context }) => {
      await expect(amount(page)).toHaveValue(context.amount);
      await expect(amount(page)).toBeEditable();
      const valid = 'satoshi' in checkAmount(context.amount, context.limits);
      await expect(withdraw(page)).toHaveText('Withdraw');
      if (valid) await expect(withdraw(page)).toBeEnabled();
      else await expect(withdraw(page)).toBeDisabled();
      const refusal = form(page).locator(':scope > p.field-error[role="alert"]');
      if (context.error) await expect(refusal).toHaveText(context.error);
      else await expect(refusal).toHaveCount(0);
    },
    submitting: async ({ page }) => {
      await expect(withdraw(page)).toHaveText('Submitting...');
      await expect(withdraw(page)).toBeDisabled();
      await expect(amount(page)).toBeDisabled();
    },
    succeeded: async ({ page }) => {
      await expect(page.locator('.toast').getByText(WALLET_MESSAGES.withdrawalSubmitted)).toBeVisible();
      await expect(page).toHaveURL(/\/wallet\/withdrawal-request$/);
      await expect(amount(page)).toBeDisabled();
    },
    // Back on the wallet, the request waits for staff.
    leaving: async ({ page }) => {
      await expect(page).toHaveURL(/\/wallet$/);
      await expect(page.getByTestId('pending-requests')).toHaveText('1');
    },
  },
  events: {
    AMOUNT_CHANGED: ({ page, event }) => amount(page).fill(event.amount),
    SUBMIT: ({ page }) => withdraw(page).click(),
    FAILED: async ({ page, held }) => {
      await withdrawElsewhere(page);
      await (await held('withdraw')).continue();
    },
    SUBMITTED: async ({ held }) => (await held('withdraw')).continue(),
    'xstate.after.redirectAfterSuccess': ({ page }) => page.clock.runFor(WALLET_WITHDRAWAL_REDIRECT_MS),
  },
});
