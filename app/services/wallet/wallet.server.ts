import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { cachedRiderPage } from '~/db/rider-reads.server';
import { users, walletVerificationRequests, withdrawalRequests } from '~/db/schema';
import {
  WALLET_FEE_BASIS_POINTS,
  WALLET_MAX_WITHDRAWALS_PER_MONTH,
  WALLET_MIN_WITHDRAWAL_SATOSHI,
  WALLET_TRANSACTIONS_PER_PAGE,
  WALLET_USD_CENTS_PER_BTC,
} from '~/lib/constants';
import { btcInputValue, btcToUsdCents, formatBtc, formatUsd } from '~/lib/money';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { withdrawalFigures } from '~/lib/wallet/withdrawal-schema';
import { balanceSubquery, holdTransfer, InsufficientFundsError, listAccountHistory, riderAccount, SYSTEM_ACCOUNTS } from '../ledger/index.server';

/**
 * The rider's wallet (spec 1 §2 Wallet home, §3 Wallet data, §5 Withdrawal): the balance is
 * the ledger's, a withdrawal is a ledger hold. Staff review lives in wallet-review.server.ts,
 * account verification in wallet-verification.server.ts. docs/wallet.md.
 */
type VerificationStatus = 'unverified' | 'pending' | 'approved' | 'rejected';

export interface WalletOwner {
  id: string;
  email: string;
}

function latestVerificationQuery(userId: string) {
  return db()
    .select({
      status: walletVerificationRequests.status,
      binanceEmail: walletVerificationRequests.binanceEmail,
      walletAddress: walletVerificationRequests.walletAddress,
      rejectionReason: walletVerificationRequests.rejectionReason,
    })
    .from(walletVerificationRequests)
    .where(eq(walletVerificationRequests.userId, userId))
    .orderBy(desc(walletVerificationRequests.createdAt), desc(walletVerificationRequests.id))
    .limit(1);
}

export async function latestVerification(userId: string) {
  const [row] = await latestVerificationQuery(userId);
  return row ?? null;
}

/** Decision 070: the monthly limit counts this UTC calendar month's requests that were not rejected. */
function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Spec 1 §3 wallet data in one query (decision 074): the withdrawal counts (one aggregate row),
 * the ledger balance and its last activity, and the newest verification, left-joined `on true`.
 */
async function walletRow(userId: string) {
  const summary = db()
    .select({
      pendingRequests: sql<number>`count(*) filter (where ${withdrawalRequests.status} = 'pending')`.as('pending_requests'),
      completedTransactions: sql<number>`count(*) filter (where ${withdrawalRequests.status} = 'approved')`.as('completed_transactions'),
      totalWithdrawn: sql<string>`coalesce(sum(${withdrawalRequests.amount}) filter (where ${withdrawalRequests.status} = 'approved'), 0)::text`.as(
        'total_withdrawn',
      ),
      thisMonth:
        sql<number>`count(*) filter (where ${withdrawalRequests.status} <> 'rejected' and ${withdrawalRequests.createdAt} >= ${startOfMonthUtc().toISOString()}::timestamptz)`.as(
          'this_month',
        ),
    })
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.userId, userId))
    .as('summary');
  const balance = balanceSubquery(riderAccount(userId), 'BTC');
  const verification = latestVerificationQuery(userId).as('verification');
  const [row] = await db()
    .select({
      pendingRequests: sql`${summary.pendingRequests}`.mapWith(Number),
      completedTransactions: sql`${summary.completedTransactions}`.mapWith(Number),
      totalWithdrawn: summary.totalWithdrawn,
      thisMonth: sql`${summary.thisMonth}`.mapWith(Number),
      posted: balance.posted,
      pending: balance.pending,
      lastActivityAt: balance.lastActivityAt,
      verification: {
        status: verification.status,
        binanceEmail: verification.binanceEmail,
        walletAddress: verification.walletAddress,
        rejectionReason: verification.rejectionReason,
      },
    })
    .from(summary)
    .leftJoin(balance, sql`true`)
    .leftJoin(verification, sql`true`);
  return row;
}

/** The wallet data of spec 1 §3, ready for the screen (amounts as display strings). */
export async function loadWallet(owner: WalletOwner) {
  // Kept per rider until anything it read is written (the ledger, requests, verifications).
  const summary = await cachedRiderPage('wallet', owner.id, () => walletRow(owner.id));
  const verification = summary.verification;
  const balance = { available: (summary.posted ?? 0n) - (summary.pending ?? 0n) };
  const lastActivity = summary.lastActivityAt;
  const current = summary.thisMonth;
  return {
    verificationStatus: (verification?.status ?? 'unverified') as VerificationStatus,
    rejectionReason: verification?.status === 'rejected' ? verification.rejectionReason : null,
    walletAddress: verification?.status === 'approved' ? verification.walletAddress : null,
    email: verification?.status === 'approved' ? verification.binanceEmail : owner.email,
    walletData: {
      balance: formatBtc(balance.available),
      balanceInput: btcInputValue(balance.available),
      availableSatoshi: balance.available.toString(),
      currency: 'BTC' as const,
      balanceUSD: formatUsd(btcToUsdCents(balance.available, WALLET_USD_CENTS_PER_BTC)),
      lastUpdated: (lastActivity ?? new Date()).toISOString(),
      minimumTransaction: formatBtc(WALLET_MIN_WITHDRAWAL_SATOSHI),
      minimumSatoshi: WALLET_MIN_WITHDRAWAL_SATOSHI.toString(),
      maxTransactionsPerMonth: WALLET_MAX_WITHDRAWALS_PER_MONTH,
      currentMonthTransactions: current,
      remainingTransactions: Math.max(0, WALLET_MAX_WITHDRAWALS_PER_MONTH - current),
      processingFee: WALLET_FEE_BASIS_POINTS / 100,
      feeBasisPoints: WALLET_FEE_BASIS_POINTS,
      totalWithdrawals: formatBtc(BigInt(summary.totalWithdrawn)),
      pendingRequests: summary.pendingRequests,
      completedTransactions: summary.completedTransactions,
    },
  };
}

type WalletTransactionStatus = 'approved' | 'rejected' | 'pending';
const STATUS_OF = { posted: 'approved', voided: 'rejected', pending: 'pending' } as const satisfies Record<string, WalletTransactionStatus>;

/** Spec 1 §3 "Wallet transaction" rows and paging meta, from the rider's ledger account. */
export async function listWalletTransactions(owner: WalletOwner, query: { page: number; search?: string }) {
  const history = await cachedRiderPage(`wallet-transactions:${query.page}:${query.search ?? ''}`, owner.id, () =>
    listAccountHistory(riderAccount(owner.id), 'BTC', { page: query.page, perPage: WALLET_TRANSACTIONS_PER_PAGE, search: query.search }),
  );
  const total = history.total ?? 0;
  return {
    rows: history.rows.map((row) => {
      const metadata = row.metadata as { requestNo?: number; walletAddress?: string; email?: string };
      return {
        transaction_id: row.transactionId,
        request_no: metadata.requestNo ?? null,
        description: row.memo,
        email: metadata.email ?? owner.email,
        amount: formatBtc(row.amount),
        wallet_address: metadata.walletAddress ?? null,
        requested_at: row.createdAt.toISOString(),
        status: STATUS_OF[row.status],
      };
    }),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / WALLET_TRANSACTIONS_PER_PAGE)),
      total,
      per_page: WALLET_TRANSACTIONS_PER_PAGE,
    },
  };
}
export type WalletTransactions = Awaited<ReturnType<typeof listWalletTransactions>>;

export type WithdrawalOutcome = { ok: true; requestNo: number; replayed: boolean } | { ok: false; message: string; field?: 'amount' };

/**
 * Holds amount + fee on the rider's account in one ledger transaction (amount to payout
 * clearing, fee to fees). The rider's row lock serialises one rider's requests so the monthly
 * count is exact; the balance check itself is the ledger's, in SQL. The request key from the
 * form makes a double submit one request.
 */
export async function requestWithdrawal(owner: WalletOwner, input: { amountSatoshi: bigint; requestKey: string }): Promise<WithdrawalOutcome> {
  const { amount, fee, total } = withdrawalFigures(input.amountSatoshi, WALLET_FEE_BASIS_POINTS);
  const idempotencyKey = `withdrawal:${owner.id}:${input.requestKey}`;
  try {
    return await db().transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
      const [existing] = await tx.select({ id: withdrawalRequests.id }).from(withdrawalRequests).where(eq(withdrawalRequests.idempotencyKey, idempotencyKey));
      if (existing) return { ok: true as const, requestNo: existing.id, replayed: true };
      const [verification] = await tx
        .select({
          status: walletVerificationRequests.status,
          email: walletVerificationRequests.binanceEmail,
          address: walletVerificationRequests.walletAddress,
        })
        .from(walletVerificationRequests)
        .where(eq(walletVerificationRequests.userId, owner.id))
        .orderBy(desc(walletVerificationRequests.createdAt), desc(walletVerificationRequests.id))
        .limit(1);
      if (verification?.status !== 'approved') return { ok: false as const, message: WALLET_MESSAGES.mustBeVerified };
      const [month] = await tx
        .select({ used: count() })
        .from(withdrawalRequests)
        .where(and(eq(withdrawalRequests.userId, owner.id), ne(withdrawalRequests.status, 'rejected'), gte(withdrawalRequests.createdAt, startOfMonthUtc())));
      if ((month?.used ?? 0) >= WALLET_MAX_WITHDRAWALS_PER_MONTH) return { ok: false as const, message: WALLET_MESSAGES.monthlyLimitReached };
      // The request number is known before the hold so the ledger entry can carry it (search, display).
      const [{ next }] = (await tx
        .select({ next: sql<number>`nextval(pg_get_serial_sequence('withdrawal_requests', 'id'))`.mapWith(Number) })
        .from(users)
        .where(eq(users.id, owner.id))) as [{ next: number }];
      const account = riderAccount(owner.id);
      const hold = await holdTransfer(
        {
          idempotencyKey,
          legs: [
            { from: account, to: SYSTEM_ACCOUNTS.payoutClearing, currency: 'BTC', amount },
            { from: account, to: SYSTEM_ACCOUNTS.fees, currency: 'BTC', amount: fee },
          ],
          memo: `Withdrawal request #${next}`,
          metadata: { kind: 'withdrawal', requestNo: next, walletAddress: verification.address, email: verification.email, fee: fee.toString() },
        },
        tx,
      );
      await tx.insert(withdrawalRequests).values({
        id: next,
        userId: owner.id,
        idempotencyKey,
        amount,
        fee,
        total,
        email: verification.email,
        walletAddress: verification.address,
        ledgerTransactionId: hold.transactionId,
      });
      return { ok: true as const, requestNo: next, replayed: false };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { ok: false, message: WALLET_MESSAGES.totalExceedsBalance, field: 'amount' };
    throw error;
  }
}

/** A fresh key for one withdrawal form: a double submit of the same form is one request. */
export function newRequestKey(): string {
  return randomUUID();
}

/** Whether a withdrawal of the rider waits for staff: an account cannot be deleted meanwhile (decision 126). */
export async function hasPendingWithdrawal(userId: string, tx?: Transaction): Promise<boolean> {
  const [row] = await (tx ?? db())
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.userId, userId), eq(withdrawalRequests.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/**
 * Account deletion (decision 125): settled withdrawals stay as payout records under the tombstone,
 * without the Binance e-mail, the wallet address or the reviewer's free text; the key that named
 * the rider names the tombstone (as the ledger's does).
 */
export async function pseudonymiseWithdrawals(tx: Transaction, userId: string, tombstoneId: string): Promise<void> {
  await tx
    .update(withdrawalRequests)
    .set({
      userId: null,
      deletedAccountId: tombstoneId,
      email: null,
      walletAddress: null,
      rejectionReason: null,
      idempotencyKey: sql`replace(${withdrawalRequests.idempotencyKey}, ${userId}, ${tombstoneId})`,
    })
    .where(eq(withdrawalRequests.userId, userId));
}
