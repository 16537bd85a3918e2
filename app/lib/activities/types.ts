/** Shapes shared by the activities services, routes and machines (browser-safe). */
type ActivityKind = 'ride' | 'workout' | 'event';
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
  /** Where it was recorded (decision 046); shown in the Other Platform column. */
  platform: string | null;
}

/** Spec 2 §3 "Activities page response". */
export interface ActivityListPage {
  results: ActivityRow[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
}

/** An approved import from another platform, shown under the ACTIVITIES table (decision 046). */
export interface ApprovedImportRow {
  id: string;
  platform: string;
  approvedAt: string | null;
  timeS: number;
  distanceKm: number;
  elevationM: number;
}
