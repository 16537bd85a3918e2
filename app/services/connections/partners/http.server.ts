import type { PartnerScope } from '~/lib/connections/partners';
import { authenticatePartnerCall } from './oauth-server.server';

/** HTTP details of the partner endpoints: Basic client credentials, no-store JSON, Bearer errors. */
export type BasicCredentials = { clientId: string; clientSecret: string };

/**
 * The client's HTTP Basic credentials (RFC 6749 §2.3.1: id and secret form-encoded, then
 * Basic): null when there are none, 'malformed' when a part is not valid %-encoding or holds a
 * NUL (which no client id has, and the database refuses in text).
 */
export function basicCredentials(request: Request): BasicCredentials | null | 'malformed' {
  const encoded = request.headers.get('Authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  let credentials: BasicCredentials;
  try {
    credentials = { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
  return `${credentials.clientId}${credentials.clientSecret}`.includes('\u0000') ? 'malformed' : credentials;
}

/** The answer to credentials that do not decode (RFC 6749 §5.2 invalid_request; RFC 7009 §2.2.1 uses the same). */
export function malformedCredentials(): Response {
  return oauthJson({ error: 'invalid_request', error_description: 'The HTTP Basic client credentials are not validly %-encoded text.' }, 400);
}

export function oauthJson(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers },
  });
}

/** Runs a partner API call for the token's rider, or answers 401/403 as RFC 6750 says. */
export async function withPartnerToken(request: Request, scope: PartnerScope, handle: (userId: string) => Promise<unknown>): Promise<Response> {
  const caller = await authenticatePartnerCall(request.headers.get('Authorization'), scope);
  if ('status' in caller) {
    const error = caller.status === 401 ? 'invalid_token' : 'insufficient_scope';
    return oauthJson({ error }, caller.status, { 'WWW-Authenticate': `Bearer error="${error}"${caller.status === 403 ? `, scope="${scope}"` : ''}` });
  }
  return oauthJson(await handle(caller.userId), 200);
}
