import { expect } from '@playwright/test';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import { otpVerifyMachine } from '~/machines/otp-verify.machine';
import { accountAtStep, expectArrivedWithToast, serverDecidedFormChecks, type Answered } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo, type ArrangeArgs } from '../../../tests/paths/browser/binding';

// The code page of a new account whose verification e-mail has gone (/e2e/account step=verify-email:
// the code, and the cookie naming the pending verification, as registration leaves them). The
// code typed decides the answer: the e-mailed one, or another. The post is held, so `submitting` is seen.

type Arranged = Answered & { code: string };

export default defineBinding<typeof otpVerifyMachine, Arranged>(otpVerifyMachine, {
  async arrange({ page }: ArrangeArgs) {
    const account = await accountAtStep(page, 'unverified', 'verify-email');
    await page.goto('/auth/verification');
    await expect(page.getByText(`Enter the 6-digit code we sent to ${account.email}.`)).toBeVisible();
    const arranged: Arranged = { code: account.code!, refusal: null };
    return arranged;
  },
  holds: { verify: postTo('/auth/verification') },
  states: {
    ...serverDecidedFormChecks<Arranged>('Verify'),
    leaving: ({ page }) => expectArrivedWithToast(page, /\/auth\/login$/, VERIFY_MESSAGES.verified),
  },
  events: {
    SUBMIT: async ({ page, upcoming, arranged }) => {
      const wrong = String((Number(arranged.code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Code').fill(upcoming[0]?.type === 'REJECTED' ? wrong : arranged.code);
      await page.getByRole('button', { name: 'Verify' }).click();
    },
    REJECTED: async ({ held, arranged }) => {
      arranged.refusal = VERIFY_MESSAGES.invalidCode;
      await (await held('verify')).continue();
    },
    REDIRECTED: async ({ held }) => (await held('verify')).continue(),
  },
});
