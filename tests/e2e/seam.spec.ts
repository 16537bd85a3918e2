import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';
import { completeCommonSteps, openEventDetail } from './events-helpers';

// Spec 3 §8 error catalogue through the one browser-to-server seam (app/lib/api-client.ts, decision 116).
const NO_RESPONSE = 'No response received. We regret the inconvenience. Please try again later.';
const RIDER = 'rider@paceline.local';

test('a JSON call that gets no response shows the catalogue toast and the page stays', async ({ page }) => {
  await loginAs(page, RIDER, '/user/activities');
  await page.getByRole('tab', { name: 'ACTIVITIES' }).click();
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  // The list's pages come through the seam: sorting asks for page 1 again.
  await page.route('**/user/activities/list?*', (route) => route.abort());
  await page.locator('.activities-sort select').selectOption('asc');
  await expect(page.getByText(NO_RESPONSE)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/activities#activities$/);
  await expect(page.getByRole('tab', { name: 'ACTIVITIES' })).toHaveAttribute('aria-selected', 'true');
});

test('a JSON call and the session machine find the session gone at once: one navigation to login, the path kept', async ({ page }) => {
  const EXPIRED = 'Your session has expired. Please log in again.';
  // Toasts are told to the test through the console: no page query runs while a navigation is held.
  await page.addInitScript(() =>
    window.addEventListener('paceline:toast', (event) => console.log(`toast: ${(event as CustomEvent<{ message: string }>).detail.message}`)),
  );
  await loginAs(page, RIDER, '/user/activities?from=seam');
  // The first check has its answer: the page is hydrated and the machine waits for the next reason to ask.
  await expect(page.locator('.user-menu')).toHaveAttribute('data-session-state', 'signedIn');
  await page.getByRole('tab', { name: 'ACTIVITIES' }).click();
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  const loginDocuments: string[] = [];
  const loginData: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/auth/login' && request.isNavigationRequest()) loginDocuments.push(url.search);
    if (url.pathname === '/auth/login.data') loginData.push(url.search);
  });
  // The order is pinned: the session check is asked, the JSON call is answered and the page starts
  // leaving; the session check is answered while that navigation is held; the login page arrives
  // once the machine has acted.
  let leaving!: () => void;
  const seamLeft = new Promise<void>((resolve) => (leaving = resolve));
  const machineActed = page.waitForEvent('console', (message) => message.text() === `toast: ${EXPIRED}`);
  await page.route(
    (url) => url.pathname === '/auth/login',
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.continue();
      leaving();
      await machineActed;
      await route.continue();
    },
  );
  await page.route('**/auth/session', async (route) => {
    await seamLeft;
    await route.continue();
  });
  // The JSON call waits until the focus that asks the session machine has been sent: once the
  // page is leaving, the test could no longer send it (the held navigation would wait for it).
  let focusSent!: () => void;
  const focused = new Promise<void>((resolve) => (focusSent = resolve));
  await page.route('**/user/activities/list?*', async (route) => {
    await focused;
    await route.continue();
  });
  await page.context().clearCookies();
  // Sorting asks the seam for the list's page 1 again.
  await page.locator('.activities-sort select').selectOption('asc');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  focusSent();
  await machineActed;
  await expect(page).toHaveURL(/\/auth\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe('/user/activities?from=seam');
  expect(url.searchParams.get('reason')).toBe('session_expired');
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await page.getByLabel('Email').fill(RIDER);
  // The seam's navigation was the only one: the session machine found the page leaving.
  expect(loginDocuments).toHaveLength(1);
  expect(loginData).toEqual([]);
});

test('the event wizard whose submit gets no response shows the toast, not the error page', async ({ page }) => {
  // Omar is registered for no event another browser test touches: the wizard must open for him
  // whatever order the specs run in (events-register signs the demo rider up for this event).
  await loginAs(page, 'omar@paceline.local', '/events');
  await openEventDetail(page, 'Dubai Desert Classic');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page);
  await page.route(/\/event\/\d+(\.data)?(\?.*)?$/, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(NO_RESPONSE).first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'We could not register you' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/event\/\d+$/);
});
