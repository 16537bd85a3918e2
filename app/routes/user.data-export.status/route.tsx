import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/services/accounts/auth.server';
import { exportViewOf } from '~/services/accounts/data-export.server';

// GET /user/data-export/status — how far the rider's copy has come (the My Data tab asks while it builds).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(await exportViewOf(user.id), { headers: { 'Cache-Control': 'private, no-store' } });
}
