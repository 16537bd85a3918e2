import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, type OAuth2Tokens } from 'arctic';
import * as oauth from 'oauth4webapi';
import type { NetworkClient } from './networks.server';

/**
 * The OAuth 2.0 client calls to a fitness network, on maintained libraries (decision 090):
 * arctic's generic client for the authorization-code flow, refresh and revocation (every
 * provider's endpoints come from configuration, so arctic's fixed-URL Strava class is not
 * used), oauth4webapi for Xert's password grant and the bearer calls to activity APIs.
 */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string;
  /** Everything else the token response carried (Strava's athlete, analogx's terms token). */
  extra: Record<string, unknown>;
}

function arcticClient(client: NetworkClient): OAuth2Client {
  return new OAuth2Client(client.clientId, client.clientSecret, client.redirectUri);
}

function fromArctic(tokens: OAuth2Tokens): ProviderTokens {
  const data = tokens.data as Record<string, unknown>;
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt: typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt() : null,
    scope: typeof data.scope === 'string' ? data.scope : '',
    extra: data,
  };
}

export function authorizationUrl(client: NetworkClient, state: string): { url: URL; codeVerifier: string | null } {
  const oauthClient = arcticClient(client);
  const codeVerifier = client.pkce ? generateCodeVerifier() : null;
  const url = codeVerifier
    ? oauthClient.createAuthorizationURLWithPKCE(client.authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, client.scopes)
    : oauthClient.createAuthorizationURL(client.authorizeUrl, state, client.scopes);
  if (client.scopes.length > 0) url.searchParams.set('scope', client.scopes.join(client.scopeSeparator));
  return { url, codeVerifier };
}

export async function exchangeCode(client: NetworkClient, code: string, codeVerifier: string | null): Promise<ProviderTokens> {
  return fromArctic(await arcticClient(client).validateAuthorizationCode(client.tokenUrl, code, codeVerifier));
}

export async function refreshTokens(client: NetworkClient, refreshToken: string): Promise<ProviderTokens> {
  return fromArctic(await arcticClient(client).refreshAccessToken(client.tokenUrl, refreshToken, []));
}

export async function revokeAtProvider(client: NetworkClient, token: string): Promise<void> {
  if (!client.revokeUrl) return;
  await arcticClient(client).revokeToken(client.revokeUrl, token);
}

function insecureAllowed(url: string): { [oauth.allowInsecureRequests]?: boolean } {
  // The sandbox mounted in the app speaks plain http on localhost; real providers use https.
  return new URL(url).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

function authorizationServer(client: NetworkClient): oauth.AuthorizationServer {
  return { issuer: new URL(client.tokenUrl).origin, token_endpoint: client.tokenUrl };
}

/** Xert: the resource-owner password grant; the password goes to the provider and nowhere else. */
export async function passwordGrant(client: NetworkClient, username: string, password: string): Promise<ProviderTokens> {
  const as = authorizationServer(client);
  const oauthClient: oauth.Client = { client_id: client.clientId };
  const response = await oauth.genericTokenEndpointRequest(
    as,
    oauthClient,
    oauth.ClientSecretPost(client.clientSecret),
    'password',
    { username, password },
    insecureAllowed(client.tokenUrl),
  );
  const result = await oauth.processGenericTokenEndpointResponse(as, oauthClient, response);
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    expiresAt: typeof result.expires_in === 'number' ? new Date(Date.now() + result.expires_in * 1000) : null,
    scope: result.scope ?? '',
    extra: { ...result },
  };
}

/** A bearer GET to a network's activity API, as JSON. */
export async function apiGet<T>(client: NetworkClient, accessToken: string, path: string): Promise<T> {
  if (!client.apiUrl) throw new Error(`${client.name} has no activity API configured`);
  const url = new URL(`${client.apiUrl.replace(/\/$/, '')}/${path}`);
  const response = await oauth.protectedResourceRequest(
    accessToken,
    'GET',
    url,
    new Headers({ Accept: 'application/json' }),
    null,
    insecureAllowed(url.toString()),
  );
  if (!response.ok) throw new Error(`${client.name} API ${path}: ${response.status}`);
  return (await response.json()) as T;
}
