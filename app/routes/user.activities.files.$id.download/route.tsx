import type { LoaderFunctionArgs } from '@remix-run/node';
import { DOWNLOAD_FAILED_MESSAGE } from '~/lib/constants';
import { getActivityDownload, openOriginalFit } from '~/services/activities/activity-files.server';
import { rangedResponse } from '~/services/platform/byte-range.server';
import { requireUser } from '~/services/accounts/auth.server';
import { redirectBackWithToast } from '~/services/platform/toast.server';

// GET /user/activities/files/:id/download — the owner's file (spec 2 §7 download-activity-file).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const fit = await openOriginalFit(user.id, params.id ?? '', request.headers.get('Range'));
  // The original FIT file streamed from storage, whole or the one byte range asked for.
  if (fit) return rangedResponse(fit);
  const download = await getActivityDownload(user.id, params.id ?? '');
  // Spec 1 §8: a failed download is an alert on the page the rider was on, not a bare 404 page.
  if (!download) throw redirectBackWithToast(request, '/user/profile?tab=files', { kind: 'error', message: DOWNLOAD_FAILED_MESSAGE });
  return new Response(new Uint8Array(download.body), {
    headers: {
      'Content-Type': download.contentType,
      'Content-Disposition': `attachment; filename="${download.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
