/** Domain values of the activities area, shared by the schema, the services and the browser (no Drizzle here). */
export const ACTIVITY_TYPES = ['ride', 'workout', 'event'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const IMPORT_PLATFORMS = ['Strava', 'Zwift', 'Trainer road', 'Rouvy', 'Bkool', 'Others'] as const;
export const IMPORT_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const ACTIVITY_SERIES = ['t', 'distanceM', 'altitudeM', 'power', 'speedMps', 'heartRate', 'cadence'] as const;
