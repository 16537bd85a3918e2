import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import {
  activities,
  ftpHistory,
  networkImports,
  riderActivityTotals,
  riderDailyTotals,
  riderPowerBests,
  riderPowerModels,
  riderRecompute,
  riderTrainingDays,
  rideUploads,
  verifiedHeights,
  weightHistory,
} from '~/db/schema';
import { NETWORKS } from '~/lib/connections/networks';
import { ACTIVITY_TYPES, FTP_HISTORY_SOURCES, FTP_SOURCES, RIDE_UPLOAD_STATUSES } from '~/lib/domain/activities';
import { oneOf, WITHHELD, type ExportCategory } from './category.server';

/** Rides, the figures kept from them, and the body measurements they are computed with. */

/** Every figure of a ride, as rides.json and rides.csv hold them. */
const RIDE_FIELDS: Record<string, string> = {
  id: 'the ride',
  type: oneOf(ACTIVITY_TYPES),
  sportType: 'the sport (cycling)',
  title: 'title',
  routeName: 'route',
  startedAt: 'start time',
  fileType: 'fit (an uploaded recording) or json (an activity that came as data)',
  importedFrom: `the fitness network the ride came from: ${oneOf(NETWORKS)} (empty: uploaded to Paceline)`,
  distanceM: 'distance, metres',
  elevationM: 'elevation gain, metres',
  timerS: 'moving time, seconds',
  elapsedS: 'elapsed time, seconds',
  avgPowerW: 'average power with zeros, watts',
  avgPowerNonZeroW: 'average power of the seconds above 0 W',
  maxPowerW: 'maximum power',
  avgWattsPerKg: 'average power per kg of your weight that day',
  avgHeartRate: 'average heart rate, bpm',
  avgCadence: 'average cadence, rpm',
  avgSpeedKmh: 'average speed, km/h',
  normalizedPowerW: 'normalized power',
  intensity: 'intensity factor (normalized power / FTP)',
  trainingLoad: 'training load (TSS)',
  ftpW: 'the FTP in force on the ride date',
  ftpSource: `where that FTP came from: ${oneOf(FTP_SOURCES)}`,
  thresholdEstimateW: 'the threshold this ride shows (95 % of its best 20 minutes)',
  fileFtpW: 'the FTP your head unit wrote into the file',
  deviceAvgPowerW: "your head unit's own average power",
  deviceNpW: "your head unit's own normalized power",
  loadDurationS: 'the seconds training load accrues over',
  bestTwentyMinW: 'best 20-minute power',
  weightKg: 'your weight on the ride date',
  spikesRemoved: 'power readings removed as spikes',
  platform: 'where the ride was recorded (device or app)',
  analysisVersion: 'the version of our analysis that computed these figures',
  contentHash: 'SHA-256 fingerprint of the original file (the same file twice is one ride)',
  createdAt: 'when the ride was added',
};

const RIDE_SOURCE = { owner: activities.userId, withheld: { fileKey: WITHHELD.storageKey } };

async function rideRows(userId: string) {
  const rows = await db()
    .select({ ride: activities, importedFrom: networkImports.network })
    .from(activities)
    .leftJoin(networkImports, eq(networkImports.activityId, activities.id))
    .where(eq(activities.userId, userId))
    .orderBy(asc(activities.startedAt), asc(activities.id));
  return rows.map(({ ride, importedFrom }) => ({ ...ride, importedFrom }));
}

/** A packed Float32 curve (watts per second of duration, from 1 s) as numbers. */
const float32s = (bytes: Uint8Array) => new Float32Array(bytes.slice().buffer);

export const RIDE_CATEGORIES: ExportCategory[] = [
  {
    file: 'rides/rides.json',
    about: 'every ride with the figures we computed',
    source: RIDE_SOURCE,
    fields: RIDE_FIELDS,
    read: ({ userId }) => rideRows(userId),
  },
  { file: 'rides/rides.csv', about: 'the same, as a table', source: RIDE_SOURCE, fields: RIDE_FIELDS, read: ({ userId }) => rideRows(userId) },
  {
    file: 'rides/imported.csv',
    about: 'rides that came from a fitness network, with their id there',
    source: { owner: networkImports.userId },
    orderBy: networkImports.importedAt,
    fields: {
      network: oneOf(NETWORKS),
      providerActivityId: "the ride's id at the network",
      activityId: 'the ride (rides.csv id)',
      importedAt: 'when it was imported',
    },
  },
  {
    file: 'rides/uploads.csv',
    about: 'ride files you uploaded that are waiting for, or were answered by, their analysis (kept a day)',
    source: { owner: rideUploads.userId, withheld: { fileKey: WITHHELD.storageKey } },
    orderBy: rideUploads.createdAt,
    fields: {
      id: 'the upload (the ride id once stored)',
      contentHash: 'SHA-256 fingerprint of the file',
      status: oneOf(RIDE_UPLOAD_STATUSES),
      activityId: 'the ride it became, or the ride that already had this file',
      refusal: 'why the file was refused',
      createdAt: 'when it was uploaded',
      finishedAt: 'when it was answered',
    },
  },
  {
    file: 'rides/power-bests.csv',
    about: 'your all-time best power for every duration, with the ride each best comes from',
    source: {
      owner: riderPowerBests.userId,
      withheld: {
        watts: 'packed; the same numbers are in powerW',
        sourceIndex: 'packed; the same rides are in rideId',
        sources: 'the same rides and dates are in rideId and rideDate',
      },
    },
    fields: {
      durationS: 'duration, seconds',
      powerW: 'best average power over that duration, watts (to 0.1 W)',
      rideId: 'the ride of the best',
      rideDate: "the ride's start",
      updatedAt: 'when the bests last changed',
    },
    async read({ userId }) {
      const [best] = await db().select().from(riderPowerBests).where(eq(riderPowerBests.userId, userId));
      if (!best) return [];
      const watts = float32s(best.watts);
      const sourceIndex = new Uint16Array(best.sourceIndex.slice().buffer);
      return Array.from(watts, (value, index) => {
        const source = best.sources[sourceIndex[index]];
        return { durationS: index + 1, powerW: Math.round(value * 10) / 10, rideId: source.id, rideDate: source.date, updatedAt: best.updatedAt };
      });
    },
  },
  {
    file: 'rides/power-models.json',
    about: 'the power-duration models fitted to your best efforts over a window of days',
    source: { owner: riderPowerModels.userId },
    orderBy: riderPowerModels.windowDays,
    fields: {
      windowDays: 'the window, days',
      asOf: 'the last day of the window',
      model: 'the fitted model (critical power, W′, …; empty when no model could be fitted)',
      fittedAt: 'when it was fitted',
    },
  },
  {
    file: 'rides/daily-totals.csv',
    about: 'your totals per day',
    source: { owner: riderDailyTotals.userId },
    orderBy: riderDailyTotals.day,
    fields: {
      day: 'the day',
      rides: 'rides',
      races: 'races',
      distanceM: 'distance, metres',
      timeS: 'time, seconds',
      elevationM: 'elevation gain, metres',
      longestRideM: 'longest ride, metres',
    },
  },
  {
    file: 'rides/totals-by-type.csv',
    about: 'your all-time totals per kind of activity',
    source: { owner: riderActivityTotals.userId },
    orderBy: riderActivityTotals.type,
    fields: { type: oneOf(ACTIVITY_TYPES), count: 'how many', distanceM: 'distance, metres', timeS: 'time, seconds', elevationM: 'elevation, metres' },
  },
  {
    file: 'rides/training-load.csv',
    about: 'training load per day, and your fitness (CTL) and fatigue (ATL) at its end',
    source: { owner: riderTrainingDays.userId },
    orderBy: riderTrainingDays.day,
    fields: { day: 'the day', load: 'training load of the day', fitness: 'fitness (CTL)', fatigue: 'fatigue (ATL)' },
  },
  {
    file: 'rides/pending-recalculation.csv',
    about: 'a recalculation of your rides from a time on, asked for and not yet done (after an FTP change)',
    source: { owner: riderRecompute.userId },
    fields: { fromAt: 'rides from this time on are recalculated', requestedAt: 'when it was asked for' },
  },
  {
    file: 'history/weight.csv',
    about: 'your weight over time',
    source: { owner: weightHistory.userId, withheld: { verifiedBy: WITHHELD.staff } },
    orderBy: weightHistory.recordedAt,
    fields: { id: 'the entry', weightKg: 'weight, kg', recordedAt: 'when', verified: 'true when weighed by Paceline staff' },
  },
  {
    file: 'history/ftp.csv',
    about: 'your FTP over time: set on the profile, or detected from a ride',
    source: { owner: ftpHistory.userId },
    orderBy: ftpHistory.recordedAt,
    fields: {
      id: 'the entry',
      ftpW: 'FTP, watts (empty: none of your own from then on)',
      recordedAt: 'in force from',
      source: oneOf(FTP_HISTORY_SOURCES),
      activityId: 'the ride a detected FTP comes from',
      previousFtpW: 'the FTP before the detection',
      undoneAt: 'when you undid the detection',
      seenAt: 'when you dismissed its notice',
    },
  },
  {
    file: 'history/verified-heights.csv',
    about: 'your height as measured by Paceline staff',
    source: { owner: verifiedHeights.userId, withheld: { verifiedBy: WITHHELD.staff } },
    orderBy: verifiedHeights.measuredAt,
    fields: { id: 'the measurement', heightCm: 'height, cm', measuredAt: 'when measured', createdAt: 'when recorded' },
  },
];
