import { resendAccountLink, verifyAccountLink } from './accounts.server';
import { consumeRateLimit } from '../platform/rate-limit.server';
import { confirmChildExport } from './data-export.server';
import { confirmAccountDeletion, DELETION_MESSAGES } from './deletion.server';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '~/lib/account-messages';

/** One answer for the e-mailed links, whether the page posts by script (/auth/links) or by its no-script form. */
export type LinkKind = 'verify-user' | 'verify-kid' | 'delete-user' | 'export-data';
export interface LinkReply {
  ok: boolean;
  message: string;
  status: number;
  /** A deletion refused or failed: the link was not spent and may be used again (issue 26). */
  retry?: boolean;
}

export async function answerLinkRequest(kind: LinkKind, intent: 'verify' | 'resend', token: string, address: string): Promise<LinkReply> {
  if (!(await consumeRateLimit(intent === 'resend' ? 'code-send' : 'code-check', { account: token, address }))) {
    return { ok: false, message: TOO_MANY_ATTEMPTS_MESSAGE, status: 429 };
  }
  if (kind === 'delete-user') {
    // A deletion link has no resend: the profile asks again.
    if (intent !== 'verify') return { ok: false, message: DELETION_MESSAGES.invalidLink, status: 200 };
    return confirmAccountDeletion(token);
  }
  if (kind === 'export-data') {
    // A child's copy: the parent confirms; asking again is the child's, from the profile.
    if (intent !== 'verify') return { ok: false, message: DELETION_MESSAGES.invalidLink, status: 200 };
    return { ...(await confirmChildExport(token)), status: 200 };
  }
  const answer = intent === 'verify' ? await verifyAccountLink(kind, token) : await resendAccountLink(kind, token);
  return { ...answer, status: 200 };
}
