import type { LoaderFunctionArgs } from '@remix-run/node';
import { getActivityDownload } from '~/services/activities/activity-files.server';
import { requireUser } from '~/services/accounts/auth.server';

// GET /user/activities/files/:id/download — the owner's file (spec 2 §7 download-activity-file).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const download = await getActivityDownload(user.id, params.id ?? '');
  if (!download) throw new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(download.body), {
    headers: {
      'Content-Type': download.contentType,
      'Content-Disposition': `attachment; filename="${download.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
