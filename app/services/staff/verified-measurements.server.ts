import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { users, verifiedHeights, weightHistory } from '~/db/schema';
import { invalidateRiderPage } from '~/db/rider-reads.server';

/**
 * Staff-verified weight and height (spec 2 §2 "Verified weight and height replace the profile
 * values and show a check icon"; decision 047). A weigh-in is a verified weight_history entry,
 * so rides after it use it for W/kg; a measured height goes to verified_heights. Both keep who
 * verified them and when.
 */
export interface VerifiedMeasurement {
  riderId: string;
  staffId: string;
  measuredAt: Date;
  weightKg?: number | null;
  heightCm?: number | null;
}

export async function recordVerifiedMeasurement(input: VerifiedMeasurement): Promise<void> {
  const { riderId, staffId, measuredAt, weightKg, heightCm } = input;
  if (weightKg == null && heightCm == null) throw new Error('a verified measurement needs a weight or a height');
  await db().transaction(async (tx) => {
    if (weightKg != null) await tx.insert(weightHistory).values({ userId: riderId, weightKg, recordedAt: measuredAt, verified: true, verifiedBy: staffId });
    if (heightCm != null) await tx.insert(verifiedHeights).values({ userId: riderId, heightCm, measuredAt, verifiedBy: staffId });
  });
  invalidateRiderPage(riderId);
}

/** The latest staff-measured height, shown with a check icon instead of the profile's. */
export async function latestVerifiedHeight(userId: string): Promise<number | null> {
  const [entry] = await db()
    .select({ heightCm: verifiedHeights.heightCm })
    .from(verifiedHeights)
    .where(eq(verifiedHeights.userId, userId))
    .orderBy(desc(verifiedHeights.measuredAt), desc(verifiedHeights.id))
    .limit(1);
  return entry?.heightCm ?? null;
}

/** A rider staff can verify: an active account found by email (staff accounts are not riders). */
export async function findRiderByEmail(email: string): Promise<{ id: string; firstname: string; lastname: string } | null> {
  const [rider] = await db()
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.role, 'rider')));
  return rider ?? null;
}

export interface VerificationEntry {
  kind: 'weight' | 'height';
  value: number;
  measuredAt: string;
  riderEmail: string;
  riderName: string;
  verifiedBy: string | null;
}

/** The latest verifications of both kinds, newest first, for the staff page. */
export async function listRecentVerifications(limit = 20): Promise<VerificationEntry[]> {
  const rider = alias(users, 'rider');
  const staff = alias(users, 'staff');
  const [weights, heights] = await Promise.all([
    db()
      .select({
        value: weightHistory.weightKg,
        at: weightHistory.recordedAt,
        email: rider.email,
        firstname: rider.firstname,
        lastname: rider.lastname,
        by: staff.email,
      })
      .from(weightHistory)
      .innerJoin(rider, eq(rider.id, weightHistory.userId))
      .leftJoin(staff, eq(staff.id, weightHistory.verifiedBy))
      .where(eq(weightHistory.verified, true))
      .orderBy(desc(weightHistory.recordedAt))
      .limit(limit),
    db()
      .select({
        value: verifiedHeights.heightCm,
        at: verifiedHeights.measuredAt,
        email: rider.email,
        firstname: rider.firstname,
        lastname: rider.lastname,
        by: staff.email,
      })
      .from(verifiedHeights)
      .innerJoin(rider, eq(rider.id, verifiedHeights.userId))
      .leftJoin(staff, eq(staff.id, verifiedHeights.verifiedBy))
      .orderBy(desc(verifiedHeights.measuredAt))
      .limit(limit),
  ]);
  const entry =
    (kind: VerificationEntry['kind']) =>
    (row: (typeof weights)[number]): VerificationEntry => ({
      kind,
      value: row.value,
      measuredAt: row.at.toISOString(),
      riderEmail: row.email,
      riderName: `${row.firstname} ${row.lastname}`,
      verifiedBy: row.by,
    });
  return [...weights.map(entry('weight')), ...heights.map(entry('height'))].sort((a, b) => b.measuredAt.localeCompare(a.measuredAt)).slice(0, limit);
}
