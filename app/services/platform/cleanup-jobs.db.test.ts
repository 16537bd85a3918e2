import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits, sessions, spentChallenges, verifications } from '~/db/schema';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { pruneExpiredRows } from './cleanup-jobs.server';

const { db } = useTestDatabase();
const DAY_MS = 24 * 3600 * 1000;

describe('the hourly prune of expired rows', () => {
  it('deletes rows past their grace period and keeps the rest', async () => {
    const rider = await createTestUser();
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await db().insert(sessions).values([
      { id: 'old-session', userId: rider.id, expiresAt: ago(2) },
      { id: 'just-expired-session', userId: rider.id, expiresAt: ago(0.5) },
      { id: 'live-session', userId: rider.id, expiresAt: ago(-1) },
    ]);
    const verification = { userId: rider.id, sentTo: rider.email, codeHash: 'c', linkHash: '' };
    await db().insert(verifications).values([
      { ...verification, id: 'old-code', purpose: 'verify-email', linkHash: 'l1', expiresAt: ago(8) },
      { ...verification, id: 'recent-code', purpose: 'reset-password', linkHash: 'l2', expiresAt: ago(1) },
    ]);
    await db().insert(spentChallenges).values([
      { signature: 'spent-old', expiresAt: ago(0.01) },
      { signature: 'spent-live', expiresAt: ago(-0.01) },
    ]);
    await db().insert(rateLimits).values([
      { key: 'prune:old-window', windowStart: ago(2), hits: 3 },
      { key: 'prune:still-blocked', windowStart: ago(2), hits: 9, blockedUntil: ago(-0.1) },
      { key: 'prune:this-hour', windowStart: ago(0.01), hits: 1 },
    ]);
    const pruned = await pruneExpiredRows(now);
    expect(pruned).toMatchObject({ sessions: 1, verifications: 1, spent_challenges: 1, rate_limits: 1 });
    expect((await db().select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort()).toEqual(['prune:still-blocked', 'prune:this-hour']);
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, rider.id));
    expect(left.map((row) => row.id).sort()).toEqual(['just-expired-session', 'live-session']);
    expect((await db().select({ id: verifications.id }).from(verifications).where(eq(verifications.userId, rider.id))).map((row) => row.id)).toEqual(['recent-code']);
    expect((await db().select().from(spentChallenges)).map((row) => row.signature)).toContain('spent-live');
    // Running it again finds nothing more: an hourly job that overlaps a retry is harmless.
    expect(await pruneExpiredRows(now)).toMatchObject({ sessions: 0, verifications: 0, spent_challenges: 0, rate_limits: 0 });
  });
});
