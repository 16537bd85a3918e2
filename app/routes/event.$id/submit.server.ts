import type { SubmissionResult } from '@conform-to/react';
import { EVENT_UPLOAD_MAX_BYTES } from '~/lib/constants';
import type { ShellUser } from '~/services/accounts/auth.server';
import { submitRegistration } from '~/services/events/registration.server';
import { FILE_SIZE_MESSAGE } from '~/lib/events/registration-schema';

/** Three files of 8 MB plus the text fields: anything larger is not a registration. */
const MAX_BODY_BYTES = 3 * EVENT_UPLOAD_MAX_BYTES + 256 * 1024;

export type SubmitResponse = { ok: true; redirectTo: string } | { ok: false; messages: string[]; reply: SubmissionResult<string[]> };

/** The wizard's one submission: the page's action, posted by the machine with JavaScript and by the form without. */
export async function handleRegistrationPost(request: Request, eventId: number, user: ShellUser): Promise<SubmitResponse> {
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > MAX_BODY_BYTES) {
    return { ok: false, messages: [FILE_SIZE_MESSAGE], reply: { status: 'error', error: { '': [FILE_SIZE_MESSAGE] } } };
  }
  const formData = await request.formData();
  const outcome = await submitRegistration({ eventId, userId: user.id, formData });
  if (outcome.ok) return { ok: true, redirectTo: `/event/${eventId}/thank-you` };
  const messages = [...new Set(Object.values(outcome.reply.error ?? {}).flatMap((errors) => errors ?? []))];
  return { ok: false, messages, reply: outcome.reply };
}
