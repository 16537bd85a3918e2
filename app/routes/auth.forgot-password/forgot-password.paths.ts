import { expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { RECOVERY_MESSAGES } from '~/lib/account-messages';
import { forgotPasswordMachine } from '~/machines/forgot-password.machine';
import { postFromPage } from '../../../tests/paths/browser/arrange';
import { expectArrivedWithToast, serverDecidedFormChecks, type Answered } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo, type ArrangeArgs } from '../../../tests/paths/browser/binding';

// Forgot password with an address of the path's own (the answer is the same for any address).
// The server refuses an address asked for too often: its allowance is spent (/e2e/rate-limit)
// while the post is held. The post is held, so `submitting` is seen. Once asked, the button reads
// 'Send Again'.

type Arranged = Answered & { email: string };

export default defineBinding<typeof forgotPasswordMachine, Arranged>(forgotPasswordMachine, {
  async arrange({ page }: ArrangeArgs) {
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    const arranged: Arranged = { email: `forgot-${randomBytes(6).toString('hex')}@paceline.local`, refusal: null };
    return arranged;
  },
  holds: { request: postTo('/auth/forgot-password') },
  states: {
    ...serverDecidedFormChecks<Arranged>('Submit', 'Send Again'),
    leaving: ({ page }) => expectArrivedWithToast(page, /\/$/, RECOVERY_MESSAGES.resetSent),
  },
  events: {
    SUBMIT: async ({ page, arranged }) => {
      await page.getByLabel('Email').fill(arranged.email);
      await page.getByRole('button', { name: 'Submit' }).click();
    },
    REJECTED: async ({ page, held, arranged }) => {
      await postFromPage(page, '/e2e/rate-limit', { action: 'forgot-password', account: arranged.email });
      arranged.refusal = RECOVERY_MESSAGES.resetFailed;
      await (await held('request')).continue();
    },
    REDIRECTED: async ({ held }) => (await held('request')).continue(),
  },
});
