/** Domain values of the wallet area, shared by the schema, the services and the browser (no Drizzle here). */
/** Spec 1 §3 verificationStatus; a rider with no request is 'unverified'. */
export const WALLET_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
