import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/services/accounts/auth.server';
import { EXPORT_MESSAGES, ownExportDownload } from '~/services/accounts/data-export.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { rangedResponse } from '~/services/platform/byte-range.server';

// GET /user/data-export/:id — the rider's own copy, signed in (the e-mailed link leads here through login).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const download = await ownExportDownload(user.id, params.id ?? '', request.headers.get('Range'));
  if (!download) throw redirectWithToast('/user/profile?tab=data', { kind: 'error', message: EXPORT_MESSAGES.gone });
  return rangedResponse(download);
}
