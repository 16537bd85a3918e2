import type { LEDGER_CURRENCIES } from '~/lib/domain/ledger';

/** BTC in satoshi (1 BTC = 100_000_000); COIN and GEM in whole units. */
export type Currency = (typeof LEDGER_CURRENCIES)[number];
/** `rider:<userId>`, `system:<name>` (see SYSTEM_ACCOUNTS) or `deleted:<tombstoneId>` (a deleted rider's). */
export type AccountCode = string;

/** Moves `amount` (minor units, > 0) of `currency` from one account to another. */
interface Leg {
  from: AccountCode;
  to: AccountCode;
  currency: Currency;
  amount: bigint;
}

export interface TransferInput {
  /** Unique per business request: a retry with the same key returns the first result. */
  idempotencyKey: string;
  legs: Leg[];
  memo: string;
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transactionId: string;
  /** True when the key had been used before: nothing moved this time. */
  replayed: boolean;
}

export interface Balance {
  /** Settled balance. */
  posted: bigint;
  /** Held by pending debits (withdrawals awaiting review): already out of `available`. */
  pending: bigint;
  /** posted − pending: what the owner may spend now. */
  available: bigint;
  /** Pending credits, not spendable until posted. */
  pendingIncoming: bigint;
}

export class InsufficientFundsError extends Error {
  readonly currency: Currency;
  readonly account: AccountCode;
  constructor(account: AccountCode, currency: Currency) {
    super(`Insufficient ${currency} available in ${account}`);
    this.name = 'InsufficientFundsError';
    this.account = account;
    this.currency = currency;
  }
}

/** A transfer that can never be recorded: fix the caller, retrying will not help. */
export class InvalidTransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTransferError';
  }
}
