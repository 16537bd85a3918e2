import { randomBytes } from 'node:crypto';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { payments } from '~/services/adapters/payments/index.server';
import { createSession } from '~/services/accounts/session.server';
import { orderLedgerRecord, reconcilePendingOrders } from '~/services/shop/orders.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

// Test mode only, for tests/e2e/shop-restart.spec.ts, whose server has no demo data:
// GET /e2e/payments?orderId=…   the order's status and the ledger rows that credited it;
// POST intent=rider             a new adult rider, signed in (the session cookies come back);
// POST intent=reconcile         one pass of the payment reconciler, over every pending order.
export async function loader({ request }: LoaderFunctionArgs) {
  assertTestMode();
  const record = await orderLedgerRecord(new URL(request.url).searchParams.get('orderId') ?? '');
  return record ? Response.json(record) : new Response('No such order', { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const intent = (await request.formData()).get('intent');
  if (intent === 'reconcile') return Response.json({ credited: await reconcilePendingOrders(payments(), 0) });
  if (intent !== 'rider') return new Response('Unknown intent', { status: 400 });
  const [rider] = await db()
    .insert(users)
    .values({
      email: `restart-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: 'not-a-password-hash',
      firstname: 'Restart',
      lastname: 'Rider',
      status: 'active',
    })
    .returning({ id: users.id });
  const { headers } = await createSession(rider.id, { persistent: true });
  const response = Response.json({ userId: rider.id });
  for (const cookie of headers) response.headers.append('Set-Cookie', cookie);
  return response;
}
