import { listActivities } from '~/services/activities/activities.server';
import { getAllTimeCurve, getAverageCurve, getRangeCurve } from '~/services/activities/curves.server';
import { toCurveView } from '~/services/activities/curve-view.server';
import { approvedImportTotals, getProgress, getRiderAggregates, getRiderHeader, type Period, type RiderProfile } from '~/services/activities/rider-page.server';
import { getImportBanner, listApprovedImports } from '~/services/activities/imports.server';
import { cachedRiderPage } from '~/services/activities/page-cache.server';

/**
 * Everything the activities page shows on first paint. The account row comes from the guard;
 * the rest changes only at ingest, deletion, a weight change or an import decision, all of
 * which invalidate the rider's page cache (decision 026), so a warm page costs no query.
 * The ACTIVITIES list's first page is sent only when the page is asked for with that tab open
 * (`?tab=activities`); otherwise the tab fetches it from the paging loader (decision 043).
 */
export async function loadActivitiesPage(user: RiderProfile, period: Period, sort: 'asc' | 'desc', withFirstPage: boolean) {
  const userId = user.id;
  const [rider, banner, progress, firstPage, allTime, average, imported] = await Promise.all([
    cachedRiderPage('aggregates', userId, () => getRiderAggregates(userId)).then((aggregates) => getRiderHeader(user, aggregates)),
    cachedRiderPage('banner', userId, () => getImportBanner(userId)),
    cachedRiderPage(`progress-${period}`, userId, () => getProgress(userId, period)),
    withFirstPage ? cachedRiderPage(`first-page-${sort}`, userId, () => listActivities({ userId, sort })) : null,
    cachedRiderPage('all-time', userId, () => getAllTimeCurve(userId)),
    cachedRiderPage('average', userId, () => getAverageCurve(userId)),
    cachedRiderPage('imported', userId, () => approvedImportTotals(userId)),
  ]);
  // Only riders with an approved import show the Other Platform column and its rows (decision 046).
  const approvedImports = banner.hasApproved ? await cachedRiderPage('approved-imports', userId, () => listApprovedImports(userId)) : [];
  return {
    rider,
    banner,
    period,
    sort,
    progress,
    imported: imported.count > 0 ? { distance: imported.distanceKm, timeSpend: imported.timeS / 3600, elevation: imported.elevationM } : null,
    firstPage,
    approvedImports,
    allTime: allTime ? toCurveView(allTime) : null,
    average: average ? toCurveView(average) : null,
  };
}

const DAY_MS = 86_400_000;

/** The best curve of the rides in a range of whole UTC days, both ends included (not cached). */
export async function loadRangeCurve(userId: string, range: { from: string; to: string }) {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const line = await getRangeCurve(userId, from, to, `Best ${range.from} – ${range.to}`);
  return line ? toCurveView(line) : null;
}
