import { expect, test, type Page } from './fixtures';
import { MESSAGES } from '../../app/lib/account-fields';
import { WALLET_MESSAGES as W } from '../../app/lib/wallet/messages';

// Issue 36 item 3 (decision 182): a form shows every field's message at once, on submit with the
// page's script and in the server's answer without it. The two forms the issue names: the profile
// (First Name empty, weight 30 and height 300 together) and account verification (the phone's
// message while every other field is wrong too). tests/forms/every-message-at-once.test.ts sweeps
// every form's schema.

const PROFILE_MESSAGES = ['First Name is required.', MESSAGES.weightMin(50), MESSAGES.height];
const VERIFICATION_MESSAGES = [
  W.binanceEmailRequired,
  W.phoneInvalid,
  W.walletAddressRequired,
  W.phoneOtpRequired,
  W.emailOtpRequired,
  W.passportRequired,
  W.screenshotRequired,
  W.termsRequired,
];

async function newRider(page: Page, redirectTo: string) {
  await page.goto(`/e2e/rider?${new URLSearchParams({ redirectTo })}`);
}

async function expectMessages(page: Page, messages: string[]) {
  for (const message of messages) await expect(page.locator('.field-error').filter({ hasText: message }), message).toBeVisible();
}

async function fillProfile(page: Page) {
  await page.getByLabel('First Name').fill('');
  await page.getByLabel('Weight (kg)').fill('30');
  await page.getByLabel('Height (cm)').fill('300');
}

test.describe('with JavaScript', () => {
  test('the profile shows the first name, weight and height messages together on submit', async ({ page }) => {
    await newRider(page, '/user/profile');
    await fillProfile(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, PROFILE_MESSAGES);
    await expect(page).toHaveURL(/\/user\/profile$/);
  });

  test('account verification shows the phone’s message with every other field’s', async ({ page }) => {
    await newRider(page, '/wallet/account-verification');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessages(page, VERIFICATION_MESSAGES);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the server's answer to both forms names every field at once", async ({ page }) => {
    await newRider(page, '/user/profile');
    await fillProfile(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, PROFILE_MESSAGES);

    await page.goto('/wallet/account-verification');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessages(page, VERIFICATION_MESSAGES);
  });
});
