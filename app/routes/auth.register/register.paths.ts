import { expect, type Page, type Route } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { EventObject } from 'xstate';
import { SIGN_IN_MESSAGES } from '~/lib/account-messages';
import { MESSAGES } from '~/lib/account-fields';
import { ROBOT_CHECK_TTL_MS } from '~/lib/constants';
import { registerMachine } from '~/machines/register.machine';
import { COMMON_PASSWORD_MESSAGE } from '~/services/accounts/password.server';
import { fillRegister, forgeRobotCheck, passRobotCheck } from '../../../tests/e2e/accounts-helpers';
import { postFromPage } from '../../../tests/paths/browser/arrange';
import { expectArrivedWithToast, expectRefusedAskingForCheck, robotCheckedFormChecks } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The register form, filled before the robot check; what is typed decides the server's answer:
// an adult's birth date, a child's (12), or a password on the common list. A refused robot check
// is a forged payload; too many attempts is the e-mail's allowance spent (/e2e/rate-limit) while
// the post is held. The post is held, so `submitting` is seen.

const COMMON_PASSWORD = 'password123';

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });
const release = async ({ held }: { held: (name: string) => Promise<Route> }) => (await held('register')).continue();

/** The birth date that leads where the path goes: a child waits for consent, anyone else is an adult. */
function birthDate(events: EventObject[]): string {
  const child = events.some((event) => event.type === 'PARENTAL_CONSENT_PENDING');
  return child ? `${new Date().getUTCFullYear() - 12}-01-01` : '1990-05-06';
}

export default defineBinding(registerMachine, {
  async arrange({ page, events }) {
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const email = `register-${randomBytes(6).toString('hex')}@paceline.local`;
    await fillRegister(page, email, birthDate(events));
    if (events.some((event) => event.type === 'INVALID_FIELDS')) {
      await page.getByLabel('Password *', { exact: true }).fill(COMMON_PASSWORD);
      await page.getByLabel('Confirm Password').fill(COMMON_PASSWORD);
    }
    return { email };
  },
  holds: { register: postTo('/auth/register') },
  states: {
    ...robotCheckedFormChecks,
    verificationSent: ({ page }) => expectArrivedWithToast(page, /\/auth\/login$/, SIGN_IN_MESSAGES.registered),
    parentalConsentPending: async ({ page }) => {
      await expect(page).toHaveURL(/\/parental-consent\?childUserId=.+&userAge=12$/);
      await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
      await expect(page.getByText(/^You are 12\. A rider must be above 18 to create their own account/)).toBeVisible();
    },
    invalidFields: ({ page }) => expectRefusedAskingForCheck(page, COMMON_PASSWORD_MESSAGE),
    robotCheckFailed: ({ page }) => expectRefusedAskingForCheck(page, MESSAGES.robotCheck),
    tooManyAttempts: ({ page }) => expectRefusedAskingForCheck(page, SIGN_IN_MESSAGES.tooManyAttempts),
  },
  events: {
    ROBOT_CHECK_DONE: ({ page }) => passRobotCheck(page),
    ROBOT_CHECK_EXPIRED: ({ page }) => page.clock.fastForward(ROBOT_CHECK_TTL_MS),
    SUBMIT: async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'ROBOT_CHECK_FAILED') await forgeRobotCheck(page);
      await submit(page).click();
    },
    VERIFICATION_SENT: release,
    PARENTAL_CONSENT_PENDING: release,
    INVALID_FIELDS: release,
    ROBOT_CHECK_FAILED: release,
    TOO_MANY_ATTEMPTS: async ({ page, held, arranged }) => {
      // The e-mail's allowance spent while its post waits: the server answers with the refusal.
      await postFromPage(page, '/e2e/rate-limit', { action: 'register', account: arranged.email });
      await (await held('register')).continue();
    },
  },
});
