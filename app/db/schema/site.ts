import { index, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Every e-mail and phone code the system sends; the embedded default delivery and an audit trail. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** How it left: 'outbox' (kept here only) or 'smtp' / 'provider' (also delivered). */
    transport: text('transport').notNull().default('outbox'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    /** The account the message was sent for: it goes with the account (the rest is pruned after OUTBOX_RETENTION_DAYS). */
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_recipient_idx').on(table.recipient),
    index('outbox_account_idx').on(table.accountId),
    index('outbox_created_idx').on(table.createdAt),
  ],
);

export const subscribers = pgTable('subscribers', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A message sent through the contact form (spec 3 §2); mailed to support through the outbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    /** The sender's account when they were signed in: the message (and its mail to support) goes with it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_user_idx').on(table.userId)],
);
