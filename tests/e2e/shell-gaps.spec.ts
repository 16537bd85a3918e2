import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

test.use({ viewport: { width: 1000, height: 420 } });

const scrollTop = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

test('every navigation opens at the top of the page, back and forward included (spec 1 §2)', async ({ page }) => {
  await page.goto('/events');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(0);
  const link = page.locator('main a[href^="/event"]').last();
  await link.click();
  await expect(page).not.toHaveURL(/\/events$/);
  await expect.poll(() => scrollTop(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.goBack();
  await expect(page).toHaveURL(/\/events$/);
  await expect.poll(() => scrollTop(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.goForward();
  await expect(page).not.toHaveURL(/\/events$/);
  await expect.poll(() => scrollTop(page)).toBe(0);
});

test('a modal keeps focus inside it and closes on Escape', async ({ page }) => {
  await loginAs(page, 'rider@paceline.local', '/user/activities');
  const opener = page.getByRole('button', { name: 'Import' });
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
