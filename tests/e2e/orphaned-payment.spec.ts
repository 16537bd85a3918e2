import { loginAs, readOutbox } from '../helpers/e2e';
import { linkPath, openGemCheckout, signInThroughForm, signUpAdult } from './accounts-helpers';
import { expect, test } from './fixtures';

const PASSWORD = 'paceline-demo';

// Issue 35 item 9: a rider opens a card checkout, deletes the account, then pays on the provider's
// page. The payment credits the deleted account; staff find it at /staff/payments and refund it.
test('a payment completed after the account was deleted: staff see it and refund it once', async ({ page }) => {
  // Sign-up, a deletion by its e-mailed link, a payment and a refund: several page loads, each scanned.
  test.setTimeout(180_000);
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  });
  const email = `orphan-${Date.now()}@example.com`;
  await signUpAdult(page, email, PASSWORD);
  await signInThroughForm(page, email, PASSWORD);
  const checkout = await openGemCheckout(page);
  const sessionId = checkout.split('/').pop()!;

  await page.goto('/user/profile?tab=delete');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const [mail] = await readOutbox(page, email);
  await page.goto(linkPath(mail.meta));
  await expect(page.getByText('The account and all of its data have been deleted.')).toBeVisible();

  // The checkout page was still open: the payment goes through, for an account that is gone.
  await page.goto(checkout);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay AED 18.99' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await loginAs(page, 'staff@paceline.local', '/staff/payments');
  const row = page.getByTestId('staff-orphaned-payments').getByRole('row').filter({ hasText: sessionId });
  // The provider's webhook credits it a moment after the payment: staff see it once it has.
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('AED 18.99');
  await expect(row).toContainText('100');
  await row.getByRole('button', { name: 'Refund AED 18.99' }).click();
  await expect(page.getByText('Refunded AED 18.99 to the card.')).toBeVisible();
  await expect(row).toContainText(/Refunded .* by Pat Staff \(re_sandbox_/);
  await expect(row.getByRole('button')).toHaveCount(0);

  // The provider's own page says so too.
  await page.goto(checkout);
  await expect(page.getByText('This checkout session is paid and refunded.')).toBeVisible();
  expect(failures).toEqual([]);
});
