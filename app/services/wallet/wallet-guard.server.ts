import { requireAdultRider, requireAdultRiderRow, type ShellUser } from '../accounts/auth.server';

/**
 * The wallet's use of the adult-rider guard (spec 1 §6 "Child accounts … redirected from the
 * wallet to the activities page"): pages send a child to /user/activities; every wallet action
 * refuses a child with 403, so a hand-made POST changes nothing. Pages get the whole account
 * row (name, country, avatar).
 */
export function requireWalletPage(request: Request, context?: object) {
  return requireAdultRiderRow(request, { redirectTo: '/user/activities' }, context);
}

export function requireWalletAction(request: Request): Promise<ShellUser> {
  return requireAdultRider(request, { status: 403, body: 'The wallet is for adult riders only' });
}
