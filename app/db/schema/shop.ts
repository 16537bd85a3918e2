import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { deletedAccounts, users } from './accounts';

/** Items a rider bought in the shop: at most one row per item (the key makes owning twice impossible). */
export const shopOwnedItems = pgTable(
  'shop_owned_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: integer('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    priceCoins: bigint('price_coins', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: text('ledger_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'shop_owned_items_pk', columns: [table.userId, table.itemType, table.itemId] })],
);

/**
 * A gems purchase by card. `status` only ever moves pending → paid (or pending → failed) in
 * SQL; `(provider, payment_id)` is unique so one provider payment fulfils one order.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the order is kept for the books under the tombstone (RESTRICT: never lost silently). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    deletedAccountId: uuid('deleted_account_id').references(() => deletedAccounts.id, { onDelete: 'restrict' }),
    packageId: text('package_id').notNull(),
    gems: bigint('gems', { mode: 'bigint' }).notNull(),
    /** In the currency's minor unit (fils for AED). */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('AED'),
    provider: text('provider').notNull(),
    paymentId: text('payment_id'),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    ledgerTransactionId: text('ledger_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A paid order refunded through the provider (decision 178): set once, by the call that refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's id of the refund. */
    refundId: text('refund_id'),
    /** The staff member who refunded it. */
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('payment_orders_provider_payment_idx').on(table.provider, table.paymentId),
    index('payment_orders_status_idx').on(table.status, table.createdAt),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    check('payment_orders_status_check', sql`${table.status} IN ('pending', 'paid', 'failed')`),
    check('payment_orders_gems_check', sql`${table.gems} > 0 AND ${table.amountMinor} > 0`),
    check('payment_orders_owner_check', sql`${table.userId} IS NOT NULL OR ${table.deletedAccountId} IS NOT NULL`),
    check('payment_orders_refund_check', sql`${table.refundedAt} IS NULL OR (${table.status} = 'paid' AND ${table.refundId} IS NOT NULL)`),
  ],
);

/** The sandbox provider's own records (it plays the card processor inside the app). */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    clientReferenceId: text('client_reference_id').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'paid', 'declined'] })
      .notNull()
      .default('open'),
    /** A paid session refunded in full (the sandbox's refund: decision 178). */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_checkout_sessions_idempotency_idx').on(table.idempotencyKey),
    check('sandbox_checkout_sessions_status_check', sql`${table.status} IN ('open', 'paid', 'declined')`),
  ],
);
