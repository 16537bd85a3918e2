import { listActivities } from '~/services/activities/activities.server';
import { getAllTimeCurve, getAverageCurve, getRangeCurve, type CurveLine } from '~/services/activities/curves.server';
import { packCurve } from '~/lib/activities/curve-view';
import { toCurveView } from '~/services/activities/curve-view.server';
import {
  approvedImportTotals,
  getProgress,
  getRiderAggregates,
  getRiderHeader,
  type ChartRow,
  type Period,
  type ProgressCell,
  type RiderProfile,
} from '~/services/activities/rider-page.server';
import { getImportBanner, listApprovedImports } from '~/services/activities/imports.server';
import { cachedRiderPage, RIDER_PAGE_DAILY_TTL_MS } from '~/db/rider-reads.server';
import { latestDetectionNotice } from '~/services/activities/ftp-history.server';
import { pagePowerModels } from '~/services/activities/power-models.server';
import { getFitnessSeries } from '~/services/activities/training-load.server';
import { dayOf, type SeriesPoint } from '~/lib/activities/training-load';
import { packRows } from '~/lib/packed-rows';
import { packActivityPage } from '~/lib/activities/list-page';

/**
 * What the activities page shows, read per rider and kept (decision 026): the account row comes
 * from the guard; the rest changes only at ingest, deletion, a weight change or an import
 * decision, all of which invalidate the rider's page cache, so a warm page costs no query.
 * Every read depends on the clock by the UTC day at most (the progress periods, the threshold
 * in force today), so each is kept under the day's key for the daily TTL.
 */
function keptForTodayOf(userId: string, today: Date) {
  const day = dayOf(today);
  return <T>(key: string, load: () => Promise<T>) => cachedRiderPage(`${key}:${day}`, userId, load, RIDER_PAGE_DAILY_TTL_MS);
}

/** Above the tabs: the rider's header and the import banner (both tabs read it). */
export async function loadActivitiesHeader(user: RiderProfile, today = new Date()) {
  const keptForToday = keptForTodayOf(user.id, today);
  const [rider, banner] = await Promise.all([
    keptForToday('aggregates', () => getRiderAggregates(user.id)).then((aggregates) => getRiderHeader(user, aggregates)),
    keptForToday('banner', () => getImportBanner(user.id)),
  ]);
  return { rider, banner };
}

/** The Overview tab: progress, imported totals, fitness and the FTP notice. */
export async function loadOverview(userId: string, period: Period, fitnessRange: FitnessRange, today = new Date()) {
  const keptForToday = keptForTodayOf(userId, today);
  const { from, to } = fitnessRange;
  const [progress, imported, fitness, ftpNotice] = await Promise.all([
    keptForToday(`progress-${period}`, async () => packedProgress(await getProgress(userId, period, today))),
    keptForToday('imported', () => approvedImportTotals(userId)),
    keptForToday(`fitness-${from}-${to}`, async () =>
      packRows(asDrawn(atMostPoints(await getFitnessSeries(userId, from, to), FITNESS_CHART_MAX_POINTS)), FITNESS_FIELDS),
    ),
    keptForToday('ftp-notice', () => latestDetectionNotice(userId)),
  ]);
  return {
    progress,
    imported: imported.count > 0 ? { distance: imported.distanceKm, timeSpend: imported.timeS / 3600, elevation: imported.elevationM } : null,
    fitness: { ...fitnessRange, points: fitness },
    ftpNotice,
  };
}

/**
 * The ACTIVITIES tab: its first page of rides, the power curves and models, approved imports.
 * `hasApproved` is the header's banner read (Other Platform column), awaited beside the rest.
 */
export async function loadActivitiesTab(
  userId: string,
  sort: 'asc' | 'desc',
  range: { from: string; to: string } | null,
  hasApproved: Promise<boolean>,
  today = new Date(),
) {
  const keptForToday = keptForTodayOf(userId, today);
  const [firstPage, allTime, average, powerModels, rangeCurve, approvedImports] = await Promise.all([
    listActivities({ userId, sort }).then(packActivityPage),
    // Kept as the page sends them: cut to the drawn durations and packed (lib/packed-rows).
    keptForToday('all-time', async () => packedView(await getAllTimeCurve(userId))),
    keptForToday('average', async () => packedView(await getAverageCurve(userId))),
    pagePowerModels(userId),
    range ? loadRangeCurve(userId, range) : null,
    // Only riders with an approved import show the Other Platform column and its rows (decision 046).
    hasApproved.then((approved) => (approved ? keptForToday('approved-imports', () => listApprovedImports(userId)) : [])),
  ]);
  return { firstPage, allTime, average, powerModels, approvedImports, range: range && { ...range, curve: rangeCurve } };
}

/** The progress chart's bars packed like the curves (one string in the page's data); the grid stays as it is. */
function packedProgress({ grid, chart }: { grid: Record<Period, ProgressCell>; chart: ChartRow[] }) {
  return { grid, chart: packRows(chart, ['date', 'label', 'distance', 'elevation']) };
}

function packedView(line: CurveLine | null) {
  return line && packCurve(toCurveView(line));
}

/** The fitness chart's range: whole UTC days, both included; `isDefault` when none was asked for. */
export interface FitnessRange {
  from: string;
  to: string;
  isDefault: boolean;
}

/** The fitness chart's days, packed like the curves (one string in the page's data). */
const FITNESS_FIELDS = ['day', 'load', 'fitness', 'fatigue', 'form'] as const;

/** A longer range is drawn from every n-th day (the last one always), so the SVG stays light. */
const FITNESS_CHART_MAX_POINTS = 370;

function atMostPoints(points: SeriesPoint[], max: number): SeriesPoint[] {
  const step = Math.ceil(points.length / max);
  if (step <= 1) return points;
  return points.filter((_, index) => (points.length - 1 - index) % step === 0);
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * The points as the chart draws them, to a tenth (FitnessChart), and the last day exact, whose
 * figures the page writes rounded: a tenth first could round them the other way. Sixteen digits
 * per figure were 7 kB of every activities page's data.
 */
export function asDrawn(points: SeriesPoint[]): SeriesPoint[] {
  const last = points.length - 1;
  return points.map((point, index) =>
    index === last
      ? point
      : { day: point.day, load: tenths(point.load), fitness: tenths(point.fitness), fatigue: tenths(point.fatigue), form: tenths(point.form) },
  );
}

const DAY_MS = 86_400_000;

/** The best curve of the rides in a range of whole UTC days, both ends included (not cached). */
export async function loadRangeCurve(userId: string, range: { from: string; to: string }) {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const line = await getRangeCurve(userId, from, to, `Best ${range.from} – ${range.to}`);
  return line ? toCurveView(line) : null;
}

/** Ranges longer than this are cut to their last two years. */
const FITNESS_RANGE_MAX_DAYS = 731;
const FITNESS_DEFAULT_DAYS = 90;

/**
 * The fitness chart's range from the query (ISO days): the last 90 days by default; a reversed
 * range is ignored, an end after today is today, a range over two years keeps its last two.
 */
export function fitnessRangeOf(from: string | undefined, to: string | undefined, today: Date): FitnessRange {
  const todayDay = dayOf(today);
  const shift = (day: string, days: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
  if (!from || !to || from > to) return { from: shift(todayDay, 1 - FITNESS_DEFAULT_DAYS), to: todayDay, isDefault: true };
  const end = to > todayDay ? todayDay : to;
  const earliest = shift(end, 1 - FITNESS_RANGE_MAX_DAYS);
  const start = from > end ? end : from < earliest ? earliest : from;
  return { from: start, to: end, isDefault: false };
}
