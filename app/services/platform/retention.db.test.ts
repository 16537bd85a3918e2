import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { outbox, rateLimits } from '~/db/schema';
import { loader as outboxPage } from '~/routes/dev.outbox/route';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { sendMail } from '../adapters/mail.server';
import { resetEnvForTests } from './env.server';
import { consumeRateLimit, recordLoginFailure } from './rate-limit.server';
import { pruneExpiredPersonalData } from './retention.server';

useTestDatabase();

afterEach(() => {
  delete process.env.OUTBOX_RETENTION_DAYS;
  resetEnvForTests();
});

const DAY_MS = 86_400_000;

describe('retention', () => {
  it('prunes outbox messages older than OUTBOX_RETENTION_DAYS, delivered or not, and the outbox page still lists the rest', async () => {
    process.env.OUTBOX_RETENTION_DAYS = '14';
    resetEnvForTests();
    await sendMail({ to: 'old@example.com', subject: 'Old', text: 'fifteen days ago' });
    await sendMail({ to: 'recent@example.com', subject: 'Recent', text: 'thirteen days ago' });
    await sendMail({ to: 'today@example.com', subject: 'Today', text: 'now' });
    const now = Date.now();
    await db().update(outbox).set({ createdAt: new Date(now - 15 * DAY_MS), transport: 'smtp' }).where(eq(outbox.recipient, 'old@example.com'));
    await db().update(outbox).set({ createdAt: new Date(now - 13 * DAY_MS) }).where(eq(outbox.recipient, 'recent@example.com'));

    expect((await pruneExpiredPersonalData(new Date(now))).outbox).toBeGreaterThanOrEqual(1);
    const left = await db().select({ recipient: outbox.recipient }).from(outbox).where(inArray(outbox.recipient, ['old@example.com', 'recent@example.com', 'today@example.com']));
    expect(left.map((row) => row.recipient).sort()).toEqual(['recent@example.com', 'today@example.com']);

    const staff = await createTestUser({ role: 'staff' });
    const { request } = await signedInRequest(staff.id, 'http://localhost/dev/outbox');
    const { messages } = await outboxPage({ request, params: {}, context: {} });
    expect(messages.map((message) => message.subject)).toEqual(expect.arrayContaining(['Today', 'Recent']));
    expect(messages.map((message) => message.subject)).not.toContain('Old');
  });

  it('keeps a rate-limit counter while it can refuse (window or backoff) and removes it after', async () => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 61 * 60_000);
    await consumeRateLimit('code-send', { account: 'stale@example.com', address: '198.51.100.1' }, hourAgo);
    await consumeRateLimit('code-send', { account: 'live@example.com', address: '198.51.100.2' }, now);
    // Six failures an hour ago, the last with a backoff still running.
    for (let attempt = 0; attempt < 6; attempt += 1) await recordLoginFailure({ account: 'blocked@example.com', address: '198.51.100.3' }, hourAgo);
    await db().update(rateLimits).set({ blockedUntil: new Date(now.getTime() + 60_000) }).where(eq(rateLimits.key, 'login:pair:blocked@example.com|198.51.100.3'));

    await pruneExpiredPersonalData(now);
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('code-send:account:stale@example.com');
    expect(keys).not.toContain('code-send:address:198.51.100.1');
    expect(keys).toContain('code-send:account:live@example.com');
    expect(keys).toContain('login:pair:blocked@example.com|198.51.100.3');
    expect(keys).not.toContain('login:address:198.51.100.3');
  });
});
