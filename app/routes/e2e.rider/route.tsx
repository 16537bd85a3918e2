import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { randomBytes } from 'node:crypto';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { createSession } from '~/services/accounts/session.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { assertTestMode } from '~/services/platform/test-mode.server';
import { approveWallet } from '~/services/wallet/approved-wallet.server';

/**
 * GET /e2e/rider?redirectTo=…[&ftpW=…&ftpFrom=YYYY-MM-DD][&wallet=approved&btcSatoshi=…][&child=consented]
 * — test mode only: a new adult rider of 70 kg, signed in, optionally with an FTP on the profile
 * from a date, or with a wallet staff approved holding a prize; with child=consented, a child whose
 * parent has consented (active, the parent's address kept, no date of birth: decision 177). A
 * browser test that changes a rider's rides, FTP history or wallet takes its own rider, so no
 * other spec reads it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  assertTestMode();
  const url = new URL(request.url);
  const child = url.searchParams.get('child') === 'consented';
  const [user] = await db()
    .insert(users)
    .values({
      email: `e2e-${randomBytes(6).toString('hex')}@paceline.local`,
      passwordHash: 'none: signed in by /e2e/rider',
      firstname: 'Eve',
      lastname: 'Tester',
      status: 'active',
      weightKg: 70,
      heightCm: 175,
      ...(child ? { isKid: true, parentEmail: `parent-${randomBytes(4).toString('hex')}@paceline.local`, dob: null } : { dob: '1990-05-05' }),
    })
    .returning({ id: users.id });
  const ftpW = Number(url.searchParams.get('ftpW'));
  if (ftpW > 0) await setFtp(user.id, ftpW, new Date(`${url.searchParams.get('ftpFrom') ?? '2000-01-01'}T00:00:00Z`));
  const btcSatoshi = url.searchParams.get('btcSatoshi') ?? '';
  if (url.searchParams.get('wallet') === 'approved') await approveWallet(user.id, /^\d{1,15}$/.test(btcSatoshi) ? BigInt(btcSatoshi) : 0n);
  const { headers } = await createSession(user.id, { persistent: true });
  const response = redirect(url.searchParams.get('redirectTo') ?? '/');
  for (const cookie of headers) response.headers.append('Set-Cookie', cookie);
  return response;
}
