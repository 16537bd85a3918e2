import { and, asc, desc, eq, sum } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { cachedRiderPage, RIDER_PAGE_DAILY_TTL_MS } from '~/db/rider-reads.server';
import { activities, riderActivityTotals } from '~/db/schema';
import type { ActivityListPage, ActivitySort, ActivityTypeFilter } from '~/lib/activities/types';
import { ACTIVITIES_PAGE_SIZE } from '~/lib/constants';
import { boundedPage, pageOffset } from '~/lib/paging';

export type { ActivityListPage } from '~/lib/activities/types';

export interface ActivityListQuery {
  userId: string;
  page?: number;
  sort?: ActivitySort;
  type?: ActivityTypeFilter;
  pageSize?: number;
}

/** The count comes from the rollup table: one indexed row instead of counting 100,000. */
async function countActivities(userId: string, type: ActivityTypeFilter): Promise<number> {
  const where = type === 'all' ? eq(riderActivityTotals.userId, userId) : and(eq(riderActivityTotals.userId, userId), eq(riderActivityTotals.type, type));
  const [row] = await db()
    .select({ count: sum(riderActivityTotals.count) })
    .from(riderActivityTotals)
    .where(where);
  return Number(row?.count ?? 0);
}

/** A page of the rider's activities, kept per rider until anything it read is written. */
export function listActivities(query: ActivityListQuery): Promise<ActivityListPage> {
  const pageSize = query.pageSize ?? ACTIVITIES_PAGE_SIZE;
  const type = query.type ?? 'all';
  const sort = query.sort ?? 'desc';
  const key = `activities-list:${type}:${sort}:${boundedPage(query.page ?? 1)}:${pageSize}`;
  // A page depends on no clock: only a write changes it.
  return cachedRiderPage(key, query.userId, () => readActivityPage(query, pageSize, type, sort), RIDER_PAGE_DAILY_TTL_MS);
}

async function readActivityPage(query: ActivityListQuery, pageSize: number, type: ActivityTypeFilter, sort: ActivitySort): Promise<ActivityListPage> {
  const totalCount = await countActivities(query.userId, type);
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const currentPage = Math.min(boundedPage(query.page ?? 1), totalPages);
  const where = type === 'all' ? eq(activities.userId, query.userId) : and(eq(activities.userId, query.userId), eq(activities.type, type));
  const order = sort === 'asc' ? [asc(activities.startedAt), asc(activities.id)] : [desc(activities.startedAt), desc(activities.id)];
  const rows = await db()
    .select({
      id: activities.id,
      startedAt: activities.startedAt,
      type: activities.type,
      sportType: activities.sportType,
      title: activities.title,
      routeName: activities.routeName,
      distanceM: activities.distanceM,
      elevationM: activities.elevationM,
      avgPowerW: activities.avgPowerW,
      avgWattsPerKg: activities.avgWattsPerKg,
      avgHeartRate: activities.avgHeartRate,
      timerS: activities.timerS,
      fileType: activities.fileType,
      platform: activities.platform,
    })
    .from(activities)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(pageOffset(currentPage, pageSize));
  return {
    results: rows.map((row) => ({
      id: row.id,
      date: row.startedAt.toISOString(),
      type: row.type,
      sportType: row.sportType,
      title: row.title,
      routeName: row.routeName,
      distanceKm: row.distanceM / 1000,
      elevationM: row.elevationM,
      watt: row.avgPowerW,
      wattPerKg: row.avgWattsPerKg,
      heartrate: row.avgHeartRate,
      rideDurationS: row.timerS,
      fileType: row.fileType,
      hasPower: row.avgPowerW !== null,
      platform: row.platform,
    })),
    totalCount,
    totalPages,
    currentPage,
  };
}
