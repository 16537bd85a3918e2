/** Domain values of the accounts area, shared by the schema, the services and the browser (no Drizzle here). */
export const VERIFICATION_PURPOSES = ['verify-email', 'parent-consent', 'reset-password', 'delete-account', 'wallet-email', 'export-data'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/**
 * A copy of a rider's data (issue 26): a child's waits for the parent's link; then queued,
 * building (with progress), ready for DATA_EXPORT_VALID_DAYS, or failed.
 */
export const DATA_EXPORT_STATUSES = ['waiting-for-parent', 'queued', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * What a consent record is about (decision 176): the terms and the privacy notice accepted at
 * sign-up, the marketing e-mails given or withdrawn (sign-up, profile), and a parent's consent
 * for a child's account (the parent's link).
 */
export const CONSENT_SUBJECTS = ['terms', 'privacy-notice', 'marketing-emails', 'parental-consent'] as const;
export type ConsentSubject = (typeof CONSENT_SUBJECTS)[number];

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['registration', 'profile', 'parent-link'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
