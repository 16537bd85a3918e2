import { cachedResourceHeaders } from '~/lib/response-cache';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { pageParam } from '~/lib/paging';
import { listActivities } from '~/services/activities/activities.server';
import { requireUser } from '~/services/accounts/auth.server';

export const listQuerySchema = z.object({
  sort: z.enum(['desc', 'asc']).catch('desc'),
  type: z.enum(['all', 'ride', 'workout', 'event']).catch('all'),
});

// GET /user/activities/list?page&sort&type — spec 2 §7 rider/profile/activities (the paging loader).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const query = listQuerySchema.parse(Object.fromEntries(url.searchParams));
  return json(await listActivities({ userId: user.id, page: pageParam(url), ...query }), { headers: cachedResourceHeaders });
}
