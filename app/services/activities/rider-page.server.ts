import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { riderActivityTotals, riderDailyTotals, thirdPartyImports, type users } from '~/db/schema';
import { deriveCategory, deriveFtp, deriveLevel } from '~/lib/activities/rider-level';
import { thresholdNow } from './ftp.server';
import { latestVerifiedHeight } from '../staff/verified-measurements.server';
import { latestVerifiedWeight } from './weight-history.server';

export type Period = 'week' | 'month' | 'year';

/** Spec 2 §2 player info header (and §3 PlayerProfileStruct / PlayerPersonalStruct). */
export interface RiderHeader {
  firstname: string;
  lastname: string;
  country: number;
  team: string | null;
  genderLabel: 'MEN' | 'FEMALE' | 'Both';
  category: number;
  level: number;
  ftpW: number;
  weightKg: number | null;
  weightVerified: boolean;
  heightCm: number | null;
  heightVerified: boolean;
  age: number | null;
  isKid: boolean;
  totalKm: number;
  totalRideTimeS: number;
  totalElevationM: number;
}

function ageOn(dob: string | null, today: Date): number | null {
  if (!dob) return null;
  const born = new Date(`${dob}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthday = Date.UTC(today.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate());
  if (today.getTime() < birthday) age--;
  return age;
}

/** Approved imports from other platforms, added to the rider's totals. */
export async function approvedImportTotals(userId: string) {
  const [row] = await db()
    .select({
      count: sql<number>`count(*)::int`,
      distanceKm: sql<number>`coalesce(sum(${thirdPartyImports.totalDistanceKm}), 0)::float8`,
      timeS: sql<number>`coalesce(sum(${thirdPartyImports.totalRideTimeS}), 0)::float8`,
      elevationM: sql<number>`coalesce(sum(${thirdPartyImports.totalElevationM}), 0)::float8`,
    })
    .from(thirdPartyImports)
    .where(and(eq(thirdPartyImports.userId, userId), eq(thirdPartyImports.status, 'approved')));
  return { count: Number(row.count), distanceKm: Number(row.distanceKm), timeS: Number(row.timeS), elevationM: Number(row.elevationM) };
}

/** The header's figures that come from rides and imports (cacheable; the profile is read fresh). */
export async function getRiderAggregates(userId: string) {
  const [totals] = await db()
    .select({
      distanceM: sql<number>`coalesce(sum(${riderActivityTotals.distanceM}), 0)::float8`,
      timeS: sql<number>`coalesce(sum(${riderActivityTotals.timeS}), 0)::float8`,
      elevationM: sql<number>`coalesce(sum(${riderActivityTotals.elevationM}), 0)::float8`,
    })
    .from(riderActivityTotals)
    .where(eq(riderActivityTotals.userId, userId));
  const imported = await approvedImportTotals(userId);
  return {
    threshold: await thresholdNow(userId),
    verifiedWeightKg: await latestVerifiedWeight(userId),
    verifiedHeightCm: await latestVerifiedHeight(userId),
    totalKm: Number(totals.distanceM) / 1000 + imported.distanceKm,
    totalRideTimeS: Number(totals.timeS) + imported.timeS,
    totalElevationM: Number(totals.elevationM) + imported.elevationM,
  };
}

/** The account fields the header shows: the guard has already read them (`requireUserRow`). */
export type RiderProfile = Pick<
  typeof users.$inferSelect,
  'id' | 'firstname' | 'lastname' | 'country' | 'gender' | 'weightKg' | 'heightCm' | 'dob' | 'isKid' | 'ftpW'
>;

export async function getRiderHeader(
  user: RiderProfile,
  aggregates?: Awaited<ReturnType<typeof getRiderAggregates>>,
  today = new Date(),
): Promise<RiderHeader> {
  const figures = aggregates ?? (await getRiderAggregates(user.id));
  const weightKg = figures.verifiedWeightKg ?? user.weightKg;
  // The threshold in force today (decisions 106 and 141): the latest of the rider's history, else
  // the latest head unit's, else 2.5 W/kg.
  const ftpW = figures.threshold?.ftpW ?? deriveFtp(0, weightKg);
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    country: user.country,
    team: null,
    genderLabel: user.gender === 1 ? 'FEMALE' : user.gender === 0 ? 'MEN' : 'Both',
    category: deriveCategory(ftpW, weightKg),
    level: deriveLevel(figures.totalKm),
    ftpW,
    weightKg,
    weightVerified: figures.verifiedWeightKg !== null,
    heightCm: figures.verifiedHeightCm ?? user.heightCm,
    heightVerified: figures.verifiedHeightCm !== null,
    age: ageOn(user.dob, today),
    isKid: user.isKid,
    totalKm: figures.totalKm,
    totalRideTimeS: figures.totalRideTimeS,
    totalElevationM: figures.totalElevationM,
  };
}

/** Spec 2 §3 progress grid row. Distance in km, time in h, elevation in m. */
export interface ProgressCell {
  distance: number;
  timeSpend: number;
  elevation: number;
  longestRide: number;
  races: number;
  allRides: number;
}

export interface ChartRow {
  date: string;
  label: string;
  distance: number;
  elevation: number;
}

/** Monday-based week, calendar month and calendar year containing `today` (UTC days). */
function periodRange(period: Period, today: Date): { from: string; to: string } {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  let from: Date;
  let to: Date;
  if (period === 'week') {
    const offset = (day.getUTCDay() + 6) % 7;
    from = new Date(day.getTime() - offset * 86_400_000);
    to = new Date(from.getTime() + 7 * 86_400_000);
  } else if (period === 'month') {
    from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
    to = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
  } else {
    from = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
    to = new Date(Date.UTC(day.getUTCFullYear() + 1, 0, 1));
  }
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

async function dailyRows(userId: string, from: string, to: string) {
  return db()
    .select()
    .from(riderDailyTotals)
    .where(and(eq(riderDailyTotals.userId, userId), gte(riderDailyTotals.day, from), lt(riderDailyTotals.day, to)));
}

function cellOf(rows: Awaited<ReturnType<typeof dailyRows>>): ProgressCell {
  const cell: ProgressCell = { distance: 0, timeSpend: 0, elevation: 0, longestRide: 0, races: 0, allRides: 0 };
  for (const row of rows) {
    cell.distance += row.distanceM / 1000;
    cell.timeSpend += row.timeS / 3600;
    cell.elevation += row.elevationM;
    cell.longestRide = Math.max(cell.longestRide, row.longestRideM / 1000);
    cell.races += row.races;
    cell.allRides += row.rides;
  }
  return cell;
}

/** The progress grid for week, month and year, and the bar chart rows of the chosen period. */
export async function getProgress(userId: string, period: Period, today = new Date()) {
  const year = periodRange('year', today);
  const month = periodRange('month', today);
  const week = periodRange('week', today);
  const earliest = week.from < year.from ? week.from : year.from;
  const latest = week.to > year.to ? week.to : year.to;
  const rows = await dailyRows(userId, earliest, latest);
  const within = (range: { from: string; to: string }) => rows.filter((row) => row.day >= range.from && row.day < range.to);
  const grid = { week: cellOf(within(week)), month: cellOf(within(month)), year: cellOf(within(year)) };
  const range = periodRange(period, today);
  const chart: ChartRow[] = [];
  if (period === 'year') {
    for (let index = 0; index < 12; index++) {
      const key = `${range.from.slice(0, 4)}-${String(index + 1).padStart(2, '0')}`;
      const cell = cellOf(rows.filter((row) => row.day.startsWith(key)));
      chart.push({ date: key, label: MONTHS[index], distance: cell.distance, elevation: cell.elevation });
    }
  } else {
    for (let time = Date.parse(`${range.from}T00:00:00Z`); time < Date.parse(`${range.to}T00:00:00Z`); time += 86_400_000) {
      const key = new Date(time).toISOString().slice(0, 10);
      const cell = cellOf(rows.filter((row) => row.day === key));
      const label = period === 'week' ? WEEKDAYS[(new Date(time).getUTCDay() + 6) % 7] : key.slice(8);
      chart.push({ date: key, label, distance: cell.distance, elevation: cell.elevation });
    }
  }
  return { grid, chart };
}
