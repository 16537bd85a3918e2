import { expect } from '@playwright/test';
import { RECOVERY_MESSAGES } from '~/lib/account-messages';
import { resetPasswordMachine } from '~/machines/reset-password.machine';
import { accountAtStep, expectArrivedWithToast, serverDecidedFormChecks, type Answered } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo, type ArrangeArgs } from '../../../tests/paths/browser/binding';

// The e-mailed reset link of an account that asked for one (/e2e/account step=reset-password),
// or, where the server is to refuse it, a link no account was sent. The post is held, so
// `submitting` is seen.

export default defineBinding<typeof resetPasswordMachine, Answered>(resetPasswordMachine, {
  async arrange({ page, events }: ArrangeArgs) {
    const refused = events.some((event) => event.type === 'REJECTED');
    const code = refused ? 'a-link-nobody-was-sent' : (await accountAtStep(page, 'active', 'reset-password')).linkToken!;
    await page.goto(`/auth/forgot-password2?${new URLSearchParams({ code })}`);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    const arranged: Answered = { refusal: null };
    return arranged;
  },
  holds: { reset: postTo('/auth/forgot-password2') },
  states: {
    ...serverDecidedFormChecks('Submit'),
    leaving: ({ page }) => expectArrivedWithToast(page, /\/auth\/login$/, RECOVERY_MESSAGES.resetDone),
  },
  events: {
    SUBMIT: async ({ page }) => {
      await page.getByLabel('New Password').fill('brand-new-ride-1');
      await page.getByLabel('Confirm Password').fill('brand-new-ride-1');
      await page.getByRole('button', { name: 'Submit' }).click();
    },
    REJECTED: async ({ held, arranged }) => {
      arranged.refusal = RECOVERY_MESSAGES.invalidResetLink;
      await (await held('reset')).continue();
    },
    REDIRECTED: async ({ held }) => (await held('reset')).continue(),
  },
});
