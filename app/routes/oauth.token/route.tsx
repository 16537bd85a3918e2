import { json, type ActionFunctionArgs } from '@remix-run/node';
import { basicCredentials, malformedCredentials, oauthJson } from '~/services/connections/partners/http.server';
import { tokenEndpoint } from '~/services/connections/partners/oauth-server.server';

// POST /oauth/token — the partners' token endpoint (docs/partner-api.md).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return oauthJson({ error: 'invalid_request' }, 405);
  const credentials = basicCredentials(request);
  if (credentials === 'malformed') return malformedCredentials();
  const result = await tokenEndpoint(new URLSearchParams(await request.text()), credentials);
  if (!result.ok) return oauthJson({ error: result.error, error_description: result.description }, result.status);
  return oauthJson(result.body, 200);
}

export function loader() {
  return json({ error: 'invalid_request', error_description: 'Use POST.' }, { status: 405 });
}
