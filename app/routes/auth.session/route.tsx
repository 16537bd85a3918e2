import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { LogoutAnswer } from '~/lib/logout';
import { logOutFrom, sessionStanding } from '~/services/accounts/auth.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

// GET /auth/session — what the session machine asks: is this browser still signed in, and if not, why?
export async function loader({ request }: LoaderFunctionArgs) {
  const standing = await sessionStanding(request);
  return Response.json({ ...standing, signedIn: standing.status === 'valid' }, { headers: NO_STORE });
}

// POST /auth/session — the session machine's Log Out (decision 180): the same logout as /auth/logout's form, answered as data.
export async function action({ request }: ActionFunctionArgs) {
  const { to, headers } = await logOutFrom(request);
  headers.set('Cache-Control', 'no-store');
  return Response.json({ to } satisfies LogoutAnswer, { headers });
}
