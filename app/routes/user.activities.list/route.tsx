import { cachedResourceHeaders } from '~/lib/response-cache';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { listActivities } from '~/services/activities/activities.server';
import { requireUser } from '~/services/accounts/auth.server';

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  sort: z.enum(['desc', 'asc']).catch('desc'),
  type: z.enum(['all', 'ride', 'workout', 'event']).catch('all'),
});

// GET /user/activities/list?page&sort&type — spec 2 §7 rider/profile/activities (the paging loader).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const query = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listActivities({ userId: user.id, ...query }), { headers: cachedResourceHeaders });
}
