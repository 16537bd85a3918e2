import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { SUBSCRIBED_MESSAGE, SubscribeSchema, VALID_EMAIL_MESSAGE, type SubscribeAnswer } from '~/lib/site-forms';
import { safeRedirectTarget } from '~/services/accounts/login-redirect.server';
import { subscribe } from '~/services/content/site.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { textOf } from '~/lib/form-text';

/**
 * POST /subscribe — the footer form (spec 3 §5 "Footer subscribe. Email is required and
 * valid."). A fetcher gets the Conform reply; a plain form post (no JavaScript: the browser
 * navigates, Sec-Fetch-Dest is "document") is sent back to its page with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SubscribeSchema });
  const isDocumentPost = request.headers.get('Sec-Fetch-Dest') === 'document';
  const back = safeRedirectTarget(textOf(formData.get('redirectTo'))) ?? '/';
  if (submission.status !== 'success') {
    if (isDocumentPost) return redirectWithToast(back, { kind: 'error', message: VALID_EMAIL_MESSAGE });
    return Response.json({ result: submission.reply(), subscribed: false } satisfies SubscribeAnswer, { status: 400 });
  }
  await subscribe(submission.value.email);
  if (isDocumentPost) return redirectWithToast(back, { kind: 'success', message: SUBSCRIBED_MESSAGE });
  return Response.json({ result: submission.reply({ resetForm: true }), subscribed: true } satisfies SubscribeAnswer);
}

// A GET is someone following a link: there is no page here.
export function loader() {
  return redirect('/');
}
