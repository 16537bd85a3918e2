import { expect, test } from './fixtures';

// The toaster mounts only after hydration (decision 101): a flash message that arrives with a
// server-rendered document must still be shown by it, once, as a toast the rider can close.
test('a flash message on a document load is shown by the toaster after hydration', async ({ page }) => {
  await page.goto('/faqs');
  const form = page.locator('form.subscribe-form');
  await form.getByRole('textbox').fill(`flash${Date.now()}@example.com`);
  // A native submit bypasses the fetcher: a document POST, a redirect with the toast cookie,
  // then a fresh document whose root loader hands the flash to the toaster.
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/subscribe') && response.status() === 302),
    form.evaluate((element: HTMLFormElement) => element.submit()),
  ]);
  await expect(page).toHaveURL(/\/faqs$/);
  const toast = page.locator('.toast').filter({ hasText: 'Thanks! You are subscribed to Paceline news.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(1);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
});
