import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '~/services/accounts/auth.server';
import { getProofFile } from '~/services/activities/imports.server';
import { uuidParam } from '~/lib/route-params';

// GET /staff/imports/:id/proof/:index — a proof file, for staff only, with its sniffed type.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const file = await getProofFile(uuidParam(params.id), Number(params.index));
  if (!file) throw new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.bytes), {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': 'inline', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
  });
}
