import { expect, test } from './fixtures';
import { watchPageErrors } from './react-errors';
import { openEventDetail } from './events-helpers';

test('a visitor sees featured events apart, the daily rides tab and the login invitation', async ({ page }) => {
  await page.goto('/events');
  const featured = page.getByRole('region', { name: 'Featured events' });
  await expect(featured.getByRole('link', { name: 'Paceline Winter Grand Prix' })).toBeVisible();
  await expect(featured.getByRole('link', { name: 'Morning Daily Ride' })).toHaveCount(0);
  await expect(page.getByText('Login or create an account to register for this event.').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByRole('link', { name: 'Hatta Hill Climb' })).toBeVisible();
  await page.getByRole('link', { name: 'Daily Rides' }).click();
  await expect(page).toHaveURL(/event=dailyrides/);
  await expect(page.getByRole('region', { name: 'Daily Rides' }).getByRole('link', { name: 'Morning Daily Ride' })).toBeVisible();
  await page.goto('/events?event=dailyrides');
  await expect(page.getByRole('link', { name: 'Daily Rides' })).toHaveAttribute('aria-current', 'page');
});

test('a visitor reads an event: facts in GMT+4, sanitised details, categories, series prize widget', async ({ page }) => {
  await openEventDetail(page, 'Paceline Winter Grand Prix');
  await expect(page.getByText('18:00 GMT+4').first()).toBeVisible();
  await expect(page.getByText(/^\d+\/200$/)).toBeVisible();
  await expect(page.getByText('Max grade')).toBeVisible();
  await expect(page.locator('.event-details-html script')).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(7);
  const prize = page.getByRole('region', { name: 'Series prize money' });
  await expect(prize.getByText('AED 15,000')).toBeVisible();
  await prize.getByRole('tab', { name: 'Day 2' }).click();
  await expect(prize.getByText('Stage 2 winner')).toBeVisible();
  await expect(page.getByRole('img', { name: /Course map/ })).toBeVisible();
  // The visitor sees REGISTER NOW beside the invitation; it leads to login and back to the wizard.
  await expect(page.getByText('Login or create an account to register for this event.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'REGISTER NOW' })).toHaveAttribute('href', /^\/auth\/login\?redirect=%2Fevent%2F\d+$/);
});

test('gender, USD prizes and a full room are shown on the detail page', async ({ page }) => {
  await openEventDetail(page, "Women's Sunset Criterium");
  await expect(page.getByText('This is a Females only event.')).toBeVisible();
  await expect(page.getByText('Above 3.3 w/kg')).toBeVisible();
  await openEventDetail(page, 'Dubai Desert Classic');
  await expect(page.getByText('USD 2,000.00')).toBeVisible();
  await openEventDetail(page, 'Full House Criterium');
  await expect(page.getByText('The room is already fill for this event.').first()).toBeVisible();
  await expect(page.getByText('2/2')).toBeVisible();
});

test('a visitor opening the registration wizard is asked to log in, with a way back to it', async ({ page }) => {
  await openEventDetail(page, 'Paceline Winter Grand Prix');
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/event/${id}`);
  await expect(page.getByText('Please login to participate in the event')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login', exact: true }).last()).toHaveAttribute(
    'href',
    `/auth/login?redirect=${encodeURIComponent(`/event/${id}`)}`,
  );
});

// Decision 162: the server writes the event cards as plain markup; the browser must hydrate onto
// it without a mismatch, and the cards' links then navigate inside the page.
test('the event cards the server wrote hydrate without a React error, and their links navigate in the page', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.goto('/events');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { pacelineStayed: true }));
  const card = page.locator('article.event-card').filter({ hasText: 'Hatta Hill Climb' });
  await card.getByText('Description').click();
  await expect(card.locator('.event-links')).toBeVisible();
  await card.getByRole('link', { name: 'Hatta Hill Climb' }).click();
  await expect(page).toHaveURL(/\/event\/detail\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { pacelineStayed?: boolean }).pacelineStayed)).toBe(true);
  expect(errors.fromReact()).toEqual([]);
});
