import type { LoaderFunctionArgs } from '@remix-run/node';
import { sessionStanding } from '~/services/accounts/auth.server';

// GET /auth/session — what the session machine asks: is this browser still signed in, and if not, why?
export async function loader({ request }: LoaderFunctionArgs) {
  const standing = await sessionStanding(request);
  return Response.json({ ...standing, signedIn: standing.status === 'valid' }, { headers: { 'Cache-Control': 'no-store' } });
}
