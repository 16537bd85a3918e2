import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deletedAccounts, users } from './accounts';
import { ledgerTransactions } from './ledger';
import { WALLET_REQUEST_STATUSES } from '../../lib/domain/wallet';

/**
 * A rider's account-verification submission (spec 1 §3 "Verification submission"), reviewed
 * by staff at /staff/wallet. The newest row is the rider's status; at most one is pending.
 */
export const walletVerificationRequests = pgTable(
  'wallet_verification_requests',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    binanceEmail: text('binance_email').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    walletAddress: text('wallet_address').notNull(),
    /** Storage keys (the storage adapter's `wallet/` area). */
    passportKey: text('passport_key').notNull(),
    screenshotKeys: jsonb('screenshot_keys').$type<string[]>().notNull(),
    status: text('status', { enum: WALLET_REQUEST_STATUSES }).notNull().default('pending'),
    /** Shown to the rider on the verification page after a rejection. */
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_verification_requests_user_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('wallet_verification_requests_one_pending_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    check('wallet_verification_requests_status_check', sql`${table.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * A withdrawal (spec 1 §3 "Withdrawal request payload"): a pending ledger hold from request
 * until staff approve (hold posted) or reject (hold voided). The id is the request number.
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: serial('id').primaryKey(),
    /** Null once the account is deleted: the payout record is kept under the tombstone, without e-mail or address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    deletedAccountId: uuid('deleted_account_id').references(() => deletedAccounts.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    currency: text('currency', { enum: ['BTC'] })
      .notNull()
      .default('BTC'),
    /** Satoshi. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    email: text('email'),
    walletAddress: text('wallet_address'),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    status: text('status', { enum: WALLET_REQUEST_STATUSES }).notNull().default('pending'),
    /** The exchange's transfer id, entered by staff on approval. */
    payoutReference: text('payout_reference'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawal_requests_idempotency_key_idx').on(table.idempotencyKey),
    index('withdrawal_requests_user_created_idx').on(table.userId, table.createdAt),
    index('withdrawal_requests_status_idx').on(table.status, table.createdAt),
    check('withdrawal_requests_status_check', sql`${table.status} IN ('pending', 'approved', 'rejected')`),
    check('withdrawal_requests_amounts_check', sql`${table.amount} > 0 AND ${table.fee} >= 0 AND ${table.total} = ${table.amount} + ${table.fee}`),
    check('withdrawal_requests_owner_check', sql`${table.userId} IS NOT NULL OR ${table.deletedAccountId} IS NOT NULL`),
  ],
);
