import { expect, type Page } from '@playwright/test';
import { SESSION_END_MESSAGES, SESSION_OFFLINE_MESSAGE } from '~/lib/account-messages';
import { SESSION_CHECK_MS, SESSION_OFFLINE_RETRY_MS } from '~/lib/constants';
import type { SessionEndReason } from '~/lib/login-path';
import { SESSION_PATH } from '~/lib/logout';
import { sessionMachine, type SessionAnswer } from '~/machines/session.machine';
import { openAsNewRider, signInAsSharedRider } from '../../../tests/paths/browser/arrange';
import { defineBinding } from '../../../tests/paths/browser/binding';

// The session watch of the shell, for a rider signed in on /events. Every check is held; the step
// that answers it arranges the answer through the server first: a session logged out in another
// browser is revoked, cookies gone from this one (cleared before the check reaches the server)
// are expired, and no answer is the check aborted. Time stands still once the page is open: the
// 2-minute check and the offline retry fire when a step moves the clock. Log Out is the account
// menu's button; its post is held too, released to end the session or aborted for no answer.

const PAGE = '/events';
const accountMenu = (page: Page) => page.locator('.user-menu');
const notice = (page: Page) => page.getByText(SESSION_OFFLINE_MESSAGE);
const logOutButton = (page: Page) => accountMenu(page).getByRole('button', { name: /^(Log Out|Logging out…)$/ });

/** The login page a lost session leads to, keeping where the rider was, with the reason's toast. */
async function expectSentToLogin(page: Page, reason: SessionEndReason) {
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login' && url.search === `?${new URLSearchParams({ redirect: PAGE, reason })}`);
  // The login page shows it a tick after it opens (the root's Toaster subscribes first), and time stands still here.
  await page.clock.runFor(100);
  await expect(page.locator('.toast').getByText(SESSION_END_MESSAGES[reason])).toBeVisible();
}

/** The rider logs out in another browser that shares this session (the same cookies). */
async function logOutElsewhere(page: Page) {
  const elsewhere = await page.context().browser()!.newContext();
  try {
    await elsewhere.addCookies(await page.context().cookies());
    const response = await elsewhere.request.post(new URL('/auth/logout', page.url()).href, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
  } finally {
    await elsewhere.close();
  }
}

export default defineBinding(sessionMachine, {
  async arrange({ page, events, once }) {
    // A revoked session, or one the rider logs out of, is this path's own; the others share the worker's rider.
    const revoked = events.some((event) => (event as { output?: SessionAnswer }).output?.status === 'revoked');
    const loggingOut = events.some((event) => event.type === 'LOG_OUT');
    if (revoked || loggingOut) await openAsNewRider(page, PAGE);
    else {
      await signInAsSharedRider(page, once);
      await page.goto(PAGE);
    }
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  holds: {
    check: { method: 'GET', url: (url) => url.pathname === SESSION_PATH },
    endSession: { method: 'POST', url: (url) => url.pathname === SESSION_PATH },
  },
  states: {
    checking: async ({ page }) => {
      await expect(accountMenu(page)).toHaveAttribute('aria-busy', 'true');
      await expect(notice(page)).toHaveCount(0);
    },
    signedIn: async ({ page }) => {
      await expect(accountMenu(page)).toHaveAttribute('aria-busy', 'false');
      await expect(notice(page)).toHaveCount(0);
    },
    networkDown: async ({ page }) => {
      await expect(notice(page)).toBeVisible();
      await expect(accountMenu(page)).toHaveAttribute('aria-busy', 'false');
    },
    signingOut: async ({ page }) => {
      await expect(accountMenu(page)).toHaveAttribute('aria-busy', 'true');
      await expect(logOutButton(page)).toHaveText('Logging out…');
    },
    // /events needs no rider: it opens again, signed out.
    signedOut: async ({ page }) => {
      await expect(page).toHaveURL((url) => url.pathname === PAGE);
      await expect(page.locator('.account-nav').getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(accountMenu(page)).toHaveCount(0);
    },
    expired: ({ page }) => expectSentToLogin(page, 'session_expired'),
    revokedElsewhere: ({ page }) => expectSentToLogin(page, 'session_revoked'),
  },
  events: {
    'xstate.done.actor.checkSession': async ({ page, event, held }) => {
      const check = await held('check');
      if (event.output.status === 'revoked') await logOutElsewhere(page);
      if (event.output.status !== 'expired') return check.continue();
      // The cookies are gone (a logout in another tab of this browser): the check goes without them.
      await page.context().clearCookies();
      const { cookie: _gone, ...headers } = await check.request().allHeaders();
      await check.continue({ headers });
    },
    'xstate.error.actor.checkSession': async ({ held }) => (await held('check')).abort('internetdisconnected'),
    LOG_OUT: async ({ page }) => {
      await accountMenu(page).getByLabel('Account menu').click();
      await logOutButton(page).click();
    },
    'xstate.done.actor.endSession': async ({ held }) => (await held('endSession')).continue(),
    'xstate.error.actor.endSession': async ({ held }) => (await held('endSession')).abort('internetdisconnected'),
    WINDOW_FOCUSED: ({ page }) => page.evaluate(() => window.dispatchEvent(new Event('focus'))),
    TAB_VISIBLE: ({ page }) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))),
    BACK_ONLINE: ({ page }) => page.evaluate(() => window.dispatchEvent(new Event('online'))),
    'xstate.after.sessionCheck': ({ page }) => page.clock.fastForward(SESSION_CHECK_MS),
    'xstate.after.offlineRetry': ({ page }) => page.clock.fastForward(SESSION_OFFLINE_RETRY_MS),
  },
});
