import { expect, test, type Page } from './fixtures';
import { minimumWithdrawalMessage, WALLET_MESSAGES as M } from '../../app/lib/wallet/messages';

// Spec 1 §5, §9 (issue 36 item 2): below the minimum of 0.000001 BTC the rider reads the
// minimum's message, however finely the amount is typed, in the browser and in the server's answer.

const MINIMUM = minimumWithdrawalMessage('0.000001', 'BTC');
const amountField = (page: Page) => page.getByLabel('Amount (BTC)');
const amountError = (page: Page) =>
  page
    .locator('.field')
    .filter({ has: amountField(page) })
    .locator('.field-error');

async function openWithdrawal(page: Page) {
  await page.goto(`/e2e/rider?${new URLSearchParams({ wallet: 'approved', btcSatoshi: '1000000', redirectTo: '/wallet/withdrawal-request' })}`);
  await expect(page.getByRole('heading', { name: 'Withdrawal request' })).toBeVisible();
}

test('as the rider types: the minimum for every amount below it, the step for finer amounts above it', async ({ page }) => {
  await openWithdrawal(page);
  const withdraw = page.getByRole('button', { name: 'Withdraw' });
  for (const [typed, message] of [
    ['0.0000001', MINIMUM],
    ['0.00000099', MINIMUM],
    ['0.000000001', MINIMUM],
    ['0', M.amountNotPositive],
    ['0.0000015', M.amountTooPrecise],
  ] as const) {
    await amountField(page).fill(typed);
    await expect(amountError(page), typed).toHaveText(message);
    await expect(withdraw).toBeDisabled();
  }
  await amountField(page).fill('0.000001');
  await expect(amountError(page)).toHaveText('');
  await expect(page.getByTestId('withdrawal-total')).toHaveText('Total: 0.000002 BTC');
  await expect(withdraw).toBeEnabled();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the server's answer says the same, and nothing is withdrawn", async ({ page }) => {
    await openWithdrawal(page);
    await amountField(page).fill('0.0000001');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Withdraw' }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(amountError(page)).toHaveText(MINIMUM);
    await page.goto('/wallet');
    await expect(page.getByText('No transactions found.')).toHaveCount(0);
    await expect(page.getByTestId('wallet-transactions')).not.toContainText('Withdrawal request');
  });
});
