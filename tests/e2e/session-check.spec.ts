import { expect, test, type Page } from './fixtures';
import { SESSION_END_MESSAGES, SESSION_OFFLINE_MESSAGE } from '../../app/lib/account-messages';
import { SESSION_CHECK_MS, SESSION_OFFLINE_RETRY_MS } from '../../app/lib/constants';

// The session machine (app/machines/session.machine.ts) in a real browser: every way a check
// starts and every answer it can get. The browser's clock is installed before the page loads,
// so the 2-minute check and the offline retry fire when the test moves it, not after a wait.

const sessionState = (page: Page) => page.locator('.user-menu');

async function expectSession(page: Page, state: string) {
  await expect(sessionState(page)).toHaveAttribute('data-session-state', state);
}

/** Runs `trigger` and waits for the session check it starts to get its answer (or to fail). */
async function checkAfter(page: Page, trigger: () => Promise<unknown>) {
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/session');
  await trigger();
  await asked;
}

const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
const showTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
const comeOnline = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

test('the session check: every 2 minutes, on focus and a visible tab; offline keeps the rider signed in; revoked and expired sessions lead to login with the reason', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  await page.goto('/e2e/login?email=rider%40paceline.local&redirectTo=%2Fevents');
  await expectSession(page, 'signedIn');

  await checkAfter(page, () => page.clock.fastForward(SESSION_CHECK_MS));
  await expectSession(page, 'signedIn');
  await checkAfter(page, () => showTab(page));
  await expectSession(page, 'signedIn');

  // No answer: a notice, no sign-out; each way of asking again gets no answer either, until the network is back.
  await page.route('**/auth/session', (route) => route.abort('internetdisconnected'));
  await checkAfter(page, () => focusWindow(page));
  await expectSession(page, 'networkDown');
  await expect(page.getByText(SESSION_OFFLINE_MESSAGE)).toBeVisible();
  for (const askAgain of [comeOnline, showTab, focusWindow]) {
    await checkAfter(page, () => askAgain(page));
    await expectSession(page, 'networkDown');
  }
  await page.unroute('**/auth/session');
  await checkAfter(page, () => page.clock.fastForward(SESSION_OFFLINE_RETRY_MS));
  await expectSession(page, 'signedIn');
  await expect(page.getByText(SESSION_OFFLINE_MESSAGE)).toHaveCount(0);

  // Another browser with the same session logs out: this one learns it on its next check.
  const elsewhere = await browser.newContext();
  await elsewhere.addCookies(await page.context().cookies());
  const other = await elsewhere.newPage();
  await other.goto('/events');
  await other.locator('.user-menu summary').click();
  await other.getByRole('button', { name: 'Log Out' }).click();
  await expect(other.locator('.user-menu')).toHaveCount(0);
  await elsewhere.close();
  await focusWindow(page);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fevents&reason=session_revoked$/);
  await expect(page.getByText(SESSION_END_MESSAGES.session_revoked)).toBeVisible();

  // Signed in again, the cookies vanish (a logout in another tab of this browser): expired.
  await page.goto('/e2e/login?email=rider%40paceline.local&redirectTo=%2Fteams');
  await expectSession(page, 'signedIn');
  await page.context().clearCookies();
  await focusWindow(page);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fteams&reason=session_expired$/);
  await expect(page.getByText(SESSION_END_MESSAGES.session_expired)).toBeVisible();
});
