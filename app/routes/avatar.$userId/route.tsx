import type { LoaderFunctionArgs } from '@remix-run/node';
import { readAvatar } from '~/services/accounts/profile.server';
import { isUuid } from '~/lib/domain/ids';

// GET /avatar/:userId — a rider's custom avatar (200x200 JPEG); avatars are public like the name beside them.
export async function loader({ params }: LoaderFunctionArgs) {
  const userId = params.userId ?? '';
  const bytes = isUuid(userId) ? await readAvatar(userId) : null;
  if (!bytes) throw new Response('Not found', { status: 404 });
  return new Response(Buffer.from(bytes), {
    headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' },
  });
}
