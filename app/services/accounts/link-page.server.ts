import { answerLinkRequest, type LinkKind } from './link-requests.server';
import { clientAddress } from '../platform/rate-limit.server';

/** The link pages' own action: the no-script form posts here and the page renders the answer. */
export async function linkPageAction(request: Request, kind: LinkKind, token: string) {
  const intent: 'verify' | 'resend' = (await request.formData()).get('intent') === 'resend' ? 'resend' : 'verify';
  const { ok, message } = await answerLinkRequest(kind, intent, token, clientAddress(request));
  return { ok, message, intent };
}
