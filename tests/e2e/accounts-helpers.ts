import { expect, type Page } from '@playwright/test';
import { awaitOutbox } from '../helpers/e2e';

/**
 * Ticks the ALTCHA widget (its checkbox sits under the widget's own overlay, hence force). The
 * field being typed in is left first: its blur re-validates the form, and messages that come or
 * go move the widget under a click aimed where it was.
 */
export async function passRobotCheck(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The path of an e-mailed link (the outbox keeps it in meta.link). */
export function linkPath(meta: Record<string, unknown> | null): string {
  const url = new URL(String(meta?.link));
  return `${url.pathname}${url.search}`;
}

/** Rate limits count per client address: each test comes from its own, so it neither spends nor meets the suite's. */
export async function ownAddress(page: Page) {
  const octet = 1 + Math.floor(Math.random() * 250);
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${octet}, 10.0.0.${octet}` });
}

export async function fillRegister(page: Page, email: string, dob: string) {
  await page.getByLabel('First Name').fill('Lina');
  await page.getByLabel('Last Name').fill('Haddad');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Gender').selectOption('1');
  await page.getByLabel('Password *', { exact: true }).fill('ride-hard-1');
  await page.getByLabel('Confirm Password').fill('ride-hard-1');
  await page.getByLabel('Date of Birth').fill(dob);
  await page.getByLabel('Weight (kg)').fill('60');
  await page.getByLabel('Height (cm)').fill('165');
  await page.getByLabel('I agree to the Terms and Conditions and the Privacy Notice').check();
}

/** An adult signs up through the form and opens the e-mailed verification link: an active account. */
export async function signUpAdult(page: Page, email: string, password: string) {
  await page.goto('/auth/register');
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill('Khalil');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Gender').selectOption('1');
  await page.getByLabel('Password *', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Date of Birth').fill('1992-06-01');
  await page.getByLabel('Weight (kg)').fill('58');
  await page.getByLabel('Height (cm)').fill('166');
  await page.getByLabel('I agree to the Terms and Conditions and the Privacy Notice').check();
  await passRobotCheck(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const [mail] = await awaitOutbox(page, email);
  await page.goto(linkPath(mail.meta));
  await expect(page.getByText('Thank you')).toBeVisible();
}

/** The signed-in rider opens the shop's 100 Power Gems checkout: the sandbox's hosted page. Returns its path. */
export async function openGemCheckout(page: Page): Promise<string> {
  await page.goto('/user/activities#in-game-shop');
  await page.getByRole('button', { name: 'Buy coins and gems' }).click();
  await page.getByRole('dialog', { name: 'Shop' }).getByRole('tab', { name: 'Power Gems' }).click();
  await page.getByRole('dialog', { name: 'Shop' }).getByRole('button', { name: 'AED 18.99' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  return new URL(page.url()).pathname;
}
