import { expect, type Page, type Route } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { CONSENT_MESSAGES } from '~/lib/account-messages';
import { PARENTAL_CONSENT_REDIRECT_MS, PARENTAL_CONSENT_RESEND_WAIT_S } from '~/lib/constants';
import { parentalConsentMachine } from '~/machines/parental-consent.machine';
import { postFromPage } from '../../../tests/paths/browser/arrange';
import { accountAtStep, type Answered } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The consent page of a child who has just registered (/e2e/account step=parental-consent: the
// page and the cookie that lets this browser name the parent). The server refuses the child's
// own address as the parent's, and a resend once the child's allowance of mails is spent
// (/e2e/rate-limit) while the post is held. Time stands still once the page is open: the 300 s
// and 12-minute timers fire when a step moves the clock.

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });
const resend = (page: Page) => page.getByRole('button', { name: /^Resend/ });
const parentEmail = (page: Page) => page.getByLabel("Parent's email");
const refusal = (page: Page) => page.locator('.consent-card .form-errors');
const release = async ({ held }: { held: (name: string) => Promise<Route> }) => (await held('consent')).continue();

interface Arranged extends Answered {
  child: { email: string; id: string };
  /** What the rider typed as the parent's address last. */
  typed: string;
}

async function expectRefusal(page: Page, arranged: Arranged) {
  if (arranged.refusal) await expect(refusal(page)).toHaveText(arranged.refusal);
  else await expect(refusal(page)).toHaveCount(0);
}

export default defineBinding<typeof parentalConsentMachine, Arranged>(parentalConsentMachine, {
  async arrange({ page }) {
    const child = await accountAtStep(page, 'pending-child', 'parental-consent');
    await page.goto(child.to!);
    await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
    await expect(parentEmail(page)).toBeFocused();
    await page.clock.pauseAt(Date.now() + 1_000);
    const arranged: Arranged = { child: { email: child.email, id: child.id }, typed: '', refusal: null };
    return arranged;
  },
  holds: { consent: postTo('/parental-consent') },
  states: {
    form: async ({ page, context, arranged }) => {
      await expect(parentEmail(page)).toHaveValue(arranged.typed);
      if (context.email.trim()) await expect(submit(page)).toBeEnabled();
      else await expect(submit(page)).toBeDisabled();
      await expectRefusal(page, arranged);
    },
    sending: async ({ page }) => {
      await expect(submit(page)).toHaveAttribute('aria-busy', 'true');
      await expect(submit(page)).toBeDisabled();
    },
    emailSent: async ({ page, arranged }) => {
      await expect(page.getByRole('heading', { name: 'Email sent' })).toBeVisible();
      await expect(page.getByText(`We have sent an approval link to ${arranged.typed}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit email' })).toBeEnabled();
    },
    'emailSent.resendLocked': async ({ page }) => {
      await expect(resend(page)).toHaveText(`Resend (${PARENTAL_CONSENT_RESEND_WAIT_S}s)`);
      await expect(resend(page)).toBeDisabled();
    },
    'emailSent.resendOpen': async ({ page, arranged }) => {
      await expect(resend(page)).toHaveText('Resend');
      await expect(resend(page)).toBeEnabled();
      await expectRefusal(page, arranged);
    },
    resending: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Email sent' })).toBeVisible();
      await expect(resend(page)).toHaveAttribute('aria-busy', 'true');
    },
    redirecting: async ({ page }) => {
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    },
  },
  events: {
    EMAIL_CHANGED: async ({ page, event, upcoming, arranged }) => {
      // The child's own address where the server is to refuse the address itself, else a parent's of this path's own.
      const refused = upcoming[0]?.type === 'SUBMIT' && upcoming[1]?.type === 'FAILED';
      arranged.typed = !event.email ? '' : refused ? arranged.child.email : `parent-${randomBytes(6).toString('hex')}@paceline.local`;
      await parentEmail(page).fill(arranged.typed);
    },
    SUBMIT: ({ page }) => submit(page).click(),
    SENT: async ({ held, arranged }) => {
      arranged.refusal = null;
      await release({ held });
    },
    FAILED: {
      sending: async ({ held, arranged }) => {
        arranged.refusal = CONSENT_MESSAGES.notParent;
        await release({ held });
      },
      resending: async ({ page, held, arranged }) => {
        // The child's allowance of consent mails spent while the resend waits.
        await postFromPage(page, '/e2e/rate-limit', { action: 'code-send', account: arranged.child.id });
        arranged.refusal = CONSENT_MESSAGES.resendFailed;
        await release({ held });
      },
    },
    'xstate.after.resendWait': ({ page }) => page.clock.fastForward(PARENTAL_CONSENT_RESEND_WAIT_S * 1000),
    RESEND: ({ page }) => resend(page).click(),
    EDIT_EMAIL: ({ page }) => page.getByRole('button', { name: 'Edit email' }).click(),
    'xstate.after.autoRedirect': ({ page }) => page.clock.fastForward(PARENTAL_CONSENT_REDIRECT_MS),
  },
});
