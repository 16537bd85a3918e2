import { expect, test, type Page } from './fixtures';
import { readOutbox } from '../helpers/e2e';

const SUCCESS = 'Thank you for your message. Our support team will get back to you within one working day.';

async function fillContact(page: Page, fields: { name: string; email: string; message: string; phone?: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Phone (optional)').fill(fields.phone ?? '');
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Message').fill(fields.message);
}

test('contact form with JavaScript: errors in the browser, then success, stored and mailed', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  const form = page.locator('form.contact-form');
  await expect(form.getByText('First Name is required')).toBeVisible();
  await expect(form.getByText('A valid email is required')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters long')).toBeVisible();

  const stamp = Date.now();
  await fillContact(page, {
    name: 'Yousef Al Mansoori',
    phone: '+971501234567',
    email: `yousef${stamp}@example.com`,
    message: `Where do I find my FIT files? ${stamp}`,
  });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  const mails = await readOutbox(page, 'support@paceline.local');
  expect(mails.some((mail) => mail.body.includes(`Where do I find my FIT files? ${stamp}`))).toBe(true);
});

test('contact form without JavaScript: server errors joined by newlines, then success', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact-us');
  await fillContact(page, { name: '', email: 'not-an-email', message: 'short' });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(response.status()).toBe(400);
  const summary = page.locator('.form-errors');
  expect(await summary.evaluate((element) => element.textContent)).toBe(
    'First Name is required\nA valid email is required\nMessage must be at least 10 characters long',
  );
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');

  const stamp = Date.now();
  await fillContact(page, { name: 'Layla', email: `layla${stamp}@example.com`, message: `My trainer will not calibrate ${stamp}` });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  const mails = await readOutbox(page, 'support@paceline.local');
  expect(mails.some((mail) => mail.body.includes(`My trainer will not calibrate ${stamp}`))).toBe(true);
  await context.close();
});

test('footer subscribe: a valid e-mail is required, and subscribing twice is fine', async ({ page }) => {
  await page.goto('/faqs');
  const form = page.locator('form.subscribe-form');
  await form.getByRole('textbox').fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('A valid email is required')).toBeVisible();

  const email = `fan${Date.now()}@example.com`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await form.getByRole('textbox').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Thanks! You are subscribed to Paceline news.')).toBeVisible();
    await expect(form.getByText('A valid email is required')).toHaveCount(0);
    await expect(page).toHaveURL(/\/faqs$/);
  }
});

test('footer subscribe without JavaScript posts and comes back to the same page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/routes');
  const form = page.locator('form.subscribe-form');
  await form.getByRole('textbox').fill(`nojs${Date.now()}@example.com`);
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/subscribe')), form.getByRole('button', { name: 'Subscribe' }).click()]);
  expect(response.status()).toBe(302);
  await expect(page).toHaveURL(/\/routes$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thanks! You are subscribed to Paceline news.' })).toBeVisible();
  await context.close();
});
