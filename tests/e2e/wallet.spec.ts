import { expect, test } from './fixtures';
import sharp from 'sharp';
import { loginAs, readOutbox } from '../helpers/e2e';

const RIDER = 'pro@paceline.local';
const png = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } }).png().toBuffer();

test('a rider verifies, staff approve, the rider withdraws, staff approve, the history shows it', async ({ page }) => {
  await loginAs(page, RIDER, '/wallet');
  await expect(page.getByTestId('wallet-badge')).toHaveText('unverified');
  await page.getByRole('link', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/wallet\/account-verification$/);

  const binanceEmail = `binance-${Date.now()}@example.com`;
  await page.getByLabel('Binance email').fill(binanceEmail);
  await page.getByLabel('Phone', { exact: true }).fill('501234567');
  await page.getByLabel('Wallet address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');

  const phoneButton = page.getByTestId('phone_key-button');
  await phoneButton.click();
  await expect(phoneButton).toHaveText(/^Wait \d+s$/);
  await expect(phoneButton).toBeDisabled();
  const sms = (await readOutbox(page, '+971501234567'))[0]!;
  await page.getByLabel('Phone code').fill(String(sms.meta?.code));

  await page.getByTestId('email_key-button').click();
  await expect(page.getByTestId('email_key-button')).toHaveText(/^Wait \d+s$/);
  const mail = (await readOutbox(page, binanceEmail))[0]!;
  await page.getByLabel('Email code').fill(String(mail.meta?.code));

  await page.getByLabel(/Passport proof/).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await png() });
  await page.getByLabel(/Binance screenshots/).setInputFiles([
    { name: 's1.png', mimeType: 'image/png', buffer: await png() },
    { name: 's2.png', mimeType: 'image/png', buffer: await png() },
  ]);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByText('Verification submitted successfully')).toBeVisible();
  await expect(page.getByTestId('wallet-badge')).toHaveText('Verification in progress');

  await loginAs(page, 'staff@paceline.local', '/staff/wallet');
  const verification = page.getByTestId('staff-verifications').getByRole('row').filter({ hasText: binanceEmail });
  await verification.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('staff-verifications').getByRole('row').filter({ hasText: binanceEmail })).toContainText('approved by staff@paceline.local');

  await loginAs(page, RIDER, '/wallet');
  await expect(page.getByTestId('wallet-badge')).toHaveText('verified');
  await page.getByRole('link', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('button', { name: 'Withdraw' });
  await expect(withdraw).toBeDisabled();
  await page.getByLabel(/Amount/).fill('0.01');
  await expect(page.getByTestId('withdrawal-fee')).toHaveText('Fee: 0.000150 BTC');
  await expect(page.getByTestId('withdrawal-total')).toHaveText('Total: 0.010150 BTC');
  await withdraw.click();
  await expect(page.getByText('Withdrawal request submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByTestId('pending-requests')).toHaveText('1');

  await loginAs(page, 'staff@paceline.local', '/staff/wallet');
  const request = page.getByTestId('staff-withdrawals').getByRole('row').filter({ hasText: RIDER }).filter({ hasText: 'pending' });
  await request.getByPlaceholder('Payout reference').fill('BINANCE-TX-1');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('staff-withdrawals')).toContainText('BINANCE-TX-1');

  await loginAs(page, RIDER, '/wallet');
  await expect(page.getByTestId('completed-transactions')).toHaveText('1');
  const row = page.getByTestId('wallet-transactions').getByRole('row').filter({ hasText: 'Withdrawal request' });
  await expect(row).toContainText('-0.010150');
  await expect(row).toContainText('approved');
});

test('search filters the history after the debounce; a child is sent to the activities page', async ({ page }) => {
  await loginAs(page, 'rider@paceline.local', '/wallet');
  const table = page.getByTestId('wallet-transactions');
  await expect(table.getByRole('row')).toHaveCount(4);
  // The table says what its machine waits for: the typing to stop, then the page.
  const status = page.locator('.wallet-transactions').getByRole('status');
  await page.getByLabel('Search').fill('AlUla');
  await expect(status).toHaveText('Searching when you stop typing…');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(status).toHaveText('');
  await expect(table).toContainText('AlUla Tour stage 3');
  await page.getByLabel('Search').fill('no such prize');
  await expect(table).toContainText('No transactions found.');

  await loginAs(page, 'kid@paceline.local', '/wallet');
  await expect(page).toHaveURL(/\/user\/activities/);
});
