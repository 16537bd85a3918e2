import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { COMPARE_LIMIT } from '~/lib/constants';
import { requireUser } from '~/services/accounts/auth.server';
import { getActivityCurves } from '~/services/activities/curves.server';
import { toCurveView } from '~/services/activities/curve-view.server';

// GET /user/activities/curves?ids=a,b — spec 2 §7 power-curve (activityFileIds): the ticked rides.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean).slice(0, COMPARE_LIMIT);
  const curves = await getActivityCurves(user.id, ids);
  return json(curves.map(toCurveView));
}
