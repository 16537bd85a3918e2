import type { LoaderFunctionArgs } from '@remix-run/node';
import { withPartnerToken } from '~/services/connections/partners/http.server';
import { partnerActivities } from '~/services/connections/partners/partner-api.server';

// GET /api/partner/activities?limit=N — scope activities:read (docs/partner-api.md).
export function loader({ request }: LoaderFunctionArgs) {
  const limit = Number(new URL(request.url).searchParams.get('limit') ?? 20) || 20;
  return withPartnerToken(request, 'activities:read', async (userId) => ({ activities: await partnerActivities(userId, limit) }));
}
