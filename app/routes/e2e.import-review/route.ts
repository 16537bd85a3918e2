import type { ActionFunctionArgs } from '@remix-run/node';
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { requireUser } from '~/services/accounts/auth.server';
import { listSubmittedImports, reviewImport } from '~/services/activities/imports.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

const STAFF_EMAIL = 'staff@paceline.local';

/**
 * POST /e2e/import-review decision=approved|rejected — test mode only: the signed-in rider's
 * pending import decided by the demo staff member, as /staff/imports decides it (its id is not
 * the rider's to know). Answers { ok }.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const rider = await requireUser(request);
  const decision = (await request.formData()).get('decision');
  if (decision !== 'approved' && decision !== 'rejected') return new Response('decision is approved or rejected', { status: 400 });
  const pending = (await listSubmittedImports()).find((entry) => entry.email === rider.email);
  if (!pending) return new Response(`${rider.email} has no pending import`, { status: 409 });
  const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.email, STAFF_EMAIL));
  if (!staff) throw new Error(`No staff member ${STAFF_EMAIL} in the demo data`);
  return Response.json({ ok: await reviewImport(staff.id, pending.id, decision) });
}
