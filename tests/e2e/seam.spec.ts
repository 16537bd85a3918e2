import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';
import { completeCommonSteps, openEventDetail } from './events-helpers';

// Spec 3 §8 error catalogue through the one browser-to-server seam (app/lib/api-client.ts, decision 116).
const NO_RESPONSE = 'No response received. We regret the inconvenience. Please try again later.';
const RIDER = 'rider@paceline.local';

test('a JSON call that gets no response shows the catalogue toast and the page stays', async ({ page }) => {
  await loginAs(page, RIDER, '/user/activities');
  await page.route('**/user/activities/list?*', (route) => route.abort());
  await page.getByRole('tab', { name: 'ACTIVITIES' }).click();
  await expect(page.getByText(NO_RESPONSE)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/activities#activities$/);
  await expect(page.getByRole('tab', { name: 'ACTIVITIES' })).toHaveAttribute('aria-selected', 'true');
});

test('a JSON call after the session expired sends the rider to login with the path kept', async ({ page }) => {
  await loginAs(page, RIDER, '/user/activities?from=seam');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await page.context().clearCookies();
  await page.getByRole('tab', { name: 'ACTIVITIES' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe('/user/activities?from=seam');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
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
