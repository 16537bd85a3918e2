import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EventCategories, EventLinks, PrizeMoney } from '../../lib/domain/events';
import { users } from './accounts';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Start date and time are GMT+4 wall-clock values (DESIGN.md §6). */
    date: date('date').notNull(),
    time: text('time').notNull(),
    dateClose: date('date_close'),
    timeClose: text('time_close'),
    /** 0 male, 1 female, 2 open. */
    gender: integer('gender').notNull().default(2),
    eventType: text('event_type', { enum: ['featured', 'all', 'open'] })
      .notNull()
      .default('all'),
    dailyRide: boolean('daily_ride').notNull().default(false),
    accept: boolean('accept').notNull().default(true),
    /** Free text about registration shown with the event (spec 3 §3 "registration"). */
    registration: text('registration'),
    capacity: integer('capacity').notNull(),
    /** 0 CAT-1, 1 CAT-2, 2 open: which category description applies (spec 3 §3). */
    categoryKey: integer('category_key').notNull().default(2),
    categories: jsonb('categories').$type<EventCategories>().notNull().default({}),
    laps: integer('laps').notNull().default(1),
    routeType: text('route_type'),
    distanceKm: real('distance_km').notNull(),
    elevationM: real('elevation_m').notNull().default(0),
    maxGrade: real('max_grade'),
    map: text('map'),
    image: text('image'),
    description: text('description').notNull().default(''),
    links: jsonb('links').$type<EventLinks>().notNull().default({}),
    /** Staff-written HTML, sanitised when saved and again when shown. */
    detailsHtml: text('details_html').notNull().default(''),
    prizeMoney: jsonb('prize_money').$type<PrizeMoney | null>(),
    /** Number of race days: 1 for a single event, more for a series. */
    days: integer('days').notNull().default(1),
    dobRequired: boolean('dob_required').notNull().default(false),
    identification: boolean('identification').notNull().default(false),
    device: boolean('device').notNull().default(false),
    team: boolean('team').notNull().default(false),
    otp: boolean('otp').notNull().default(false),
    /** Country ids allowed to register; empty means all. */
    countries: jsonb('countries').$type<number[]>().notNull().default([]),
    minCap: real('min_cap'),
    maxCap: real('max_cap'),
    teamHelpText: text('team_help_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_date_idx').on(table.date)],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  logo: text('logo'),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), index('team_members_user_idx').on(table.userId)],
);

/** One rider's registration for one event; declined ones may be re-joined (the row is reused). */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    /** Fixed at registration from the rider's W/kg; never recomputed. */
    category: text('category').notNull(),
    wkg: real('wkg').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    gender: integer('gender').notNull(),
    dob: date('dob'),
    country: integer('country'),
    dobCertificateKey: text('dob_certificate_key'),
    heightCm: integer('height_cm').notNull(),
    weightKg: integer('weight_kg').notNull(),
    ftp: integer('ftp').notNull(),
    avgWatt: integer('avg_watt'),
    idType: text('id_type'),
    idExpiry: date('id_expiry'),
    idFrontKey: text('id_front_key'),
    idBackKey: text('id_back_key'),
    platform: text('platform'),
    deviceModel: text('device_model'),
    deviceSerial: text('device_serial'),
    teamMode: text('team_mode', { enum: ['y', 'i'] }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    phone: text('phone'),
    phoneChannel: text('phone_channel', { enum: ['sms', 'whatsapp'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('registrations_event_user_idx').on(table.eventId, table.userId), index('registrations_status_idx').on(table.status)],
);

/** A phone code sent for the wizard's PHONE VERIFICATION step: single use, expiring. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    /** Opaque handle returned to the browser (spec 3 §7 sendOtp "data.key"). */
    key: text('key').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a registration consumed the verified phone. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('phone_verifications_user_idx').on(table.userId)],
);

/** Results of one event day, as Paceline's own results board shows them. */
export const eventResults = pgTable(
  'event_results',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: integer('day').notNull().default(1),
    position: integer('position').notNull(),
    riderName: text('rider_name').notNull(),
    /** The Paceline rider this result is theirs (null for riders from elsewhere); a deletion anonymises the name (RESTRICT: never left named). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    teamName: text('team_name'),
    category: text('category').notNull(),
    timeSeconds: integer('time_seconds').notNull(),
    avgWatts: integer('avg_watts').notNull(),
    wkg: real('wkg').notNull(),
  },
  (table) => [index('event_results_event_day_idx').on(table.eventId, table.day), index('event_results_user_idx').on(table.userId)],
);
