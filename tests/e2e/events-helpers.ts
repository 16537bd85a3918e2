import { expect, type Page } from '@playwright/test';

/** A real 1x1 PNG, so uploads pass the server's content check. */
export const PNG_FILE = {
  name: 'id-front.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

/** Opens an event's detail page from the events list by its name. */
export async function openEventDetail(page: Page, name: string) {
  await page.goto('/events');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The three steps every event has: disclaimer, personal (prefilled for demo riders), rider. */
export async function completeCommonSteps(page: Page, ftp = '250') {
  await page.getByLabel('I have read and accept the disclaimer').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'PERSONAL DETAILS' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'RIDER DETAILS' })).toBeVisible();
  await page.getByLabel('FTP (W)').fill(ftp);
}
