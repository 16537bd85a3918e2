import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ACTIVITY_TYPES, FTP_HISTORY_SOURCES, FTP_SOURCES, IMPORT_PLATFORMS, IMPORT_STATUSES, RIDE_UPLOAD_STATUSES } from '../../lib/domain/activities';
import type { PowerModel } from '../../lib/power/power-duration-model';

/**
 * Packed numeric arrays (Float32 curves): compact and read in one go. Both drivers send and
 * read the bytes with native code: postgres.js as hex through Buffer, PGlite as a binary
 * parameter and a hex result that client.server.ts decodes with Buffer (issue 15 item 4: its own
 * serializer and parser walk the bytes one by one in JavaScript on the request thread).
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/** One ride as the list shows it, with every figure computed once at ingest (spec 2 §3). */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull().default('ride'),
    sportType: text('sport_type').notNull().default('cycling'),
    title: text('title').notNull(),
    routeName: text('route_name').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** 'fit' for uploaded recordings; other types are served as JSON (spec 2 §7 download). */
    fileType: text('file_type').notNull().default('fit'),
    fileKey: text('file_key'),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    elevationM: doublePrecision('elevation_m').notNull().default(0),
    timerS: integer('timer_s').notNull().default(0),
    elapsedS: integer('elapsed_s').notNull().default(0),
    /** Average power, zeros included, as the meter's energy over the seconds with a reading (decision 140). */
    avgPowerW: real('avg_power_w'),
    /** Average power over the seconds whose reading is above 0 W (head units set to leave zeros out). */
    avgPowerNonZeroW: real('avg_power_non_zero_w'),
    maxPowerW: real('max_power_w'),
    avgWattsPerKg: real('avg_watts_per_kg'),
    avgHeartRate: real('avg_heart_rate'),
    avgCadence: real('avg_cadence'),
    avgSpeedKmh: real('avg_speed_kmh'),
    normalizedPowerW: real('normalized_power_w'),
    intensity: real('intensity'),
    trainingLoad: real('training_load'),
    /** The threshold in force at the ride's date (decisions 106, 141); IF and load are at it. */
    ftpW: real('ftp_w'),
    /** Where that threshold came from: 'profile', 'detected', 'file' or 'default' (decision 141). */
    ftpSource: text('ftp_source', { enum: FTP_SOURCES }),
    /** The threshold this ride shows (95 % of its best 20 minutes, or the hour bound): what detection compares. */
    thresholdEstimateW: real('threshold_estimate_w'),
    /** The threshold the head unit wrote into the file (session threshold_power, zones_target FTP). */
    fileFtpW: integer('file_ftp_w'),
    /** The head unit's own average power and NP, from its session message (decision 140). */
    deviceAvgPowerW: real('device_avg_power_w'),
    deviceNpW: real('device_np_w'),
    /** Seconds training load accrues over (decision 105), so a changed FTP recomputes load without the file. */
    loadDurationS: integer('load_duration_s'),
    /** This ride's best 20-minute power: the FTP of later rides is derived from the earlier rides' best. */
    bestTwentyMinW: real('best_twenty_min_w'),
    weightKg: real('weight_kg'),
    spikesRemoved: integer('spikes_removed').notNull().default(0),
    /** Where the ride was recorded ("Garmin Edge 810", "Zwift", "Paceline"; decision 046). Null until backfilled. */
    platform: text('platform'),
    /** Which maths computed the stored figures (ANALYSIS_VERSION); older rows are recomputed at start. */
    analysisVersion: integer('analysis_version').notNull().default(1),
    /** SHA-256 of the uploaded file: the same file twice is one ride (issue 15 item 8). Null for older rows and JSON activities. */
    contentHash: text('content_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_user_started_idx').on(table.userId, table.startedAt, table.id),
    index('activities_user_type_started_idx').on(table.userId, table.type, table.startedAt, table.id),
    uniqueIndex('activities_user_content_hash_unique').on(table.userId, table.contentHash),
    // The threshold the latest earlier file carried (decision 141): one step, not a scan of every ride.
    index('activities_user_file_ftp_idx')
      .on(table.userId, table.startedAt)
      .where(sql`${table.fileFtpW} IS NOT NULL`),
  ],
);

/**
 * An uploaded file waiting for (or answered by) its analysis job (decision 133). The original is
 * already in storage under `file_key`; the job turns the row into a ride whose id is this row's
 * id. A finished row is kept a day, so the request that waited for it (or a client's retry)
 * reads its outcome, then pruned.
 */
export const rideUploads = pgTable(
  'ride_uploads',
  {
    /** Also the ride's id once analysed. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The original file; the ride names it once stored, else it is removed when the upload is answered. */
    fileKey: text('file_key').notNull(),
    /** SHA-256 of the file, hex: an upload of a file already pending waits for that one. */
    contentHash: text('content_hash').notNull(),
    status: text('status', { enum: RIDE_UPLOAD_STATUSES }).notNull().default('pending'),
    /** The ride the upload became, or the ride that already had this file. */
    activityId: uuid('activity_id'),
    /** Why the file was refused (`DecodeRefusal`). */
    refusal: text('refusal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ride_uploads_one_pending_per_file')
      .on(table.userId, table.contentHash)
      .where(sql`${table.status} = 'pending'`),
    index('ride_uploads_finished_idx').on(table.finishedAt),
    check('ride_uploads_status_check', sql`${table.status} IN ('pending', 'stored', 'duplicate', 'refused', 'failed')`),
  ],
);

/** The per-second rows of one ride and its mean-max power curve, packed (docs/activities.md). */
export const activityDetails = pgTable('activity_details', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sampleCount: integer('sample_count').notNull(),
  /**
   * Storage key of the per-second rows (Float32 × 7 × sampleCount: t, distance, altitude, power,
   * speed, heart rate, cadence), kept as a file (decision 118, ride-series.server.ts).
   */
  seriesKey: text('series_key'),
  /** Where rows stored before decision 118 were kept: moved to a file at start, then null. */
  series: bytea('series'),
  /** Float32 watts for durations 1..n s (spike-filtered power). */
  powerCurve: bytea('power_curve').notNull(),
});

/** The rider's all-time curve: element-wise maximum of ride curves, with each point's ride. */
export const riderPowerBests = pgTable('rider_power_bests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  watts: bytea('watts').notNull(),
  /** Uint16 index into `sources` per duration. */
  sourceIndex: bytea('source_index').notNull(),
  sources: jsonb('sources').$type<Array<{ id: string; date: string }>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Day rollups kept at ingest so progress and totals never scan the activities. */
export const riderDailyTotals = pgTable(
  'rider_daily_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    rides: integer('rides').notNull().default(0),
    races: integer('races').notNull().default(0),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    timeS: doublePrecision('time_s').notNull().default(0),
    elevationM: doublePrecision('elevation_m').notNull().default(0),
    longestRideM: doublePrecision('longest_ride_m').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** All-time totals per rider and activity type (cheap counts for paging). */
export const riderActivityTotals = pgTable(
  'rider_activity_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    count: integer('count').notNull().default(0),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    timeS: doublePrecision('time_s').notNull().default(0),
    elevationM: doublePrecision('elevation_m').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/** Weight over time, so a ride's W/kg uses the weight of its day. */
export const weightHistory = pgTable(
  'weight_history',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weightKg: real('weight_kg').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** Weighed by staff (spec 2 §2 "Verified weight"); shown with a check icon. */
    verified: boolean('verified').notNull().default(false),
    /** The staff member who weighed the rider (decision 047). */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('weight_history_user_at_idx').on(table.userId, table.recordedAt)],
);

/**
 * The rider's FTP history, each entry in force from its time (decisions 106 and 141): values set on
 * the profile (null = no value of the rider's own from then on) and thresholds detected from a
 * ride. An undone detection stays, marked, so the same ride never proposes it again.
 */
export const ftpHistory = pgTable(
  'ftp_history',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ftpW: integer('ftp_w'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: FTP_HISTORY_SOURCES }).notNull().default('profile'),
    /** The ride a detected threshold comes from. */
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    /** The threshold in force before the detection, shown in the notice. */
    previousFtpW: integer('previous_ftp_w'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** When the rider dismissed the overview's notice of this detection. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    index('ftp_history_user_at_idx').on(table.userId, table.recordedAt),
    uniqueIndex('ftp_history_detected_activity_unique')
      .on(table.activityId)
      .where(sql`${table.source} = 'detected'`),
    check('ftp_history_source_check', sql`${table.source} IN ('profile', 'detected') AND (${table.source} = 'profile' OR ${table.activityId} IS NOT NULL)`),
  ],
);

/**
 * Daily training load and the fitness (CTL) and fatigue (ATL) at the end of each day that has
 * load (decision 142); days between are exact decays, computed on read. Rewritten from the first
 * changed day on by the rider recomputation, never summed per request.
 */
export const riderTrainingDays = pgTable(
  'rider_training_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    load: doublePrecision('load').notNull().default(0),
    fitness: doublePrecision('fitness').notNull().default(0),
    fatigue: doublePrecision('fatigue').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * Riders whose rides need their threshold, IF, load and fitness brought up to date from a time
 * on (decision 141): the earliest such time, kept until the recomputation job has run.
 */
export const riderRecompute = pgTable('rider_recompute', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The power-duration model fitted to the rider's mean-max curve of a window of days, as of a day (decision 143). */
export const riderPowerModels = pgTable(
  'rider_power_models',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    windowDays: integer('window_days').notNull(),
    asOf: date('as_of').notNull(),
    /** The fitted model (null: the window holds no curve the model can be fitted to). */
    model: jsonb('model').$type<PowerModel | null>(),
    fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.windowDays] })],
);

/** Heights measured by staff (spec 2 §2 "Verified height"; decision 047); the latest is shown. */
export const verifiedHeights = pgTable(
  'verified_heights',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heightCm: real('height_cm').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verified_heights_user_at_idx').on(table.userId, table.measuredAt)],
);

/** A request to import totals from another platform (spec 2 §3 "Third-party import record"). */
export const thirdPartyImports = pgTable(
  'third_party_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: IMPORT_PLATFORMS }).notNull(),
    totalRideTimeS: integer('total_ride_time_s').notNull(),
    totalDistanceKm: doublePrecision('total_distance_km').notNull(),
    totalElevationM: doublePrecision('total_elevation_m').notNull(),
    profileLink: text('profile_link').notNull(),
    proofFiles: jsonb('proof_files').$type<Array<{ key: string; type: string; name: string }>>().notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('submitted'),
    hasSeen: boolean('has_seen').notNull().default(false),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('third_party_imports_user_idx').on(table.userId, table.createdAt),
    index('third_party_imports_status_idx').on(table.status, table.createdAt),
    // One pending request per rider, enforced by the database (issue 15 item 8).
    uniqueIndex('third_party_imports_one_submitted_per_user')
      .on(table.userId)
      .where(sql`${table.status} = 'submitted'`),
  ],
);
