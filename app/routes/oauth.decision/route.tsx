import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { PARTNER_MESSAGES } from '~/lib/connections/partners';
import { requireUser } from '~/services/accounts/auth.server';
import { authorizePartner } from '~/services/connections/partners/oauth-server.server';

// POST /oauth/decision?<the authorize query> — Authorize or Cancel on the consent page. The
// query is checked again here (never trusted from the page); the answer is the redirect to the
// registered redirect_uri: a 302 for the plain form, JSON for the partnerAuthorize machine.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const decision = (await request.formData()).get('decision') === 'authorize' ? 'authorize' : 'cancel';
  const result = await authorizePartner(user.id, new URL(request.url).searchParams, decision);
  const asJson = (request.headers.get('Accept') ?? '').includes('application/json');
  if ('redirect' in result) return asJson ? json({ redirect: result.redirect }) : redirect(result.redirect);
  return asJson ? json({ message: result.error }, { status: 400 }) : redirect(`/oauth/authorize?${new URL(request.url).searchParams}&failed=1`);
}

export function loader() {
  return json({ message: PARTNER_MESSAGES.failed }, { status: 405 });
}
