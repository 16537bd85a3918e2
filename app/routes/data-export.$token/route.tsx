import type { LoaderFunctionArgs } from '@remix-run/node';
import { EXPORT_MESSAGES, parentExportDownload } from '~/services/accounts/data-export.server';
import { rangedResponse } from '~/services/platform/byte-range.server';

// GET /data-export/:token — a child's copy, through the link e-mailed to the parent (decision 128).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const download = await parentExportDownload(params.token ?? '', request.headers.get('Range'));
  if (!download) throw new Response(EXPORT_MESSAGES.gone, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return rangedResponse(download);
}
