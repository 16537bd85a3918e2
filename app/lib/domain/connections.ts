/** Domain values of the connections area, shared by the schema, the services and the browser (no Drizzle here). */
export const NETWORK_IMPORT_STATUSES = ['idle', 'running', 'done', 'failed'] as const;
export const OAUTH_TOKEN_KINDS = ['access', 'refresh'] as const;
