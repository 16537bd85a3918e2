import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { users, walletVerificationRequests, withdrawalRequests } from '~/db/schema';
import { formatBtc } from '~/lib/money';
import { postHold, voidHold } from '../ledger/index.server';

/**
 * Staff review of the wallet (/staff/wallet): verification requests and withdrawals. Every
 * decision records who and when, and is guarded in SQL (`WHERE status = 'pending'`): of two
 * racing decisions one changes the row, the other changes nothing and says so.
 */
const deciders = alias(users, 'deciders');

export async function listVerificationRequests() {
  const rows = await db()
    .select({
      id: walletVerificationRequests.id,
      status: walletVerificationRequests.status,
      riderName: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
      riderEmail: users.email,
      binanceEmail: walletVerificationRequests.binanceEmail,
      phoneNumber: walletVerificationRequests.phoneNumber,
      walletAddress: walletVerificationRequests.walletAddress,
      screenshots: walletVerificationRequests.screenshotKeys,
      rejectionReason: walletVerificationRequests.rejectionReason,
      decidedBy: deciders.email,
      decidedAt: walletVerificationRequests.decidedAt,
      createdAt: walletVerificationRequests.createdAt,
    })
    .from(walletVerificationRequests)
    .innerJoin(users, eq(users.id, walletVerificationRequests.userId))
    .leftJoin(deciders, eq(deciders.id, walletVerificationRequests.decidedBy))
    .orderBy(sql`${walletVerificationRequests.status} = 'pending' desc`, desc(walletVerificationRequests.createdAt))
    .limit(100);
  return rows.map(({ screenshots, ...row }) => ({ ...row, screenshotCount: screenshots.length }));
}

export async function listWithdrawalRequests() {
  const rows = await db()
    .select({
      id: withdrawalRequests.id,
      status: withdrawalRequests.status,
      riderEmail: users.email,
      amount: withdrawalRequests.amount,
      fee: withdrawalRequests.fee,
      total: withdrawalRequests.total,
      walletAddress: withdrawalRequests.walletAddress,
      payoutReference: withdrawalRequests.payoutReference,
      rejectionReason: withdrawalRequests.rejectionReason,
      decidedBy: deciders.email,
      decidedAt: withdrawalRequests.decidedAt,
      createdAt: withdrawalRequests.createdAt,
    })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.userId))
    .leftJoin(deciders, eq(deciders.id, withdrawalRequests.decidedBy))
    .orderBy(sql`${withdrawalRequests.status} = 'pending' desc`, asc(withdrawalRequests.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row, amount: formatBtc(row.amount), fee: formatBtc(row.fee), total: formatBtc(row.total) }));
}

/** True when this call made the decision; false when the request was already decided. */
export async function decideVerification(input: { requestId: number; staffId: string; approve: boolean; reason?: string }): Promise<boolean> {
  const decided = await db()
    .update(walletVerificationRequests)
    .set({
      status: input.approve ? 'approved' : 'rejected',
      rejectionReason: input.approve ? null : (input.reason?.trim() ?? null),
      decidedBy: input.staffId,
      decidedAt: new Date(),
    })
    .where(and(eq(walletVerificationRequests.id, input.requestId), eq(walletVerificationRequests.status, 'pending')))
    .returning({ id: walletVerificationRequests.id });
  return decided.length === 1;
}

/**
 * Approve posts the hold (the money leaves for payout clearing and fees), reject voids it
 * (the rider's available balance comes back). The request row and the ledger move together.
 */
export async function decideWithdrawal(input: {
  requestId: number;
  staffId: string;
  approve: boolean;
  payoutReference?: string;
  reason?: string;
}): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [decided] = await tx
      .update(withdrawalRequests)
      .set({
        status: input.approve ? 'approved' : 'rejected',
        payoutReference: input.approve ? (input.payoutReference?.trim() ?? null) : null,
        rejectionReason: input.approve ? null : (input.reason?.trim() || null),
        decidedBy: input.staffId,
        decidedAt: new Date(),
      })
      .where(and(eq(withdrawalRequests.id, input.requestId), eq(withdrawalRequests.status, 'pending')))
      .returning({ hold: withdrawalRequests.ledgerTransactionId });
    if (!decided) return false;
    const settled = input.approve ? await postHold(decided.hold, tx) : await voidHold(decided.hold, tx);
    if (!settled) throw new Error(`Withdrawal ${input.requestId} was pending but its hold was not`);
    return true;
  });
}
