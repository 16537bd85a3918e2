import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { db, type Database, type Transaction } from '~/db/client.server';
import { users, walletVerificationRequests, withdrawalRequests } from '~/db/schema';
import { formatBtc } from '~/lib/money';
import { postHold, voidHold } from '../ledger/index.server';

/**
 * Staff review of the wallet (/staff/wallet): verification requests and withdrawals. Every
 * decision records who and when, and is guarded in SQL (`WHERE status = 'pending'`): of two
 * racing decisions one changes the row, the other changes nothing and says so.
 */
const deciders = alias(users, 'deciders');

type ReviewTable = typeof walletVerificationRequests | typeof withdrawalRequests;

/**
 * The shape both review lists share: the request's own fields, its rider and decider joined,
 * pending requests first, at most 100. `oldestFirst` puts the queue in arrival order.
 */
function reviewList<Table extends ReviewTable, Fields extends SelectedFields>(table: Table, fields: Fields, oldestFirst: boolean) {
  return db()
    .select({ ...fields, id: table.id, status: table.status, decidedBy: deciders.email, decidedAt: table.decidedAt, createdAt: table.createdAt })
    .from(table as ReviewTable)
    .innerJoin(users, eq(users.id, table.userId))
    .leftJoin(deciders, eq(deciders.id, table.decidedBy))
    .orderBy(sql`${table.status} = 'pending' desc`, oldestFirst ? asc(table.createdAt) : desc(table.createdAt))
    .limit(100);
}

export async function listVerificationRequests() {
  const table = walletVerificationRequests;
  const rows = await reviewList(
    table,
    {
      riderName: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
      riderEmail: users.email,
      binanceEmail: table.binanceEmail,
      phoneNumber: table.phoneNumber,
      walletAddress: table.walletAddress,
      screenshots: table.screenshotKeys,
      rejectionReason: table.rejectionReason,
    },
    false,
  );
  return rows.map(({ screenshots, ...row }) => ({ ...row, screenshotCount: screenshots.length }));
}

export async function listWithdrawalRequests() {
  const table = withdrawalRequests;
  const rows = await reviewList(
    table,
    {
      riderEmail: users.email,
      amount: table.amount,
      fee: table.fee,
      total: table.total,
      walletAddress: table.walletAddress,
      payoutReference: table.payoutReference,
      rejectionReason: table.rejectionReason,
    },
    true,
  );
  return rows.map((row) => ({ ...row, amount: formatBtc(row.amount), fee: formatBtc(row.fee), total: formatBtc(row.total) }));
}

interface DecisionInput {
  requestId: number;
  staffId: string;
  approve: boolean;
  reason?: string;
}

/**
 * The one guarded decision: the UPDATE matches only while the request is pending, so of two
 * racing decisions one gets the row (returned) and the other gets nothing. Who and when are
 * recorded with the outcome.
 */
async function decidePending<Table extends ReviewTable>(
  executor: Database | Transaction,
  table: Table,
  input: DecisionInput,
  extra: Partial<Record<'payoutReference', string | null>> = {},
): Promise<{ ledgerTransactionId: string | null } | undefined> {
  const reviewTable = table as ReviewTable;
  const [decided] = await executor
    .update(reviewTable)
    .set({
      status: input.approve ? 'approved' : 'rejected',
      rejectionReason: input.approve ? null : input.reason?.trim() || null,
      decidedBy: input.staffId,
      decidedAt: new Date(),
      ...extra,
    })
    .where(and(eq(reviewTable.id, input.requestId), eq(reviewTable.status, 'pending')))
    // The rider it returns names whose rows changed (decision 145): only their kept pages go stale.
    .returning({ ledgerTransactionId: 'ledgerTransactionId' in reviewTable ? reviewTable.ledgerTransactionId : sql<null>`null`, userId: reviewTable.userId });
  return decided;
}

/** True when this call made the decision; false when the request was already decided. */
export async function decideVerification(input: DecisionInput): Promise<boolean> {
  return (await decidePending(db(), walletVerificationRequests, input)) !== undefined;
}

/**
 * Approve posts the hold (the money leaves for payout clearing and fees), reject voids it
 * (the rider's available balance comes back). The request row and the ledger move together.
 */
export async function decideWithdrawal(input: DecisionInput & { payoutReference?: string }): Promise<boolean> {
  return db().transaction(async (tx) => {
    const decided = await decidePending(tx, withdrawalRequests, input, { payoutReference: input.approve ? (input.payoutReference?.trim() ?? null) : null });
    if (!decided?.ledgerTransactionId) return false;
    const settled = input.approve ? await postHold(decided.ledgerTransactionId, tx) : await voidHold(decided.ledgerTransactionId, tx);
    if (!settled) throw new Error(`Withdrawal ${input.requestId} was pending but its hold was not`);
    return true;
  });
}
