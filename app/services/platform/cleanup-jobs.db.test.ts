import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobQueueSql } from '~/db/client.server';
import { outbox, rateLimits, sessions, spentChallenges, verifications } from '~/db/schema';
import { loader as outboxPage } from '~/routes/dev.outbox/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { queriesOf } from '../../../tests/helpers/query-count';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { sendMail } from '../adapters/mail.server';
import { resetEnvForTests } from './env.server';
import { startJobWorkers, stopJobWorkers } from './jobs.server';
import { consumeRateLimit, recordLoginFailure } from './rate-limit.server';
import { CLEANUPS, pruneExpiredRows, runCleanups } from './cleanup-jobs.server';

const { db } = setUpTestDatabase();
const DAY_MS = 24 * 3600 * 1000;

describe('the hourly prune of expired rows', () => {
  it('deletes rows past their grace period and keeps the rest', async () => {
    const rider = await createTestUser();
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await db()
      .insert(sessions)
      .values([
        { id: 'old-session', userId: rider.id, expiresAt: ago(2) },
        { id: 'just-expired-session', userId: rider.id, expiresAt: ago(0.5) },
        { id: 'live-session', userId: rider.id, expiresAt: ago(-1) },
      ]);
    const verification = { userId: rider.id, sentTo: rider.email, codeHash: 'c', linkHash: '' };
    await db()
      .insert(verifications)
      .values([
        { ...verification, id: 'old-code', purpose: 'verify-email', linkHash: 'l1', expiresAt: ago(8) },
        { ...verification, id: 'recent-code', purpose: 'reset-password', linkHash: 'l2', expiresAt: ago(1) },
      ]);
    await db()
      .insert(spentChallenges)
      .values([
        { signature: 'spent-old', expiresAt: ago(0.01) },
        { signature: 'spent-live', expiresAt: ago(-0.01) },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { key: 'prune:old-window', windowStart: ago(2), hits: 3 },
        { key: 'prune:still-blocked', windowStart: ago(2), hits: 9, blockedUntil: ago(-0.1) },
        { key: 'prune:this-hour', windowStart: ago(0.01), hits: 1 },
      ]);
    const pruned = await runCleanups(now);
    expect(pruned['expired-rows']).toMatchObject({ sessions: 1, verifications: 1, spent_challenges: 1 });
    expect(pruned['rate-limits']).toBeGreaterThanOrEqual(1);
    expect((await db().select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort()).toEqual(['prune:still-blocked', 'prune:this-hour']);
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, rider.id));
    expect(left.map((row) => row.id).sort()).toEqual(['just-expired-session', 'live-session']);
    expect((await db().select({ id: verifications.id }).from(verifications).where(eq(verifications.userId, rider.id))).map((row) => row.id)).toEqual([
      'recent-code',
    ]);
    expect((await db().select().from(spentChallenges)).map((row) => row.signature)).toContain('spent-live');
    // Running it again finds nothing more: an hourly job that overlaps a retry is harmless.
    expect(await pruneExpiredRows(now)).toMatchObject({ sessions: 0, verifications: 0, spent_challenges: 0 });
  });
});

afterEach(() => {
  delete process.env.OUTBOX_RETENTION_DAYS;
  resetEnvForTests();
});

describe('one owner for every cleanup (issue 22 item 2, issue 26 item 3)', () => {
  it('each kind of cleanup has one schedule, and no two kinds prune the same table', async () => {
    const deletedBy = new Map<string, string[]>();
    for (const cleanup of CLEANUPS) {
      const { queries } = await queriesOf(() => cleanup.run(new Date()));
      for (const query of queries) {
        const table = /^delete from "([a-z_]+)"/i.exec(query)?.[1];
        if (table) deletedBy.set(table, [...new Set([...(deletedBy.get(table) ?? []), cleanup.kind])]);
      }
    }
    for (const [table, kinds] of deletedBy) expect(kinds, `${table} is pruned by`).toHaveLength(1);
    expect(deletedBy.get('rate_limits')).toEqual(['rate-limits']);
    expect([...deletedBy.keys()]).toEqual(expect.arrayContaining(['sessions', 'outbox', 'ride_uploads', 'pending_signups']));

    await startJobWorkers({ pollingSeconds: 30, maintenanceSeconds: 30 });
    await stopJobWorkers(1_000);
    const { rows } = await jobQueueSql().executeSql(`SELECT name, cron FROM pgboss.schedule WHERE name = ANY($1) ORDER BY name`, [
      CLEANUPS.map((cleanup) => `schedule.${cleanup.kind}`),
    ]);
    expect(rows).toEqual(CLEANUPS.map((cleanup) => ({ name: `schedule.${cleanup.kind}`, cron: cleanup.cron })).sort((a, b) => a.name.localeCompare(b.name)));
  });
});

const DAY = 86_400_000;

describe('retention of personal data (decision 129)', () => {
  it('prunes outbox messages older than OUTBOX_RETENTION_DAYS, delivered or not, and the outbox page still lists the rest', async () => {
    process.env.OUTBOX_RETENTION_DAYS = '14';
    resetEnvForTests();
    await sendMail({ to: 'old@example.com', subject: 'Old', text: 'fifteen days ago' });
    await sendMail({ to: 'recent@example.com', subject: 'Recent', text: 'thirteen days ago' });
    await sendMail({ to: 'today@example.com', subject: 'Today', text: 'now' });
    const now = Date.now();
    await db()
      .update(outbox)
      .set({ createdAt: new Date(now - 15 * DAY), transport: 'smtp' })
      .where(eq(outbox.recipient, 'old@example.com'));
    await db()
      .update(outbox)
      .set({ createdAt: new Date(now - 13 * DAY) })
      .where(eq(outbox.recipient, 'recent@example.com'));

    expect((await runCleanups(new Date(now))).outbox).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(inArray(outbox.recipient, ['old@example.com', 'recent@example.com', 'today@example.com']));
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
    await db()
      .update(rateLimits)
      .set({ blockedUntil: new Date(now.getTime() + 60_000) })
      .where(eq(rateLimits.key, 'login:pair:blocked@example.com|198.51.100.3'));

    await runCleanups(now);
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('code-send:account:stale@example.com');
    expect(keys).not.toContain('code-send:address:198.51.100.1');
    expect(keys).toContain('code-send:account:live@example.com');
    expect(keys).toContain('login:pair:blocked@example.com|198.51.100.3');
    expect(keys).not.toContain('login:address:198.51.100.3');
  });
});
