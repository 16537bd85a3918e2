import { expect, type Page } from '@playwright/test';
import { WALLET_CODE_RESEND_WAIT_S } from '~/lib/constants';
import { codeRequestMachine } from '~/machines/code-request.machine';
import { openAsNewRider, postFromPage } from '../../../tests/paths/browser/arrange';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The phone code button of the wallet verification form (the e-mail button is the same machine).
// Each path has a rider of its own: a refusal spends the rider's code allowance (/e2e/rate-limit).
// The request is held, so Sending... is seen; no answer is a request aborted.

const button = (page: Page) => page.getByTestId('phone_key-button');

export default defineBinding(codeRequestMachine, {
  async arrange({ page }) {
    await openAsNewRider(page, '/wallet/account-verification');
    await expect(page.getByRole('heading', { name: 'Account verification' })).toBeVisible();
    // Time stands still: the countdown moves only when a step moves the clock.
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  holds: { sendCode: postTo('/wallet/request-otp/phone') },
  states: {
    ready: async ({ page, context }) => {
      await expect(button(page)).toHaveText('Get Code');
      // After a refusal or no answer the button says why under it; before any request, nothing.
      const error = page.locator('#wallet-verification .field-error[role="alert"]');
      if (context.error) await expect(error).toHaveText(context.error);
      else await expect(error).toHaveCount(0);
    },
    sending: async ({ page }) => {
      await expect(button(page)).toHaveText('Sending...');
      await expect(button(page)).toBeDisabled();
    },
    'waiting.counting': async ({ page }) => {
      await expect(button(page)).toHaveText(/^Wait \d+s$/);
      await expect(button(page)).toBeDisabled();
    },
  },
  events: {
    REQUEST: async ({ page }) => {
      // A mobile number of this path's own: Get Code opens once the number is valid.
      await page.getByLabel('Phone', { exact: true }).fill(`50${String(Date.now()).slice(-7)}`);
      await button(page).click();
    },
    'xstate.done.actor.sendCode': async ({ page, event, held }) => {
      // The server refuses a rider who has asked for too many codes (spec 1 §8): spend the allowance first.
      if (!event.output.ok) await postFromPage(page, '/e2e/rate-limit', { action: 'code-send' });
      await (await held('sendCode')).continue();
    },
    'xstate.error.actor.sendCode': async ({ held }) => (await held('sendCode')).abort(),
    // One second of the countdown, or all of it when the step ends it.
    'xstate.after.oneSecond': ({ page, to }) => page.clock.runFor(to === 'ready' ? WALLET_CODE_RESEND_WAIT_S * 1000 : 1000),
  },
});
