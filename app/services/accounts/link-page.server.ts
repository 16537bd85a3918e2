import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { answerLinkRequest, type LinkKind } from './link-requests.server';
import { clientAddress } from '../platform/rate-limit.server';

/**
 * The server half of the link pages (verify-user, verify-kid, delete-user): the token comes
 * from the path (`/delete-user/{code}`) or the `es` query (`/verify-user?es=`).
 */
function linkToken({ request, params }: Pick<LoaderFunctionArgs, 'request' | 'params'>): string {
  return params.code ?? new URL(request.url).searchParams.get('es') ?? '';
}

/** What the page needs to post the link with JavaScript. */
export function linkPageLoader(args: LoaderFunctionArgs) {
  return { token: linkToken(args) };
}

/** The link pages' own action: the no-script form posts here and the page renders the answer. */
export async function linkPageAction(args: ActionFunctionArgs, kind: LinkKind) {
  const intent: 'verify' | 'resend' = (await args.request.formData()).get('intent') === 'resend' ? 'resend' : 'verify';
  const { ok, message, retry } = await answerLinkRequest(kind, intent, linkToken(args), clientAddress(args.request));
  return { ok, message, intent, retry };
}
