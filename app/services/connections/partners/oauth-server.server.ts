import { createHash, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens, users } from '~/db/schema';
import { PARTNER_ACCESS_TOKEN_TTL_S, PARTNER_CODE_TTL_MS, PARTNER_REFRESH_TOKEN_TTL_S } from '~/lib/constants';
import { isPartnerWebsite, PARTNER_MESSAGES, PARTNER_SCOPES, type PartnerScope } from '~/lib/connections/partners';
import { getEnv } from '../../platform/env.server';
import { hashToken, randomToken } from '../secrets.server';

/**
 * Paceline as an OAuth 2.0 authorization server for partners (decision 093): authorization
 * code with PKCE (S256; required for public clients), exact redirect_uri matching, single-use
 * short-lived codes, rotating refresh tokens with reuse detection, revocation (RFC 7009).
 * Codes and tokens are random and stored only as hashes. No implicit grant, no password grant.
 * A child account cannot authorize a partner (decision 122): refused at the consent page, at
 * the decision, at the code exchange, and any grant a child already holds serves nothing.
 */
export type PartnerClient = typeof oauthClients.$inferSelect;

export type ClientCheck =
  { ok: true; client: PartnerClient; scope: string } | { ok: false; error: 'unknown_client' | 'bad_redirect' | 'bad_request'; message: string };

async function findPartnerClient(clientId: string): Promise<PartnerClient | undefined> {
  const [client] = await db().select().from(oauthClients).where(eq(oauthClients.id, clientId));
  return client;
}

function grantedScope(client: PartnerClient, requested: string | null): string | null {
  const asked = (requested ?? '').split(' ').filter(Boolean);
  const wanted = asked.length > 0 ? asked : client.scopes;
  if (wanted.some((scope) => !client.scopes.includes(scope) || !(PARTNER_SCOPES as readonly string[]).includes(scope))) return null;
  return wanted.join(' ');
}

/**
 * The checks of /oauth/authorize before anything is shown: a known client and a redirect_uri
 * registered for it, compared exactly. Only after both pass may Paceline redirect anywhere.
 */
export async function checkAuthorizeRequest(query: URLSearchParams): Promise<ClientCheck> {
  const client = await findPartnerClient(query.get('client_id') ?? '');
  if (!client) return { ok: false, error: 'unknown_client', message: PARTNER_MESSAGES.unknownClient };
  if (!client.redirectUris.includes(query.get('redirect_uri') ?? '')) return { ok: false, error: 'bad_redirect', message: PARTNER_MESSAGES.badRedirect };
  const scope = grantedScope(client, query.get('scope'));
  const responseType = query.get('response_type') ?? 'code';
  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method') ?? (challenge ? 'plain' : null);
  // No implicit flow (RFC 9700 §2.1.2); only S256 challenges; public clients must send one.
  if (responseType !== 'code' || scope === null || (challenge && method !== 'S256') || (!challenge && !client.secretHash)) {
    return { ok: false, error: 'bad_request', message: PARTNER_MESSAGES.failed };
  }
  return { ok: true, client, scope };
}

async function isChildAccount(userId: string): Promise<boolean> {
  const [user] = await db().select({ isKid: users.isKid }).from(users).where(eq(users.id, userId));
  return user?.isKid ?? true;
}

/** Where Authorize or Cancel sends the browser: the registered redirect_uri with code or error, and the state. */
function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

export async function authorizePartner(
  userId: string,
  query: URLSearchParams,
  decision: 'authorize' | 'cancel',
): Promise<{ redirect: string } | { error: string }> {
  const check = await checkAuthorizeRequest(query);
  if (!check.ok) return { error: check.message };
  const redirectUri = query.get('redirect_uri') as string;
  const state = query.get('state');
  if (decision === 'cancel') return { redirect: redirectWith(redirectUri, { error: 'access_denied', state }) };
  if (await isChildAccount(userId)) return { error: PARTNER_MESSAGES.childAccount };
  const code = randomToken();
  await db()
    .insert(oauthCodes)
    .values({
      codeHash: hashToken(code),
      clientId: check.client.id,
      userId,
      redirectUri,
      scope: check.scope,
      codeChallenge: query.get('code_challenge'),
      expiresAt: new Date(Date.now() + PARTNER_CODE_TTL_MS),
    });
  return { redirect: redirectWith(redirectUri, { code, state }) };
}

interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export type TokenResult =
  | { ok: true; body: TokenResponse }
  | { ok: false; status: 400 | 401; error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type'; description: string };

/** The token endpoint's answer to a code that does not exist, belongs to another client or was already exchanged. */
const CODE_SPENT = 'The authorization code is invalid or was already used.';

function refuse(error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type', description: string): TokenResult {
  return { ok: false, status: error === 'invalid_client' ? 401 : 400, error, description };
}

function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(hashToken(given));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Client authentication: a confidential client proves its secret; a public one only names itself. */
async function authenticateClient(credentials: { clientId: string | null; clientSecret: string | null }): Promise<PartnerClient | null> {
  if (!credentials.clientId) return null;
  const client = await findPartnerClient(credentials.clientId);
  if (!client) return null;
  if (client.secretHash && !(credentials.clientSecret && sameHash(credentials.clientSecret, client.secretHash))) return null;
  return client;
}

async function issueTokens(grantId: string, scope: string): Promise<TokenResponse> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const now = Date.now();
  await db()
    .insert(oauthTokens)
    .values([
      { tokenHash: hashToken(accessToken), grantId, kind: 'access', expiresAt: new Date(now + PARTNER_ACCESS_TOKEN_TTL_S * 1000) },
      { tokenHash: hashToken(refreshToken), grantId, kind: 'refresh', expiresAt: new Date(now + PARTNER_REFRESH_TOKEN_TTL_S * 1000) },
    ]);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: PARTNER_ACCESS_TOKEN_TTL_S, refresh_token: refreshToken, scope };
}

async function revokeGrant(grantId: string): Promise<void> {
  await db().transaction(async (tx) => {
    // The owner it returns names the rider whose connections tab changes (decision 145).
    await tx
      .update(oauthGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
      .returning({ userId: oauthGrants.userId });
    await tx.delete(oauthTokens).where(eq(oauthTokens.grantId, grantId));
  });
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The authorization-code grant (RFC 6749 §4.1.3, RFC 7636 §4.6): the client, the redirect_uri,
 * the expiry and the PKCE verifier are checked before the code is spent, so a request that
 * fails any of them (someone else holding the code, a wrong verifier) leaves it usable by its
 * rightful client. Spending is a conditional write in the transaction that creates the grant:
 * of two concurrent exchanges only one wins.
 */
async function exchangeCode(client: PartnerClient, form: URLSearchParams): Promise<TokenResult> {
  const codeHash = hashToken(form.get('code') ?? '');
  const [row] = await db().select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash));
  if (!row || row.clientId !== client.id) return refuse('invalid_grant', CODE_SPENT);
  if (row.usedAt) {
    // The code's own client presenting it twice: the tokens issued from it are revoked (RFC 6749 §4.1.2).
    if (row.grantId) await revokeGrant(row.grantId);
    return refuse('invalid_grant', CODE_SPENT);
  }
  if (row.expiresAt < new Date() || row.redirectUri !== form.get('redirect_uri')) {
    return refuse('invalid_grant', 'The authorization code is invalid, expired or was issued for another redirect_uri.');
  }
  const verifier = form.get('code_verifier');
  if (row.codeChallenge ? !verifier || s256(verifier) !== row.codeChallenge : !client.secretHash) {
    return refuse('invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
  }
  if (await isChildAccount(row.userId)) return refuse('invalid_grant', PARTNER_MESSAGES.childAccount);
  const grant = await db().transaction(async (tx) => {
    const [spent] = await tx
      .update(oauthCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
      .returning({ codeHash: oauthCodes.codeHash });
    if (!spent) return null;
    const [created] = await tx.insert(oauthGrants).values({ clientId: client.id, userId: row.userId, scope: row.scope }).returning({ id: oauthGrants.id });
    await tx.update(oauthCodes).set({ grantId: created.id }).where(eq(oauthCodes.codeHash, codeHash));
    return created;
  });
  if (!grant) return refuse('invalid_grant', CODE_SPENT);
  return { ok: true, body: await issueTokens(grant.id, row.scope) };
}

async function rotateRefreshToken(client: PartnerClient, form: URLSearchParams): Promise<TokenResult> {
  const presented = hashToken(form.get('refresh_token') ?? '');
  const [row] = await db()
    .select({ token: oauthTokens, grant: oauthGrants, isKid: users.isKid })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthTokens.tokenHash, presented), eq(oauthTokens.kind, 'refresh')));
  if (!row || row.grant.clientId !== client.id || row.grant.revokedAt) return refuse('invalid_grant', 'The refresh token is invalid.');
  if (row.isKid) return refuse('invalid_grant', PARTNER_MESSAGES.childAccount);
  const [rotated] = await db()
    .update(oauthTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(oauthTokens.tokenHash, presented), isNull(oauthTokens.rotatedAt)))
    .returning();
  if (!rotated) {
    // Reuse of a rotated refresh token means it leaked: end the whole grant (RFC 9700 §4.14.2).
    await revokeGrant(row.grant.id);
    return refuse('invalid_grant', 'The refresh token was already used.');
  }
  if (row.token.expiresAt < new Date()) return refuse('invalid_grant', 'The refresh token has expired.');
  return { ok: true, body: await issueTokens(row.grant.id, row.grant.scope) };
}

/** POST /oauth/token (application/x-www-form-urlencoded; client_secret_basic or _post). */
export async function tokenEndpoint(form: URLSearchParams, basicAuth: { clientId: string; clientSecret: string } | null): Promise<TokenResult> {
  const client = await authenticateClient(basicAuth ?? { clientId: form.get('client_id'), clientSecret: form.get('client_secret') });
  if (!client) return refuse('invalid_client', 'Client authentication failed.');
  switch (form.get('grant_type')) {
    case 'authorization_code':
      return exchangeCode(client, form);
    case 'refresh_token':
      return rotateRefreshToken(client, form);
    default:
      return refuse('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  }
}

/** POST /oauth/revoke (RFC 7009): revoking either token of a grant ends the grant; unknown tokens are not an error. */
export async function revocationEndpoint(form: URLSearchParams, basicAuth: { clientId: string; clientSecret: string } | null): Promise<boolean> {
  const client = await authenticateClient(basicAuth ?? { clientId: form.get('client_id'), clientSecret: form.get('client_secret') });
  if (!client) return false;
  const [row] = await db()
    .select({ grantId: oauthTokens.grantId, clientId: oauthGrants.clientId })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(eq(oauthTokens.tokenHash, hashToken(form.get('token') ?? '')));
  if (row && row.clientId === client.id) await revokeGrant(row.grantId);
  return true;
}

/** The partner API's guard: a live access token and the scope the call needs. */
export async function authenticatePartnerCall(
  authorization: string | null,
  scope: PartnerScope,
): Promise<{ userId: string; clientId: string } | { status: 401 | 403 }> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) return { status: 401 };
  const [row] = await db()
    .select({
      expiresAt: oauthTokens.expiresAt,
      userId: oauthGrants.userId,
      clientId: oauthGrants.clientId,
      scope: oauthGrants.scope,
      revokedAt: oauthGrants.revokedAt,
      isKid: users.isKid,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthTokens.tokenHash, hashToken(token)), eq(oauthTokens.kind, 'access')));
  // A child's grant (one made before children were refused) serves nothing.
  if (!row || row.revokedAt || row.isKid || row.expiresAt < new Date()) return { status: 401 };
  if (!row.scope.split(' ').includes(scope)) return { status: 403 };
  return { userId: row.userId, clientId: row.clientId };
}

/** The partners a rider has authorized (one line per partner, newest grant first). */
export async function listAuthorizedPartners(
  userId: string,
): Promise<Array<{ clientId: string; name: string; website: string; scope: string; authorizedAt: string }>> {
  const rows = await db()
    .select({ clientId: oauthClients.id, name: oauthClients.name, website: oauthClients.website, scope: oauthGrants.scope, createdAt: oauthGrants.createdAt })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt));
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.clientId) && seen.add(row.clientId))
    .map((row) => ({ clientId: row.clientId, name: row.name, website: row.website, scope: row.scope, authorizedAt: row.createdAt.toISOString() }));
}

/** A rider revokes a partner: every grant of that partner for the rider ends with its tokens. */
export async function revokePartnerForRider(userId: string, clientId: string): Promise<void> {
  const grants = await db()
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)));
  for (const grant of grants) await revokeGrant(grant.id);
}

/**
 * The partner's website as a link, or null when it is not one Paceline links (rows stored
 * before the rule included): https:, or http: on this machine outside production.
 */
export function partnerWebsiteLink(website: string): string | null {
  return isPartnerWebsite(website, getEnv().APP_MODE !== 'production') ? website : null;
}

/** Staff registration of a partner: the secret is shown once and stored hashed. */
export async function registerPartnerClient(input: {
  name: string;
  website: string;
  redirectUris: string[];
  confidential: boolean;
  scopes?: string[];
  id?: string;
  secret?: string;
}): Promise<{ clientId: string; clientSecret: string | null }> {
  if (!partnerWebsiteLink(input.website)) throw new Error(`A partner's website must be an https: address: ${input.website}`);
  const clientId = input.id ?? `partner-${randomToken(9)}`;
  const clientSecret = input.confidential ? (input.secret ?? randomToken()) : null;
  await db()
    .insert(oauthClients)
    .values({
      id: clientId,
      name: input.name,
      website: input.website,
      redirectUris: input.redirectUris,
      secretHash: clientSecret ? hashToken(clientSecret) : null,
      scopes: input.scopes ?? [...PARTNER_SCOPES],
    });
  return { clientId, clientSecret };
}

export async function listPartnerClients(): Promise<PartnerClient[]> {
  return db().select().from(oauthClients).orderBy(oauthClients.name);
}

export async function deletePartnerClient(clientId: string): Promise<void> {
  await db().delete(oauthClients).where(eq(oauthClients.id, clientId));
}
