import type { ActionFunctionArgs } from '@remix-run/node';
import { handleRegistrationPost } from '../event.$id/submit.server';
import { requireUser } from '~/services/auth.server';

// POST /event/:id/submit — the wizard machine's submit actor: JSON in, JSON out (400 when refused).
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const result = await handleRegistrationPost(request, Number(params.id), user);
  return Response.json(result, { status: result.ok ? 200 : 400 });
}
