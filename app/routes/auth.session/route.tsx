import type { LoaderFunctionArgs } from '@remix-run/node';
import { getOptionalUser } from '~/services/accounts/auth.server';

// GET /auth/session — what the session machine asks: is this browser still signed in?
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return Response.json({ signedIn: Boolean(user) }, { headers: { 'Cache-Control': 'no-store' } });
}
