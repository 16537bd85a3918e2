import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '~/db/schema';
import { pageOffset } from '~/lib/paging';
import type { AccountCode, Balance, Currency } from './types';

export async function getBalance(account: AccountCode, currency: Currency, tx?: Transaction): Promise<Balance> {
  const [row] = await (tx ?? db())
    .select({ posted: ledgerAccounts.posted, pending: ledgerAccounts.pendingDebits, pendingIncoming: ledgerAccounts.pendingCredits })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, account), eq(ledgerAccounts.currency, currency)));
  if (!row) return { posted: 0n, pending: 0n, available: 0n, pendingIncoming: 0n };
  return { ...row, available: row.posted - row.pending };
}

/**
 * The account's balance columns as a subquery of at most one row, so a screen can read the
 * balance in the same query as its own data (left-join it `on true`; no row: nothing moved yet).
 */
export function balanceSubquery(account: AccountCode, currency: Currency) {
  return db()
    .select({
      posted: ledgerAccounts.posted,
      pending: ledgerAccounts.pendingDebits,
      lastActivityAt: ledgerAccounts.lastActivityAt,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, account), eq(ledgerAccounts.currency, currency)))
    .as('balance');
}

export interface AccountHistoryRow {
  transactionId: string;
  /** Net for this account: negative when money left it. */
  amount: bigint;
  status: 'pending' | 'posted' | 'voided';
  memo: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  settledAt: Date | null;
}

/** An entry as an account's history shows it. */
const HISTORY_FIELDS = {
  transactionId: ledgerTransactions.id,
  amount: ledgerEntries.amount,
  status: ledgerTransactions.status,
  memo: ledgerTransactions.memo,
  metadata: ledgerTransactions.metadata,
  createdAt: ledgerTransactions.createdAt,
  settledAt: ledgerTransactions.settledAt,
};

/**
 * One account's transactions, newest first, a page at a time. `search` matches the memo, the
 * transaction id, the status and the metadata's text (request number, address …).
 */
export async function listAccountHistory(
  account: AccountCode,
  currency: Currency,
  options: { page: number; perPage: number; search?: string },
): Promise<{ rows: AccountHistoryRow[]; total: number }> {
  const term = options.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const matches = and(
    eq(ledgerEntries.accountId, ledgerAccounts.id),
    pattern
      ? or(
          ilike(ledgerTransactions.memo, pattern),
          ilike(ledgerTransactions.status, pattern),
          ilike(sql`${ledgerTransactions.id}::text`, pattern),
          ilike(sql`${ledgerTransactions.metadata}::text`, pattern),
        )
      : undefined,
  );
  const page = db()
    .select(HISTORY_FIELDS)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(matches)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(options.perPage)
    .offset(pageOffset(options.page, options.perPage))
    .as('page');
  const pageFields = {
    transactionId: page.transactionId,
    amount: page.amount,
    status: page.status,
    memo: page.memo,
    metadata: page.metadata,
    createdAt: page.createdAt,
    settledAt: page.settledAt,
  };
  const ofAccount = and(eq(ledgerAccounts.code, account), eq(ledgerAccounts.currency, currency));
  // One query: the account, its count and its page of entries (lateral, on the account's index).
  // No account: no row; a page past the end: one row without an entry. Without a search every
  // entry counts, and the account keeps that number (migration 0015): counting 10,000 entries
  // on each request was most of /wallet's database time (docs/performance.md). A search counts
  // its matches, as a lateral join run once (in the select list PostgreSQL ran it per row).
  const matching = pattern
    ? db()
        .select({ total: count().as('total') })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(matches)
        .as('matching')
    : null;
  const found = matching
    ? await db()
        .select({ total: sql<number>`${matching.total}`.mapWith(Number), ...pageFields })
        .from(ledgerAccounts)
        .crossJoinLateral(matching)
        .leftJoinLateral(page, sql`true`)
        .where(ofAccount)
    : await db()
        .select({ total: ledgerAccounts.entryCount, ...pageFields })
        .from(ledgerAccounts)
        .leftJoinLateral(page, sql`true`)
        .where(ofAccount);
  return {
    rows: found.flatMap(({ total: _total, transactionId, amount, status, memo, metadata, createdAt, settledAt }) =>
      transactionId && amount !== null && status && memo !== null && metadata && createdAt
        ? [{ transactionId, amount, status, memo, metadata, createdAt, settledAt }]
        : [],
    ),
    total: found[0]?.total ?? 0,
  };
}

/** The sum of every entry per currency: zero in a sound ledger (money only moves, never appears). */
export async function entrySumsPerCurrency(tx?: Transaction): Promise<Map<Currency, bigint>> {
  const rows = await (tx ?? db())
    .select({ currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency);
  return new Map(rows.map((row) => [row.currency, BigInt(row.sum)]));
}

/** The sum of one account's entries in posted transactions: its posted balance in a sound ledger. */
export async function postedEntrySum(account: AccountCode, currency: Currency, tx?: Transaction): Promise<bigint> {
  const [row] = await (tx ?? db())
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerAccounts.code, account), eq(ledgerAccounts.currency, currency), eq(ledgerTransactions.status, 'posted')));
  return BigInt(row?.sum ?? '0');
}

/**
 * The ledger's invariants, for tests and operators: per transaction and currency the entries
 * sum to zero, each account's posted balance is the sum of its posted entries, its pending
 * columns the sums of its pending entries, its entry count the number of its entries, and no
 * floored account is below zero available. Returns what is wrong (an empty list when the ledger is sound).
 */
export async function checkLedgerInvariants(tx?: Transaction): Promise<string[]> {
  const database = tx ?? db();
  const problems: string[] = [];
  const unbalanced = await database
    .select({ transactionId: ledgerEntries.transactionId, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  for (const row of unbalanced) problems.push(`transaction ${row.transactionId} does not balance in ${row.currency}`);
  const sums = database
    .select({
      accountId: ledgerEntries.accountId,
      posted: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.status} = 'posted'), 0)`.as('posted_sum'),
      pendingDebits:
        sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.status} = 'pending' and ${ledgerEntries.amount} < 0), 0)`.as(
          'pending_debit_sum',
        ),
      pendingCredits:
        sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerTransactions.status} = 'pending' and ${ledgerEntries.amount} > 0), 0)`.as(
          'pending_credit_sum',
        ),
      entries: sql<number>`count(*)::integer`.as('entry_total'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .groupBy(ledgerEntries.accountId)
    .as('sums');
  const drifted = await database
    .select({ code: ledgerAccounts.code, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .leftJoin(sums, eq(sums.accountId, ledgerAccounts.id))
    .where(
      sql`${ledgerAccounts.posted} <> coalesce(${sums.posted}, 0)
        or ${ledgerAccounts.pendingDebits} <> coalesce(${sums.pendingDebits}, 0)
        or ${ledgerAccounts.pendingCredits} <> coalesce(${sums.pendingCredits}, 0)
        or ${ledgerAccounts.entryCount} <> coalesce(${sums.entries}, 0)
        or (not ${ledgerAccounts.allowNegative} and ${ledgerAccounts.posted} - ${ledgerAccounts.pendingDebits} < 0)`,
    );
  for (const row of drifted) problems.push(`account ${row.code} (${row.currency}) disagrees with its entries`);
  return problems;
}

/** Every entry of an owner's accounts, all currencies, oldest first: a rider's whole history (their data export). */
export async function entriesOfOwner(account: AccountCode): Promise<Array<AccountHistoryRow & { currency: Currency }>> {
  return db()
    .select({ ...HISTORY_FIELDS, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerAccounts.code, account))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
}
