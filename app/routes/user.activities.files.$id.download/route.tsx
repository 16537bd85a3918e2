import type { LoaderFunctionArgs } from '@remix-run/node';
import { DOWNLOAD_FAILED_MESSAGE } from '~/lib/constants';
import { getActivityDownload } from '~/services/activities/activity-files.server';
import { requireUser } from '~/services/accounts/auth.server';
import { safeRedirectTarget } from '~/services/accounts/login-redirect.server';
import { redirectWithToast } from '~/services/platform/toast.server';

/** Back to the page that linked the file (the site's own pages only), where the toast explains the failure. */
function pageBefore(request: Request): string {
  return safeRedirectTarget(request.headers.get('Referer')) ?? '/user/profile?tab=files';
}

// GET /user/activities/files/:id/download — the owner's file (spec 2 §7 download-activity-file).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const download = await getActivityDownload(user.id, params.id ?? '');
  // Spec 1 §8: a failed download is an alert on the page the rider was on, not a bare 404 page.
  if (!download) throw redirectWithToast(pageBefore(request), { kind: 'error', message: DOWNLOAD_FAILED_MESSAGE });
  return new Response(new Uint8Array(download.body), {
    headers: {
      'Content-Type': download.contentType,
      'Content-Disposition': `attachment; filename="${download.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
