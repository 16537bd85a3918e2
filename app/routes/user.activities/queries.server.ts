import { listActivities } from '~/services/activities.server';
import { getAllTimeCurve, getAverageCurve } from '~/services/activities/curves.server';
import { toCurveView } from '~/services/activities/curve-view.server';
import { approvedImportTotals, getProgress, getRiderAggregates, getRiderHeader, type Period } from '~/services/activities/rider-page.server';
import { getImportBanner, listApprovedImports } from '~/services/imports.server';
import { cachedRiderPage } from '~/services/activities/page-cache.server';

/** Everything the activities page shows on first paint, read in parallel. */
export async function loadActivitiesPage(userId: string, period: Period, sort: 'asc' | 'desc') {
  const [rider, banner, progress, firstPage, allTime, average, imported] = await Promise.all([
    cachedRiderPage('aggregates', userId, () => getRiderAggregates(userId)).then((aggregates) => getRiderHeader(userId, aggregates)),
    getImportBanner(userId),
    cachedRiderPage(`progress-${period}`, userId, () => getProgress(userId, period)),
    listActivities({ userId, sort }),
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
    imported: imported.count > 0 ? { distance: imported.distanceKm, timeSpend: imported.timeS / 3600, elevation: imported.elevationM, longestRide: 0, races: 0, allRides: 0 } : null,
    firstPage,
    approvedImports,
    allTime: allTime ? toCurveView(allTime) : null,
    average: average ? toCurveView(average) : null,
  };
}
