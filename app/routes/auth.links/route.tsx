import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { resendAccountLink, verifyAccountLink } from '~/services/accounts.server';
import { clientAddress, consumeRateLimit } from '~/services/rate-limit.server';
import { confirmAccountDeletion, RECOVERY_MESSAGES } from '~/services/recovery.server';

// POST /auth/links — the verify-user, verify-kid and delete-user pages post their link's token here.
const LinkRequest = z.object({
  kind: z.enum(['verify-user', 'verify-kid', 'delete-user']),
  intent: z.enum(['verify', 'resend']),
  token: z.string().min(1).max(200),
});

export async function action({ request }: ActionFunctionArgs) {
  const parsed = LinkRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ ok: false, message: 'This link is invalid or has expired.' }, { status: 400 });
  const { kind, intent, token } = parsed.data;
  const address = clientAddress(request);
  if (!(await consumeRateLimit(intent === 'resend' ? 'code-send' : 'code-check', { account: token, address }))) {
    return Response.json({ ok: false, message: 'Too many attempts. Please try again later.' }, { status: 429 });
  }
  if (kind === 'delete-user') {
    const deleted = intent === 'verify' && (await confirmAccountDeletion(token));
    return Response.json({ ok: deleted, message: deleted ? RECOVERY_MESSAGES.deleted : RECOVERY_MESSAGES.invalidDeleteLink });
  }
  const answer = intent === 'verify' ? await verifyAccountLink(kind, token) : await resendAccountLink(kind, token);
  return Response.json(answer);
}
