import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/services/accounts/auth.server';
import { getActivityDetail } from '~/services/activities/detail.server';

// GET /user/activities/:id/detail — spec 2 §7 detailed-graph-data + activity-info, as JSON.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const detail = await getActivityDetail(user.id, params.id ?? '');
  if (detail.status === 'not_found') return json(detail, { status: 404 });
  return json(detail);
}
