import { expect, test, type Page } from './fixtures';
import { loginAs } from '../helpers/e2e';

/**
 * The demo veteran (app/services/seed/wallet.ts) has 27 prizes, oldest week 1 to newest week 27:
 * odd weeks from the Sunday Race Club, even weeks from the Desert Crit. No other spec uses him.
 */
const VETERAN = 'yusuf@paceline.local';
const label = (week: number) => (week % 2 === 1 ? `Sunday Race Club week ${week},` : `Desert Crit round ${week / 2},`);
const weeks = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((from - to) / step) + 1 }, (_, index) => from - index * step);

async function expectWeeks(page: Page, shown: number[], current: number) {
  const descriptions = page.getByTestId('wallet-transactions').locator('tbody tr td:nth-child(2)');
  await expect(descriptions).toHaveText(shown.map((week) => new RegExp(label(week))));
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText(String(current));
}

const pager = (page: Page) => page.getByRole('navigation', { name: 'Transaction pages' });

test('pages through a long history forward and back, and pages within a search', async ({ page }) => {
  await loginAs(page, VETERAN, '/wallet');
  await expectWeeks(page, weeks(27, 18), 1);
  await expect(pager(page).getByRole('link')).toHaveText(['1', '2', '3', '›']);

  await pager(page).getByRole('link', { name: 'Next page' }).click();
  await expectWeeks(page, weeks(17, 8), 2);
  await pager(page).getByRole('link', { name: '3', exact: true }).click();
  await expectWeeks(page, weeks(7, 1), 3);
  await expect(pager(page).getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await pager(page).getByRole('link', { name: 'Previous page' }).click();
  await expectWeeks(page, weeks(17, 8), 2);
  await pager(page).getByRole('link', { name: '1', exact: true }).click();
  await expectWeeks(page, weeks(27, 18), 1);

  // A search starts again on its first page, and its pages hold only what it matches.
  await pager(page).getByRole('link', { name: '3', exact: true }).click();
  await expectWeeks(page, weeks(7, 1), 3);
  await page.getByLabel('Search').fill('Sunday Race Club');
  await expectWeeks(page, weeks(27, 9, 2), 1);
  await expect(pager(page).getByRole('link')).toHaveText(['1', '2', '›']);
  await pager(page).getByRole('link', { name: '2', exact: true }).click();
  await expectWeeks(page, weeks(7, 1, 2), 2);
  await pager(page).getByRole('link', { name: 'Previous page' }).click();
  await expectWeeks(page, weeks(27, 9, 2), 1);
  await page.getByLabel('Search').fill('');
  await expectWeeks(page, weeks(27, 18), 1);
});

test('the page links carry the search: without JavaScript the server renders the same page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, VETERAN, '/wallet?search=Desert+Crit');
  await expectWeeks(page, weeks(26, 8, 2), 1);
  await pager(page).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/wallet\?page=2&search=Desert\+Crit$/);
  await expectWeeks(page, weeks(6, 2, 2), 2);
  await context.close();
});
