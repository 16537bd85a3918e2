import { randomUUID } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { textOf } from '~/lib/form-text';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { clientAddress, consumeRateLimit, loginWaitSeconds, recordLoginFailure } from '~/services/platform/rate-limit.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

/** Counted instead of the caller's address where only the account's limit is to be spent: new each time, never limited itself. */
const arrangingAddress = () => `e2e-arrangement-${randomUUID()}`;
/** Enough failures to reach any wait the backoff can give, and any limit's hits. */
const MOST_ATTEMPTS = 40;

/**
 * Test mode only: spends a limit for an account from the caller's address, as many refused
 * attempts would, so a test meets the refusal on its next real attempt. The address is the
 * caller's TCP peer (no proxy is trusted here): post from the page that will meet the refusal.
 * POST action=login account=<e-mail> waitSeconds=N   failed sign-ins of this account from this
 *                                                    address until its wait is N s or more;
 * POST action=code-send [account=<e-mail>]           code requests of this account (default: the
 *                                                    signed-in rider's) until the next is refused; its own
 *                                                    limit only, the address's is left alone.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const form = await request.formData();
  const account = textOf(form.get('account')) || (await getOptionalUser(request))?.email;
  const attempt = { account: account ?? '', address: clientAddress(request) };
  if (!attempt.account) return new Response('account (or a signed-in rider) is required', { status: 400 });
  for (let tries = 0; tries < MOST_ATTEMPTS; tries += 1) {
    if (form.get('action') === 'login') {
      const waitSeconds = await loginWaitSeconds(attempt);
      if (waitSeconds >= Number(form.get('waitSeconds') ?? 1)) return Response.json({ waitSeconds });
      await recordLoginFailure(attempt, new Date(), { pairOnly: true });
    } else if (form.get('action') === 'code-send') {
      if (!(await consumeRateLimit('code-send', { account: attempt.account, address: arrangingAddress() }))) return Response.json({ refused: true });
    } else return new Response('Unknown action', { status: 400 });
  }
  return new Response(`Not limited after ${MOST_ATTEMPTS} attempts`, { status: 500 });
}
