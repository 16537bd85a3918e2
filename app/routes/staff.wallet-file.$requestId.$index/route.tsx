import type { LoaderFunctionArgs } from '@remix-run/node';
import { sniffFileType, MIME_OF } from '~/lib/file-signature';
import { requireStaff } from '~/services/accounts/auth.server';
import { readVerificationFile } from '~/services/wallet/wallet-verification.server';
import { serialIdParam } from '~/lib/route-params';

// GET /staff/wallet-file/:requestId/:index — index 0 is the passport proof, 1… the screenshots. Staff only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const bytes = await readVerificationFile(serialIdParam(params.requestId), Number(params.index));
  if (!bytes) throw new Response('Not found', { status: 404 });
  const type = sniffFileType(bytes);
  return new Response(Buffer.from(bytes), {
    headers: { 'Content-Type': type ? MIME_OF[type] : 'application/octet-stream', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}
