import { and, desc, eq, lte } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { users, weightHistory } from '~/db/schema';
import { invalidateRiderPage } from '~/db/rider-reads.server';

type Executor = ReturnType<typeof db> | Transaction;

/** Records the rider's weight from `at` on (profile edits, staff weigh-ins, seed history). */
export async function recordWeight(userId: string, weightKg: number, at: Date = new Date(), options: { verified?: boolean } = {}): Promise<void> {
  await db()
    .insert(weightHistory)
    .values({ userId, weightKg, recordedAt: at, verified: options.verified ?? false });
  invalidateRiderPage(userId);
}

/** The weight that applied on a ride's date: the last entry at or before it, else the profile's. */
export async function weightAt(userId: string, at: Date, executor: Executor = db()): Promise<number | null> {
  const [entry] = await executor
    .select({ weightKg: weightHistory.weightKg })
    .from(weightHistory)
    .where(and(eq(weightHistory.userId, userId), lte(weightHistory.recordedAt, at)))
    .orderBy(desc(weightHistory.recordedAt))
    .limit(1);
  if (entry) return entry.weightKg;
  const [user] = await executor.select({ weightKg: users.weightKg }).from(users).where(eq(users.id, userId));
  return user?.weightKg ?? null;
}

/** The latest staff-verified weight, shown with a check icon instead of the profile's. */
export async function latestVerifiedWeight(userId: string): Promise<number | null> {
  const [entry] = await db()
    .select({ weightKg: weightHistory.weightKg })
    .from(weightHistory)
    .where(and(eq(weightHistory.userId, userId), eq(weightHistory.verified, true)))
    .orderBy(desc(weightHistory.recordedAt))
    .limit(1);
  return entry?.weightKg ?? null;
}
