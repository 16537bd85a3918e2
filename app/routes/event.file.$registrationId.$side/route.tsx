import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/services/accounts/auth.server';
import { readIdFile } from '~/services/events/registration-files.server';
import { serialIdParam } from '~/lib/route-params';

// GET /event/file/:registrationId/:side — an identity file, for its owner or staff only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const side = params.side === 'back' ? 'back' : params.side === 'front' ? 'front' : null;
  const registrationId = serialIdParam(params.registrationId);
  if (!side) throw new Response('Not found', { status: 404 });
  const file = await readIdFile({ registrationId, side, viewerId: user.id, isStaff: user.isStaff });
  if (!file) throw new Response('Not found', { status: 404 });
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}
