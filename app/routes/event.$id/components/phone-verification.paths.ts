import { expect, type Page } from '@playwright/test';
import { phoneVerificationMachine } from '~/machines/phone-verification.machine';
import { openAsNewRider } from '../../../../tests/paths/browser/arrange';
import { makeEvent, newPhoneNumber, NO_EXTRA_STEPS, sentCode, wizardNext } from '../../../../tests/paths/browser/arrange-events';
import { defineBinding } from '../../../../tests/paths/browser/binding';
import { waitForHydration } from '../../../../tests/paths/browser/hydration';
import { completeCommonSteps } from '../../../../tests/e2e/events-helpers';

// The PHONE VERIFICATION step of a wizard (an event asking for it: one per worker), for a new
// rider each path with a number of its own. The step's calls are held, so `sending` and
// `verifying` are seen; no answer is the call aborted, a refused code is a wrong one typed.

interface Arranged {
  phone: string;
}

const field = (page: Page) => page.getByLabel('Phone number');
const codeField = (page: Page) => page.getByLabel('Verification code');
const error = (page: Page) => page.locator('.wizard-phone .field-error');

/** The message under the step: the model's last error, or none. */
async function showsError(page: Page, message: string | null) {
  if (message) await expect(error(page)).toHaveText(message);
  else await expect(error(page)).toHaveText('');
}

export default defineBinding(phoneVerificationMachine, {
  async arrange({ page, once }): Promise<Arranged> {
    const eventId = await once('event asking for a phone', () => makeEvent(page, { ...NO_EXTRA_STEPS, otp: true }, false));
    await openAsNewRider(page, `/event/${eventId}`);
    await waitForHydration(page);
    await completeCommonSteps(page);
    await wizardNext(page).click();
    await expect(page.getByRole('group', { name: 'PHONE VERIFICATION' })).toBeVisible();
    return { phone: newPhoneNumber() };
  },
  holds: { phone: { method: 'POST', url: (url) => /^\/event\/\d+\/phone$/.test(url.pathname) } },
  states: {
    notSent: async ({ page, context }) => {
      await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled();
      await expect(codeField(page)).toHaveCount(0);
      await expect(field(page)).toBeEditable();
      await showsError(page, context.error);
    },
    sending: ({ page }) => expect(page.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true'),
    sent: async ({ page, context }) => {
      await expect(codeField(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
      await expect(field(page)).not.toBeEditable();
      await showsError(page, context.error);
    },
    verifying: ({ page }) => expect(page.getByRole('button', { name: 'Verifying…' })).toHaveAttribute('aria-busy', 'true'),
    verified: async ({ page }) => {
      await expect(page.getByText('Phone number verified.')).toBeVisible();
      await expect(field(page)).not.toBeEditable();
      await expect(page.getByLabel('I agree to the terms and conditions')).toBeVisible();
    },
  },
  events: {
    SEND: async ({ page, event, arranged }) => {
      await field(page).fill(arranged.phone);
      await page.getByRole('radio', { name: event.channel === 'sms' ? 'SMS' : 'WhatsApp' }).check();
      await page.getByRole('button', { name: 'Send code' }).click();
    },
    'xstate.done.actor.sendCode': async ({ held }) => (await held('phone')).continue(),
    'xstate.error.actor.sendCode': async ({ held }) => (await held('phone')).abort(),
    RESEND: ({ page }) => page.getByRole('button', { name: 'Resend code' }).click(),
    VERIFY: async ({ page, upcoming, arranged }) => {
      const code = await sentCode(page, arranged.phone);
      // The server refuses a code that is not the one it sent.
      const wrong = upcoming[0]?.type === 'xstate.error.actor.verifyCode';
      await codeField(page).fill(wrong ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code);
      await page.getByRole('button', { name: 'Verify' }).click();
    },
    'xstate.done.actor.verifyCode': async ({ held }) => (await held('phone')).continue(),
    'xstate.error.actor.verifyCode': async ({ held }) => (await held('phone')).continue(),
    CHANGE_PHONE: ({ page }) => page.getByRole('button', { name: 'Change number' }).click(),
  },
});
