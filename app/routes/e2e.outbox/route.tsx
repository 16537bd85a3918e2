import type { LoaderFunctionArgs } from '@remix-run/node';
import { desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { assertTestMode } from '~/services/platform/test-mode.server';

// GET /e2e/outbox?to=… — test mode only: the messages sent to an address, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  assertTestMode();
  const to = (new URL(request.url).searchParams.get('to') ?? '').toLowerCase();
  const rows = await db().select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id));
  return Response.json(rows);
}
