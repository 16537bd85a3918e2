import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import { linkVerificationMachine } from '~/machines/link-verification.machine';
import { accountAtStep } from '../../../tests/paths/browser/arrange-accounts';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';

// The verify-user page (the verify-kid and delete-user pages are the same component) opened from
// an e-mailed link. The link decides the server's answers: a fresh one verifies, one past its ten
// minutes is refused but can be sent again, one nobody was sent is refused both times (made by
// /e2e/account step=verify-email). Its posts are held, so "Please wait…" is seen; no answer is
// a post aborted.

type LinkAnswerEvent = EventObject & { output?: { ok: boolean } };

/** The link the path's answers call for. */
async function linkFor(page: Page, events: LinkAnswerEvent[]): Promise<string> {
  const answer = (id: string) => events.find((event) => event.type === `xstate.done.actor.${id}`)?.output?.ok;
  if (answer('verifyLink') === true) return (await accountAtStep(page, 'unverified', 'verify-email')).linkToken!;
  if (answer('resendLink') === true) return (await accountAtStep(page, 'unverified', 'verify-email', { expired: 'true' })).linkToken!;
  return 'a-link-nobody-was-sent';
}

const pleaseWait = (page: Page) => page.getByText('Please wait…');
const failed = (page: Page) => page.locator('.link-page-failed');
const resend = (page: Page) => page.getByRole('button', { name: 'Resend' });
type Held = { held: (name: string) => Promise<Route> };
const release = async ({ held }: Held) => (await held('link')).continue();
const dropped = async ({ held }: Held) => (await held('link')).abort();

export default defineBinding(linkVerificationMachine, {
  async arrange({ page, events }) {
    await page.goto(`/verify-user?${new URLSearchParams({ es: await linkFor(page, events) })}`);
    await expect(page.getByRole('heading', { name: 'Verify your account' })).toBeVisible();
  },
  holds: { link: postTo('/auth/links') },
  states: {
    pending: async ({ page }) => {
      await expect(pleaseWait(page)).toBeVisible();
      await expect(failed(page)).toHaveCount(0);
    },
    success: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
      await expect(page.getByText(VERIFY_MESSAGES.verified)).toBeVisible();
      await expect(page.getByRole('link', { name: 'ENJOY YOUR RIDE' })).toHaveAttribute('href', '/auth/login');
    },
    failed: async ({ page, context }) => {
      await expect(failed(page)).toContainText(`⚠ ${context.message}`);
      await expect(resend(page)).toBeEnabled();
      await expect(pleaseWait(page)).toHaveCount(0);
    },
    resending: async ({ page }) => {
      await expect(pleaseWait(page)).toBeVisible();
      await expect(failed(page)).toHaveCount(0);
    },
    resent: async ({ page }) => {
      await expect(page.getByText(VERIFY_MESSAGES.resent)).toBeVisible();
      await expect(resend(page)).toHaveCount(0);
    },
  },
  events: {
    'xstate.done.actor.verifyLink': release,
    'xstate.error.actor.verifyLink': dropped,
    RESEND: ({ page }) => resend(page).click(),
    'xstate.done.actor.resendLink': release,
    'xstate.error.actor.resendLink': dropped,
  },
});
