import { expect, test } from './fixtures';
import { awaitOutbox } from '../helpers/e2e';
import { passRobotCheck } from './accounts-helpers';

test('adult sign-up → code from the e-mail → login → profile → logout', async ({ page }) => {
  const email = `adult-${Date.now()}@example.com`;
  await page.goto('/auth/register');
  await page.getByLabel('First Name').fill('Omar');
  await page.getByLabel('Last Name').fill('Saleh');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Gender').selectOption('0');
  await page.getByLabel('Password *', { exact: true }).fill('ride-hard-1');
  await page.getByLabel('Confirm Password').fill('ride-hard-1');
  await page.getByLabel('Date of Birth').fill('1988-03-14');
  await page.getByLabel('Weight (kg)').fill('74');
  await page.getByLabel('Height (cm)').fill('178');
  await page.getByLabel('I agree to the Terms and Conditions and the Privacy Notice').check();
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const [mail] = await awaitOutbox(page, email);
  expect(mail.subject).toBe('Verify your Paceline account');
  await page.getByRole('link', { name: 'Verify your account' }).click();
  await page.getByLabel('Code').fill(String(mail.meta?.code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('ride-hard-1');
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  // The activities page belongs to another branch; here it is enough that sign-in left the login page.
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: 'Omar Saleh' })).toBeVisible();
  await page.getByRole('tab', { name: 'Logout' }).click();
  await page.locator('.profile-panel').getByRole('button', { name: 'Logout' }).click();
  // The profile needs a rider: login keeps it as the way back (spec 1 §4, decision 180).
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Fprofile&reason=session_expired$/);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Fprofile&reason=session_expired/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
});

test('a missing cookie → login with the toast, then back to the original page after signing in', async ({ page }) => {
  await page.goto('/user/profile?tab=password');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await page.getByLabel('Email').fill('rider@paceline.local');
  await page.getByLabel('Password').fill('paceline-demo');
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?tab=password$/);
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a verify link works through its no-script button, and a spent link offers Resend', async ({ page }) => {
    await page.goto('/verify-user?es=not-a-real-token');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible();
  });
});
