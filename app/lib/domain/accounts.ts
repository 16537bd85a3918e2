/** Domain values of the accounts area, shared by the schema, the services and the browser (no Drizzle here). */
export const VERIFICATION_PURPOSES = ['verify-email', 'parent-consent', 'reset-password', 'delete-account', 'wallet-email'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
