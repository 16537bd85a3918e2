import { redirect } from '@remix-run/node';
import { requireUser, requireUserRow, type ShellUser } from '../accounts/auth.server';

/**
 * The wallet's guard (spec 1 §6 "Child accounts … redirected from the wallet to the activities
 * page"): pages send a child to /user/activities; every wallet action refuses a child with 403,
 * so a hand-made POST changes nothing. Pages get the whole account row (name, country, avatar).
 */
export async function requireWalletPage(request: Request, context?: object) {
  const user = await requireUserRow(request, context);
  if (user.isKid) throw redirect('/user/activities');
  return user;
}

export async function requireWalletAction(request: Request): Promise<ShellUser> {
  const user = await requireUser(request);
  if (user.isKid) throw new Response('The wallet is for adult riders only', { status: 403 });
  return user;
}
