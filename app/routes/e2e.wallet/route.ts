import { randomUUID } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users, walletVerificationRequests } from '~/db/schema';
import { textOf } from '~/lib/form-text';
import { readTypedBtc } from '~/lib/money';
import { requireUser } from '~/services/accounts/auth.server';
import { storage } from '~/services/adapters/storage.server';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { assertTestMode } from '~/services/platform/test-mode.server';
import { DEMO_USERS } from '~/services/seed/accounts';
import { decideVerification } from '~/services/wallet/wallet-review.server';

/** The smallest PNG there is (1×1): the files a verification submitted elsewhere carries. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+2yXz3wAAAABJRU5ErkJggg==', 'base64');

/**
 * Test mode only, for the wallet's generated paths; the signed-in rider's wallet as the rest of
 * the world would leave it:
 * POST intent=prize btc=0.6                  a prize credited through the ledger (as events pay them);
 * POST intent=verification status=pending    a verification submitted (as from another tab);
 *      status=approved|rejected [reason=…]   the pending one (submitted first if there is none) decided by the demo staff member.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'prize') {
    const satoshi = readTypedBtc(textOf(form.get('btc')))?.satoshiFloor;
    if (!satoshi) return new Response('btc is required', { status: 400 });
    const legs = [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(user.id), currency: 'BTC' as const, amount: satoshi }];
    return Response.json(await postTransfer({ idempotencyKey: `e2e-prize:${randomUUID()}`, legs, memo: 'Prize: test race', metadata: { kind: 'prize' } }));
  }
  const status = form.get('status');
  if (intent !== 'verification' || (status !== 'pending' && status !== 'approved' && status !== 'rejected')) {
    return new Response('intent=prize, or intent=verification with status pending, approved or rejected', { status: 400 });
  }
  const requestId = (await pendingVerification(user.id)) ?? (await submitVerification(user.id));
  if (status !== 'pending') {
    const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.staff));
    await decideVerification({ requestId, staffId: staff!.id, approve: status === 'approved', reason: textOf(form.get('reason')) });
  }
  return Response.json({ requestId });
}

async function pendingVerification(userId: string): Promise<number | undefined> {
  const [row] = await db()
    .select({ id: walletVerificationRequests.id })
    .from(walletVerificationRequests)
    .where(and(eq(walletVerificationRequests.userId, userId), eq(walletVerificationRequests.status, 'pending')));
  return row?.id;
}

/** The row a submission with checked codes and files inserts (wallet-verification.server.ts). */
async function submitVerification(userId: string): Promise<number> {
  const [passportKey, screenshotKey] = await Promise.all([storage().put('wallet', PIXEL_PNG, 'png'), storage().put('wallet', PIXEL_PNG, 'png')]);
  const [row] = await db()
    .insert(walletVerificationRequests)
    .values({
      userId,
      binanceEmail: `binance-${randomUUID()}@example.com`,
      phoneNumber: '+971501234567',
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      passportKey,
      screenshotKeys: [screenshotKey],
    })
    .returning({ id: walletVerificationRequests.id });
  return row!.id;
}
