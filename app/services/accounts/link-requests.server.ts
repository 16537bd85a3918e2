import { resendAccountLink, verifyAccountLink } from './accounts.server';
import { consumeRateLimit } from '../platform/rate-limit.server';
import { confirmAccountDeletion, RECOVERY_MESSAGES } from './recovery.server';

/** One answer for the e-mailed links, whether the page posts by script (/auth/links) or by its no-script form. */
export type LinkKind = 'verify-user' | 'verify-kid' | 'delete-user';
export interface LinkReply {
  ok: boolean;
  message: string;
  status: number;
}

export async function answerLinkRequest(kind: LinkKind, intent: 'verify' | 'resend', token: string, address: string): Promise<LinkReply> {
  if (!(await consumeRateLimit(intent === 'resend' ? 'code-send' : 'code-check', { account: token, address }))) {
    return { ok: false, message: 'Too many attempts. Please try again later.', status: 429 };
  }
  if (kind === 'delete-user') {
    const deleted = intent === 'verify' && (await confirmAccountDeletion(token));
    return { ok: deleted, message: deleted ? RECOVERY_MESSAGES.deleted : RECOVERY_MESSAGES.invalidDeleteLink, status: 200 };
  }
  const answer = intent === 'verify' ? await verifyAccountLink(kind, token) : await resendAccountLink(kind, token);
  return { ...answer, status: 200 };
}
