import { eq, inArray, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '~/db/schema';
import { LEDGER_CURRENCIES } from '~/lib/domain/ledger';
import { closedAccount, riderAccount, SYSTEM_ACCOUNTS } from './accounts.server';
import { postTransfer } from './transfers.server';
import type { Balance, Currency } from './types';

/**
 * A rider's ledger when the account is deleted (decision 125). The transactions stay (the books
 * must balance and be kept), but they stop naming the rider: the accounts are renamed to the
 * tombstone, idempotency keys that carried the rider's id carry the tombstone's instead, and
 * metadata keeps only the keys known to hold no personal data (a withdrawal's Binance e-mail and
 * wallet address go). What is left on the accounts is given up to `system:forfeited-balances`
 * in a posted transaction, as the rider confirmed on the delete panel.
 */

/** Metadata keys that never carry personal data; every other key is dropped from a deleted rider's transactions. */
const IMPERSONAL_METADATA_KEYS = [
  'kind',
  'requestNo',
  'fee',
  'itemId',
  'itemType',
  'packageId',
  'orderId',
  'provider',
  'paymentId',
  'amountMinor',
  'currency',
] as const;

export type RiderBalances = Record<Currency, Balance>;

/** Every currency's balance of a rider (zero where nothing ever moved). */
export async function riderBalances(userId: string, tx?: Transaction): Promise<RiderBalances> {
  const rows = await (tx ?? db())
    .select({
      currency: ledgerAccounts.currency,
      posted: ledgerAccounts.posted,
      pending: ledgerAccounts.pendingDebits,
      pendingIncoming: ledgerAccounts.pendingCredits,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, riderAccount(userId)));
  const zero = { posted: 0n, pending: 0n, available: 0n, pendingIncoming: 0n };
  const balances = Object.fromEntries(LEDGER_CURRENCIES.map((currency) => [currency, zero])) as RiderBalances;
  for (const row of rows)
    balances[row.currency] = { posted: row.posted, pending: row.pending, pendingIncoming: row.pendingIncoming, available: row.posted - row.pending };
  return balances;
}

/** A hold still open on the account: a deletion must wait for it (the wallet blocks it before this is reached). */
class OpenHoldError extends Error {
  constructor() {
    super('The rider has a pending ledger transaction');
    this.name = 'OpenHoldError';
  }
}

/** Inside the deletion's transaction: forfeits the balances, then renames and cleans the rider's ledger. */
export async function closeRiderAccounts(tx: Transaction, userId: string, tombstoneId: string): Promise<Partial<Record<Currency, bigint>>> {
  const code = riderAccount(userId);
  const accounts = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).orderBy(ledgerAccounts.id).for('update');
  if (accounts.length === 0) return {};
  if (accounts.some((account) => account.pendingDebits > 0n || account.pendingCredits > 0n)) throw new OpenHoldError();
  const left = accounts.filter((account) => account.posted > 0n);
  if (left.length > 0) {
    await postTransfer(
      {
        idempotencyKey: `account-closed:${tombstoneId}`,
        legs: left.map((account) => ({ from: code, to: SYSTEM_ACCOUNTS.forfeited, currency: account.currency, amount: account.posted })),
        memo: 'Balance given up when the account was deleted',
        metadata: { kind: 'account-closed' },
      },
      tx,
    );
  }
  const ids = accounts.map((account) => account.id);
  const keep = sql.join(
    IMPERSONAL_METADATA_KEYS.map((key) => sql`${key}`),
    sql`, `,
  );
  await tx
    .update(ledgerTransactions)
    .set({
      metadata: sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${ledgerTransactions.metadata}) where key in (${keep}))`,
      idempotencyKey: sql`replace(${ledgerTransactions.idempotencyKey}, ${userId}, ${tombstoneId})`,
    })
    .where(
      inArray(ledgerTransactions.id, tx.selectDistinct({ id: ledgerEntries.transactionId }).from(ledgerEntries).where(inArray(ledgerEntries.accountId, ids))),
    );
  await tx
    .update(ledgerAccounts)
    .set({ code: closedAccount(tombstoneId) })
    .where(inArray(ledgerAccounts.id, ids));
  return Object.fromEntries(left.map((account) => [account.currency, account.posted]));
}
