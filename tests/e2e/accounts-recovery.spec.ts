import { expect, test } from './fixtures';
import { readOutbox, type OutboxMessage } from '../helpers/e2e';
import { linkPath, openGemCheckout, passRobotCheck, signInThroughForm, signUpAdult } from './accounts-helpers';

const PASSWORD = 'paceline-demo';

test('forgot → reset → login with the new password', async ({ page }) => {
  const email = `forgot-${Date.now()}@example.com`;
  await signUpAdult(page, email, PASSWORD);
  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('button', { name: 'Send Again' })).toBeVisible();

  // The reset link is mailed by a job started after the answer (decision 134): the newest mail, once it is there.
  let mail: OutboxMessage | undefined;
  await expect.poll(async () => (mail = (await readOutbox(page, email))[0])?.subject).toBe('Reset your Paceline password');
  await page.goto(linkPath(mail!.meta));
  await page.getByLabel('New Password').fill('brand-new-1');
  await page.getByLabel('Confirm Password').fill('brand-new-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("Password doesn't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInThroughForm(page, email, 'brand-new-1');
});

test('changing the password ends the sessions of other browsers', async ({ browser }) => {
  const email = `change-${Date.now()}@example.com`;
  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  await signUpAdult(pageA, email, PASSWORD);
  await signInThroughForm(pageA, email, PASSWORD);
  await signInThroughForm(pageB, email, PASSWORD);

  await pageA.goto('/user/profile?tab=password');
  await pageA.getByLabel('Current Password').fill(PASSWORD);
  await pageA.getByLabel('New Password').fill('changed-pass-1');
  await pageA.getByLabel('Confirm Password').fill('changed-pass-1');
  await pageA.getByRole('button', { name: 'Change Password' }).click();
  await expect(pageA).toHaveURL(/\/events$|\/$/);

  await pageB.goto('/user/profile');
  await expect(pageB).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Fprofile&reason=token_expired/);
  await expect(pageB.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await first.close();
  await second.close();
});

test('an expired token → login with the toast, then back to the page', async ({ page, context }) => {
  await signInThroughForm(page, 'pro@paceline.local', PASSWORD);
  // Leave the app first: its session machine would otherwise notice the broken token on its own.
  await page.goto('about:blank');
  const cookies = await context.cookies();
  const token = cookies.find((cookie) => cookie.name === 'paceline_token');
  expect(token).toBeDefined();
  await context.addCookies([{ ...token!, value: `${token!.value.slice(0, -4)}AAAA` }]);
  await page.goto('/user/profile?tab=files');
  await expect(page).toHaveURL(/reason=token_expired/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await signInThroughForm(page, 'pro@paceline.local', PASSWORD);
  await expect(page).toHaveURL(/\/user\/profile\?tab=files$/);
  // The demo rider's seeded rides are listed with their download links.
  await expect(page.getByRole('columnheader', { name: 'Distance' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' }).first()).toBeVisible();
});

// Issue 26: opening a card checkout used to make the deletion answer 500 (payment_orders RESTRICT).
test('a new rider who opened a card checkout deletes the account via the e-mailed link, with no 5xx', async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  });
  const email = `delete-${Date.now()}@example.com`;
  await signUpAdult(page, email, PASSWORD);
  await signInThroughForm(page, email, PASSWORD);
  await page.goto('/user/profile?tab=files');
  await expect(page.getByText('No Files found for this user')).toBeVisible();
  await openGemCheckout(page);
  await page.goto('/user/profile?tab=delete');
  await expect(page.getByText('We will send you a confirmation e-mail')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const [mail] = await readOutbox(page, email);
  expect(mail.subject).toBe('Confirm the deletion of a Paceline account');
  await page.goto(linkPath(mail.meta));
  await expect(page.getByText('The account and all of its data have been deleted.')).toBeVisible();
  await expect.poll(async () => (await readOutbox(page, email)).map((message) => message.subject)).toEqual(['Your Paceline account has been deleted']);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  expect(failures).toEqual([]);
});
