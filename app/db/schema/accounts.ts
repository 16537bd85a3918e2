import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_SOURCES, CONSENT_SUBJECTS, DATA_EXPORT_STATUSES, VERIFICATION_PURPOSES } from '../../lib/domain/accounts';

/** A rider, a child rider (isKid) or a staff member. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** 0 Male, 1 Female (spec 1 §9). */
    gender: integer('gender').notNull().default(0),
    country: integer('country').notNull().default(246),
    /** Never written for a child account (spec 1 §5, docs/accounts.md): null for every isKid row. */
    dob: date('dob'),
    weightKg: real('weight_kg'),
    heightCm: real('height_cm'),
    /** The FTP the rider set on the profile (null: derived from rides); its dated history is ftp_history. */
    ftpW: integer('ftp_w'),
    isKid: boolean('is_kid').notNull().default(false),
    isNormalUser: boolean('is_normal_user').notNull().default(true),
    role: text('role', { enum: ['rider', 'staff'] })
      .notNull()
      .default('rider'),
    /** pending until the e-mail is verified (or, for a child, until the parent consents). */
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    avatarPath: text('avatar_path'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    parentEmail: text('parent_email'),
    /** Set by staff or a migration: the next correct login must choose a new password first. */
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('users_kid_dob_check', sql`NOT ${table.isKid} OR ${table.dob} IS NULL`)],
);

/** What a registration keeps for its account until the job creates it (no password: its hash is a column). */
export interface PendingAccount {
  firstname: string;
  lastname: string;
  gender: number;
  country: number;
  /** Absent for a child: a child's date of birth is never written, here either. */
  dob?: string;
  weightKg: number;
  heightCm: number;
  marketingConsent: boolean;
  isKid: boolean;
}

/**
 * A registration answered and not yet carried out (decision 134): written with its job before the
 * answer, for every e-mail alike; the job creates the account (or mails the owner of a taken
 * address) and deletes the row in one transaction. Holds the password's hash, never the password.
 */
export const pendingSignups = pgTable('pending_signups', {
  /** The account's id once created (a child's is in the answer already). */
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** The verification key the answer's cookie carries. */
  verificationKey: text('verification_key').notNull(),
  account: jsonb('account').$type<PendingAccount>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A child's registration whose address already had an account (decision 173): the parent it names
 * gets the consent mail a new child account's parent gets, with a link that approves nothing, so
 * the mail does not tell whether the address is registered. Pruned a day after the registration.
 */
export const consentDecoys = pgTable('consent_decoys', {
  /** The childUserId the registration answered with. */
  id: uuid('id').primaryKey(),
  /** The first name the registration gave, as the real mail names the child. */
  childName: text('child_name').notNull(),
  /** The parent's address, the link's keyed hash and its end, once the consent page named a parent. */
  sentTo: text('sent_to'),
  linkHash: text('link_hash').unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every consent a rider gave or withdrew (decision 176): what it was about, which version of the
 * document (or the wording of the checkbox) was agreed to, and when. Rows are only added: the
 * newest row of a subject is the rider's standing choice.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: CONSENT_SUBJECTS }).notNull(),
    /** The document's version ("Last updated" date) or the exact wording the rider ticked. */
    version: text('version').notNull(),
    /** True when given, false when withdrawn. */
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_user_idx').on(table.userId, table.recordedAt),
    check('consent_records_subject_check', sql`${table.subject} IN ('terms', 'privacy-notice', 'marketing-emails', 'parental-consent')`),
    check('consent_records_source_check', sql`${table.source} IN ('registration', 'profile', 'parent-link')`),
  ],
);

/** One signed-in browser. The JWT in the token cookie names a row here so it can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** "Stay signed in": a lasting cookie instead of a browser-session one. */
    persistent: boolean('persistent').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One outstanding one-time code per account and purpose. A resend replaces the row, so only
 * the newest code works. Only hashes are stored: the code typed by hand (6 digits) and the
 * token in the e-mailed link.
 */
export const verifications = pgTable(
  'verifications',
  {
    /** The "key" of the spec's OTP payload: names this pending verification (random, 256 bits). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    /** The address the code went to (the parent's for consent and a child's deletion). */
    sentTo: text('sent_to').notNull(),
    codeHash: text('code_hash').notNull(),
    linkHash: text('link_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('verifications_user_purpose_idx').on(table.userId, table.purpose), uniqueIndex('verifications_link_idx').on(table.linkHash)],
);

/** Fixed-window counters for rate limits (per account and per client address). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** Backoff (decision 060): no attempt under this key before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  // Keys carry e-mail and client addresses: rows past their window are pruned (docs/accounts.md "Retention").
  (table) => [index('rate_limits_window_idx').on(table.windowStart)],
);

/** Spent robot-check solutions, kept until their challenge expires so none is used twice. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A deleted account's tombstone (decision 125): a random id with no link to the person. The
 * financial records that must be kept (payment orders, withdrawals, ledger accounts) name it
 * instead of the rider.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A deletion asked for on the profile and not yet confirmed by the e-mailed link. */
export const accountDeletionRequests = pgTable('account_deletion_requests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The balances (minor units per currency) the rider agreed to give up; a larger balance at confirmation refuses. */
  acknowledgedBalances: jsonb('acknowledged_balances').$type<Partial<Record<'BTC' | 'COIN' | 'GEM', string>>>().notNull().default({}),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A copy of all of a rider's data (GDPR art. 20, issue 26): one zip built by a job, kept in the
 * storage adapter's `exports` area and downloadable by its owner (a child's by the parent's link)
 * until `expires_at`; removed then, or with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('queued'),
    /** Percent built, for the profile while it builds. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** A child's copy is fetched through a link e-mailed to the parent: only the token's hash is kept. */
    downloadTokenHash: text('download_token_hash'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.requestedAt),
    index('data_exports_expires_idx').on(table.expiresAt),
    uniqueIndex('data_exports_download_token_idx').on(table.downloadTokenHash),
    check('data_exports_status_check', sql`${table.status} IN ('waiting-for-parent', 'queued', 'building', 'ready', 'failed')`),
    check('data_exports_progress_check', sql`${table.progress} BETWEEN 0 AND 100`),
  ],
);
