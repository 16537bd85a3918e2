import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { activities } from './activities';
import { NETWORK_IMPORT_STATUSES, OAUTH_TOKEN_KINDS } from '../../lib/domain/connections';

/**
 * A rider's link to a fitness network (spec 1 §2 Connections, docs/connections.md). Tokens are
 * encrypted at rest (AES-256-GCM); `network_data` is the spec's userNetworksData (analogx's
 * terms token). The import columns are the background import's progress the profile shows.
 */
export const networkConnections = pgTable(
  'network_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    source: text('source'),
    athleteId: text('athlete_id'),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scope: text('scope').notNull().default(''),
    networkData: jsonb('network_data').$type<Record<string, string>>().notNull().default({}),
    importStatus: text('import_status', { enum: NETWORK_IMPORT_STATUSES }).notNull().default('idle'),
    importTotal: integer('import_total').notNull().default(0),
    importDone: integer('import_done').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('network_connections_user_network_idx').on(table.userId, table.network)],
);

/** One outstanding Connect: the hashed `state`, bound to the session that started it; deleted when used. */
export const networkOauthStates = pgTable('network_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  network: text('network').notNull(),
  source: text('source'),
  codeVerifier: text('code_verifier'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Which stored ride came from which provider activity: re-imports skip known ids, disconnect deletes them. */
export const networkImports = pgTable(
  'network_imports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    providerActivityId: text('provider_activity_id').notNull(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('network_imports_provider_activity_idx').on(table.userId, table.network, table.providerActivityId)],
);

/** A partner application registered by staff (OAuth 2.0 client of Paceline; docs/partner-api.md). */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  website: text('website').notNull(),
  /** Exact strings: a redirect_uri must equal one of them (RFC 9700 §2.1). */
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  /** Null for a public client, which must use PKCE. */
  secretHash: text('secret_hash'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A rider's authorization of a partner: every token descends from one; revoking it ends them all. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('oauth_grants_user_idx').on(table.userId)],
);

/** Authorization codes (hashed), single-use and short-lived; `grant_id` is set when exchanged. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  grantId: uuid('grant_id'),
});

/** Access and refresh tokens (hashed). A refresh token is rotated once; presenting it again revokes the grant. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OAUTH_TOKEN_KINDS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_tokens_grant_idx').on(table.grantId)],
);
