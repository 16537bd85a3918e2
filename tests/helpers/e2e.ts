import { expect, type Page } from '@playwright/test';

/** Signs the browser in as a seeded rider through the test-mode route (no login form). */
export async function loginAs(page: Page, email: string, redirectTo = '/') {
  await page.goto(`/e2e/login?${new URLSearchParams({ email, redirectTo })}`);
}

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  body: string;
  meta: Record<string, unknown> | null;
}

/** The messages sent to an address (e-mail or phone), newest first. */
export async function readOutbox(page: Page, to: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`/e2e/outbox?${new URLSearchParams({ to })}`);
  return (await response.json()) as OutboxMessage[];
}

/**
 * The messages sent to an address, once at least one has arrived: account mail is written by a job
 * started after the answer (decision 134), so it follows the redirect by a moment.
 */
export async function awaitOutbox(page: Page, to: string): Promise<OutboxMessage[]> {
  let messages: OutboxMessage[] = [];
  await expect.poll(async () => (messages = await readOutbox(page, to)).length).toBeGreaterThan(0);
  return messages;
}
