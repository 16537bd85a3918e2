import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_CURRENCIES, LEDGER_TRANSACTION_STATUSES } from '../../lib/domain/ledger';

/**
 * One balance per owner and currency. `posted` is the settled balance (signed); pending
 * debits and credits are holds not yet posted or voided. available = posted − pending_debits,
 * and the floor check keeps it at zero or above unless the account may go negative
 * (system issuer and clearing accounts).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
    allowNegative: boolean('allow_negative').notNull().default(false),
    posted: bigint('posted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pendingDebits: bigint('pending_debits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pendingCredits: bigint('pending_credits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the balance last moved (a transaction created, posted or voided); set by the statement that moves it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /**
     * How many entries the account has: kept by a trigger on ledger_entries (migration 0015), so
     * a history's page count reads one row instead of counting every entry on each request.
     */
    entryCount: integer('entry_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_code_currency_idx').on(table.code, table.currency),
    check('ledger_accounts_currency_check', sql`${table.currency} IN ('BTC', 'COIN', 'GEM')`),
    check('ledger_accounts_pending_check', sql`${table.pendingDebits} >= 0 AND ${table.pendingCredits} >= 0`),
    check('ledger_accounts_floor_check', sql`${table.allowNegative} OR ${table.posted} - ${table.pendingDebits} >= 0`),
  ],
);

/** One movement of money; the idempotency key makes a retried request move nothing again. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: LEDGER_TRANSACTION_STATUSES }).notNull(),
    memo: text('memo').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Set on a correction: the transaction this one reverses. */
    reversesId: uuid('reverses_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a pending transaction was posted or voided (or when a direct one was posted). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key_idx').on(table.idempotencyKey),
    foreignKey({ columns: [table.reversesId], foreignColumns: [table.id], name: 'ledger_transactions_reverses_id_fk' }),
    check('ledger_transactions_status_check', sql`${table.status} IN ('pending', 'posted', 'voided')`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE). Written when the transaction is created,
 * pending or not: per transaction and currency the amounts sum to zero. An account's posted
 * balance is the sum of its entries in posted transactions.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
    /** Negative: debit (money leaves the account); positive: credit. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_created_idx').on(table.accountId, table.createdAt.desc(), table.id.desc()),
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
  ],
);
