import type { PartnerScope } from '~/lib/connections/partners';
import { authenticatePartnerCall } from './oauth-server.server';

/** HTTP details of the partner endpoints: Basic client credentials, no-store JSON, Bearer errors. */
export function basicCredentials(request: Request): { clientId: string; clientSecret: string } | null {
  const encoded = request.headers.get('Authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
}

export function oauthJson(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers } });
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
