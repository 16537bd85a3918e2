import { expect, test } from './fixtures';

test('a visitor sees the shell with a Login link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in rider sees the account menu with their initial', async ({ page }) => {
  await page.goto('/e2e/login?email=rider%40paceline.local&redirectTo=%2F');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.locator('.user-menu summary')).toHaveText('A');
});
