import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { createSession } from '~/services/accounts/session.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

// GET /e2e/login?email=…&redirectTo=… — test mode only: a session for that rider.
export async function loader({ request }: LoaderFunctionArgs) {
  assertTestMode();
  const url = new URL(request.url);
  const email = (url.searchParams.get('email') ?? '').toLowerCase();
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Response(`No user ${email}`, { status: 404 });
  const { headers } = await createSession(user.id, { persistent: true });
  const response = redirect(url.searchParams.get('redirectTo') ?? '/');
  for (const cookie of headers) response.headers.append('Set-Cookie', cookie);
  return response;
}
