import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/db/client.server';
import { ledgerAccounts } from '~/db/schema';
import type { AccountCode, Currency } from './types';

/** A rider's own account: it can never go below zero available. */
export function riderAccount(userId: string): AccountCode {
  return `rider:${userId}`;
}

/**
 * A deleted rider's account, renamed to the account's tombstone (decision 125): it keeps its
 * history for the books and names no one. Floored like a rider's; nothing spends from it.
 */
export function closedAccount(tombstoneId: string): AccountCode {
  return `deleted:${tombstoneId}`;
}

/** The account of an owner that is a rider or, once deleted, the rider's tombstone. */
export function ownerAccount(owner: { userId: string | null; deletedAccountId: string | null }): AccountCode {
  if (owner.userId) return riderAccount(owner.userId);
  if (owner.deletedAccountId) return closedAccount(owner.deletedAccountId);
  throw new Error('A record with neither a rider nor a tombstone');
}

/**
 * System accounts: the other side of every rider movement. They may go negative (an issuer's
 * negative balance is what it has issued; payout clearing is settled outside the ledger).
 */
export const SYSTEM_ACCOUNTS = {
  /** Withdrawal processing fees. */
  fees: 'system:fees',
  /** Withdrawals approved by staff and paid out to the rider's exchange address. */
  payoutClearing: 'system:payout-clearing',
  /** Event prize money credited to riders. */
  prizePool: 'system:prize-pool',
  /** Coins come into existence here. */
  coinIssuer: 'system:coin-issuer',
  /** Gems come into existence here. */
  gemIssuer: 'system:gem-issuer',
  /** Coins and gems spent in the shop. */
  shopRevenue: 'system:shop-revenue',
  /** Card payments received (gem top-ups, coin purchases). */
  cardPayments: 'system:card-payments',
  /** Manual corrections by staff (always through a transaction, never an edit). */
  adjustments: 'system:adjustments',
  /** Balances riders gave up when they deleted their account (they confirm it on the delete panel). */
  forfeited: 'system:forfeited-balances',
} as const satisfies Record<string, AccountCode>;

const ACCOUNT_CODE = /^(rider|system|deleted):[A-Za-z0-9_.-]+$/;

export function isValidAccountCode(code: string): boolean {
  return ACCOUNT_CODE.test(code);
}

/** Only system accounts may go below zero; every other account is floored at zero available. */
function mayGoNegative(code: AccountCode): boolean {
  return code.startsWith('system:');
}

type Executor = Database | Transaction;
export interface AccountRef {
  id: string;
  code: AccountCode;
  currency: Currency;
}

/** Creates the accounts that do not exist yet and returns all of them, keyed `code|currency`. */
export async function ensureAccounts(tx: Executor, wanted: Array<{ code: AccountCode; currency: Currency }>): Promise<Map<string, AccountRef>> {
  const unique = new Map(wanted.map((account) => [accountKey(account.code, account.currency), account]));
  const values = [...unique.values()].map((account) => ({ ...account, allowNegative: mayGoNegative(account.code) }));
  await tx
    .insert(ledgerAccounts)
    .values(values)
    .onConflictDoNothing({ target: [ledgerAccounts.code, ledgerAccounts.currency] });
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(or(...values.map((account) => and(eq(ledgerAccounts.code, account.code), eq(ledgerAccounts.currency, account.currency)))));
  return new Map(rows.map((row) => [accountKey(row.code, row.currency), row]));
}

export function accountKey(code: AccountCode, currency: Currency): string {
  return `${code}|${currency}`;
}

export async function accountsById(tx: Executor, ids: string[]): Promise<Map<string, AccountRef>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export const AVAILABLE = sql`${ledgerAccounts.posted} - ${ledgerAccounts.pendingDebits}`;
