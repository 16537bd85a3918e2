import { expect, type Page } from '@playwright/test';

/** Ticks the ALTCHA widget (its checkbox sits under the widget's own overlay, hence force). */
export async function passRobotCheck(page: Page) {
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
