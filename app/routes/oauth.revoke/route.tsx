import { json, type ActionFunctionArgs } from '@remix-run/node';
import { basicCredentials, malformedCredentials, oauthJson } from '~/services/connections/partners/http.server';
import { revocationEndpoint } from '~/services/connections/partners/oauth-server.server';

// POST /oauth/revoke — RFC 7009 revocation for partners: 200 whether or not the token was known.
export async function action({ request }: ActionFunctionArgs) {
  const credentials = basicCredentials(request);
  if (credentials === 'malformed') return malformedCredentials();
  const accepted = await revocationEndpoint(new URLSearchParams(await request.text()), credentials);
  return accepted ? new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } }) : oauthJson({ error: 'invalid_client' }, 401);
}

export function loader() {
  return json({ error: 'invalid_request', error_description: 'Use POST.' }, { status: 405 });
}
