/** Shapes shared by the activities services, routes and machines (browser-safe). */
export type ActivityKind = 'ride' | 'workout' | 'event';
export type ActivitySort = 'desc' | 'asc';
export type ActivityTypeFilter = 'all' | ActivityKind;

/** One row of the ACTIVITIES table (spec 2 §3 "Activity (list row)"). */
export interface ActivityRow {
  id: string;
  date: string;
  type: ActivityKind;
  sportType: string;
  title: string;
  routeName: string;
  distanceKm: number;
  elevationM: number;
  watt: number | null;
  wattPerKg: number | null;
  heartrate: number | null;
  rideDurationS: number;
  fileType: string;
  hasPower: boolean;
}

/** Spec 2 §3 "Activities page response". */
export interface ActivityListPage {
  results: ActivityRow[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
}
