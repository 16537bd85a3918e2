import { boolean, date, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A rider, a child rider (isKid) or a staff member. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  /** 0 Male, 1 Female (spec 1 §9). */
  gender: integer('gender').notNull().default(0),
  country: integer('country').notNull().default(246),
  dob: date('dob'),
  weightKg: real('weight_kg'),
  heightCm: real('height_cm'),
  isKid: boolean('is_kid').notNull().default(false),
  isNormalUser: boolean('is_normal_user').notNull().default(true),
  role: text('role', { enum: ['rider', 'staff'] }).notNull().default('rider'),
  /** pending until the e-mail is verified (or, for a child, until the parent consents). */
  status: text('status', { enum: ['pending', 'active'] }).notNull().default('pending'),
  avatarPath: text('avatar_path'),
  marketingConsent: boolean('marketing_consent').notNull().default(false),
  parentEmail: text('parent_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
