import { expect, test, type Page } from './fixtures';
import { loginAs } from '../helpers/e2e';
import { SESSION_END_MESSAGES, SESSION_OFFLINE_MESSAGE } from '../../app/lib/account-messages';

// Logging out (spec 1 §4, decision 180) in a real browser, with the page's script and without it:
// Log Out on a page that needs a rider lands on login with that path and session_expired, on a
// public page the rider stays, signed out; /auth/login?action=logout logs out at once when the
// rider asked (a typed address, a Paceline page) and asks to confirm a link from another site.

const RIDER = 'rider@paceline.local';
const menu = (page: Page) => page.locator('.user-menu');
/** The login page's toast (a plain notice without JavaScript, which getByText does not read inside <noscript>). */
const expiredToast = (page: Page) => page.getByRole('status').filter({ hasText: SESSION_END_MESSAGES.session_expired });
const loggedOutOf = (path: string) => new RegExp(`/auth/login\\?redirect=${encodeURIComponent(path)}&reason=session_expired$`);

async function pressLogOut(page: Page) {
  if ((await menu(page).getAttribute('open')) === null) await menu(page).locator('summary').click();
  await menu(page).getByRole('button', { name: 'Log Out' }).click();
}

async function expectSignedOut(page: Page) {
  await expect(page.locator('.account-nav').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/user/profile');
  await expect(page).toHaveURL(loggedOutOf('/user/profile'));
}

/** The profile's Logout tab: login keeps the profile (not the tab) as the way back. */
async function logOutOnProfileTab(page: Page) {
  await loginAs(page, RIDER, '/user/profile?tab=logout');
  await page.locator('.profile-panel').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(loggedOutOf('/user/profile'));
}

/**
 * Signed in on /events. With the page's script, once its session check has answered: a check still
 * on its way when the logout lands finds the session gone and takes the page to login itself.
 */
async function signedInOnEvents(page: Page, { script }: { script: boolean }) {
  await loginAs(page, RIDER, '/events');
  if (script) await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
}

/** /auth/login?action=logout from the address bar (Sec-Fetch-Site: none): signed out at once. */
async function typeLogoutAddress(page: Page, { script }: { script: boolean }) {
  await signedInOnEvents(page, { script });
  await page.goto('/auth/login?action=logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectSignedOut(page);
}

/** A page on another site whose link asks Paceline to log out (Sec-Fetch-Site: cross-site). */
async function followForeignLink(page: Page, baseURL: string) {
  await page.route('http://elsewhere.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/auth/login?action=logout">Leave</a>` }),
  );
  await page.goto('http://elsewhere.test/');
  await page.getByRole('link', { name: 'Leave' }).click();
}

test.describe('with JavaScript', () => {
  test('Log Out on a page that needs a rider: login with the path and session_expired; on a public page the rider stays', async ({ page }) => {
    await loginAs(page, RIDER, '/wallet');
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
    await pressLogOut(page);
    await expect(page).toHaveURL(loggedOutOf('/wallet'));
    await expect(expiredToast(page)).toBeVisible();

    // The whole path, its query too.
    await loginAs(page, RIDER, '/wallet?page=1');
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
    await pressLogOut(page);
    await expect(page).toHaveURL(loggedOutOf('/wallet?page=1'));
    await expect(expiredToast(page)).toBeVisible();

    await loginAs(page, RIDER, '/events');
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
    await pressLogOut(page);
    await expect(page.locator('.account-nav').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await expectSignedOut(page);
  });

  test('Log Out while a check runs is not lost; with no answer the rider stays signed in and can press again', async ({ page }) => {
    await loginAs(page, RIDER, '/my-teams');
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');

    // A check held unanswered: the press replaces it.
    let releaseCheck = () => {};
    await page.route('**/auth/session', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await new Promise<void>((resolve) => (releaseCheck = resolve));
      await route.abort('aborted');
    });
    // The logout gets no answer at first.
    await page.route('**/auth/session', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(menu(page)).toHaveAttribute('data-session-state', 'checking');
    await pressLogOut(page);
    await expect(menu(page)).toHaveAttribute('data-session-state', 'networkDown');
    await expect(page.getByText(SESSION_OFFLINE_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/my-teams$/);
    releaseCheck();

    await page.unrouteAll({ behavior: 'wait' });
    await pressLogOut(page);
    await expect(page).toHaveURL(loggedOutOf('/my-teams'));
    await expect(expiredToast(page)).toBeVisible();
  });

  test("the profile's Logout tab, and action=logout: at once from the address bar or a Paceline page, confirmed from another site", async ({
    page,
    baseURL,
  }) => {
    await logOutOnProfileTab(page);
    await typeLogoutAddress(page, { script: true });

    await signedInOnEvents(page, { script: true });
    await page.evaluate(() => window.location.assign('/auth/login?action=logout'));
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectSignedOut(page);

    await loginAs(page, RIDER, '/events');
    await followForeignLink(page, baseURL!);
    await expect(page).toHaveURL(/\/auth\/logout$/);
    await expect(page.getByText('Do you want to log out of Paceline on this browser?')).toBeVisible();
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await followForeignLink(page, baseURL!);
    await expect(menu(page)).toHaveAttribute('data-session-state', 'signedIn');
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectSignedOut(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every Log Out form posts by itself to the same outcomes, and the confirmation works', async ({ page, baseURL }) => {
    await loginAs(page, RIDER, '/wallet');
    await pressLogOut(page);
    await expect(page).toHaveURL(loggedOutOf('/wallet'));
    await expect(expiredToast(page)).toBeVisible();

    await loginAs(page, RIDER, '/events');
    await pressLogOut(page);
    await expect(page).toHaveURL(/\/events$/);
    await expectSignedOut(page);

    await logOutOnProfileTab(page);
    await typeLogoutAddress(page, { script: false });

    await loginAs(page, RIDER, '/events');
    await followForeignLink(page, baseURL!);
    await expect(page).toHaveURL(/\/auth\/logout$/);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectSignedOut(page);
  });
});
