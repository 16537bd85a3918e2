/** Domain values of the activities area, shared by the schema, the services and the browser (no Drizzle here). */
export const ACTIVITY_TYPES = ['ride', 'workout', 'event'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const IMPORT_PLATFORMS = ['Strava', 'Zwift', 'Trainer road', 'Rouvy', 'Bkool', 'Others'] as const;
export const IMPORT_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Where an entry of the rider's FTP history comes from: set on the profile, or detected from a ride (decision 141). */
export const FTP_HISTORY_SOURCES = ['profile', 'detected'] as const;
export type FtpHistorySource = (typeof FTP_HISTORY_SOURCES)[number];
/** Where a ride's threshold in force comes from: the history, the head unit's file, or the 2.5 W/kg default. */
export const FTP_SOURCES = ['profile', 'detected', 'file', 'default'] as const;
export type FtpSource = (typeof FTP_SOURCES)[number];
/**
 * Where an upload stands (decision 133): waiting for its analysis job, or done as a stored ride,
 * as a file the rider had already uploaded, refused (not a ride Paceline can read), or failed
 * (every attempt of its job failed: staff may retry it).
 */
export const RIDE_UPLOAD_STATUSES = ['pending', 'stored', 'duplicate', 'refused', 'failed'] as const;
export type RideUploadStatus = (typeof RIDE_UPLOAD_STATUSES)[number];
