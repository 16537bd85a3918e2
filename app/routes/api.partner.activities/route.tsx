import type { LoaderFunctionArgs } from '@remix-run/node';
import { PAGING_MESSAGES, readPageSize } from '~/lib/paging';
import { oauthJson, withPartnerToken } from '~/services/connections/partners/http.server';
import { PARTNER_ACTIVITIES_DEFAULT, PARTNER_ACTIVITIES_MAX, partnerActivities } from '~/services/connections/partners/partner-api.server';

// GET /api/partner/activities?limit=N — scope activities:read (docs/partner-api.md).
export function loader({ request }: LoaderFunctionArgs) {
  const limit = readPageSize(new URL(request.url).searchParams.get('limit'), { fallback: PARTNER_ACTIVITIES_DEFAULT, max: PARTNER_ACTIVITIES_MAX });
  if (limit === null) return oauthJson({ error: 'invalid_request', error_description: PAGING_MESSAGES.size('limit', PARTNER_ACTIVITIES_MAX) }, 400);
  return withPartnerToken(request, 'activities:read', async (userId) => ({ activities: await partnerActivities(userId, limit) }));
}
