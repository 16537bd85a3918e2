import { listActivities } from '~/services/activities.server';
import { getAllTimeCurve, getAverageCurve } from '~/services/activities/curves.server';
import { toCurveView } from '~/services/activities/curve-view.server';
import { approvedImportTotals, getProgress, getRiderHeader, type Period } from '~/services/activities/rider-page.server';
import { getImportBanner } from '~/services/imports.server';

/** Everything the activities page shows on first paint, read in parallel. */
export async function loadActivitiesPage(userId: string, period: Period, sort: 'asc' | 'desc') {
  const [rider, banner, progress, firstPage, allTime, average, imported] = await Promise.all([
    getRiderHeader(userId),
    getImportBanner(userId),
    getProgress(userId, period),
    listActivities({ userId, sort }),
    getAllTimeCurve(userId),
    getAverageCurve(userId),
    approvedImportTotals(userId),
  ]);
  return {
    rider,
    banner,
    period,
    sort,
    progress,
    imported: imported.count > 0 ? { distance: imported.distanceKm, timeSpend: imported.timeS / 3600, elevation: imported.elevationM, longestRide: 0, races: 0, allRides: 0 } : null,
    firstPage,
    allTime: allTime ? toCurveView(allTime) : null,
    average: average ? toCurveView(average) : null,
  };
}
