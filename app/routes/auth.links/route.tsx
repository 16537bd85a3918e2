import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { answerLinkRequest } from '~/services/accounts/link-requests.server';
import { clientAddress } from '~/services/platform/rate-limit.server';
import { INVALID_LINK_MESSAGE } from '~/lib/account-messages';

// POST /auth/links — the verify-user, verify-kid, delete-user and data-export confirm pages post their link's token here (JSON answer).
const LinkRequest = z.object({
  kind: z.enum(['verify-user', 'verify-kid', 'delete-user', 'export-data']),
  intent: z.enum(['verify', 'resend']),
  token: z.string().min(1).max(200),
});

export async function action({ request }: ActionFunctionArgs) {
  const parsed = LinkRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ ok: false, message: INVALID_LINK_MESSAGE }, { status: 400 });
  const { kind, intent, token } = parsed.data;
  const { status, ...answer } = await answerLinkRequest(kind, intent, token, clientAddress(request));
  return Response.json(answer, { status });
}
