/** Domain values of the accounts area, shared by the schema, the services and the browser (no Drizzle here). */
export const VERIFICATION_PURPOSES = ['verify-email', 'parent-consent', 'reset-password', 'delete-account', 'wallet-email', 'export-data'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/**
 * A copy of a rider's data (issue 26): a child's waits for the parent's link; then queued,
 * building (with progress), ready for DATA_EXPORT_VALID_DAYS, or failed.
 */
export const DATA_EXPORT_STATUSES = ['waiting-for-parent', 'queued', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
