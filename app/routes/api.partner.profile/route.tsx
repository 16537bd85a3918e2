import type { LoaderFunctionArgs } from '@remix-run/node';
import { withPartnerToken } from '~/services/connections/partners/http.server';
import { partnerProfile } from '~/services/connections/partners/partner-api.server';

// GET /api/partner/profile — scope profile:read (docs/partner-api.md).
export function loader({ request }: LoaderFunctionArgs) {
  return withPartnerToken(request, 'profile:read', partnerProfile);
}
