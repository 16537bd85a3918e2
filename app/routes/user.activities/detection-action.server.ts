import { json } from '@remix-run/node';
import { DETECTION_MESSAGES, detectionForm } from '~/lib/activities/detection-form';
import { redirectWithToast } from '~/services/platform/toast.server';
import { markDetectionSeen, undoDetection } from '~/services/activities/ftp-history.server';

/**
 * The posts of a detected-threshold notice (overview and ride page): undo the detection or
 * dismiss the notice, then back to the page with what happened. A malformed post is a 400.
 */
export async function handleDetectionForm(userId: string, form: FormData, backTo: string): Promise<Response> {
  const parsed = detectionForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  const { intent, detectionId } = parsed.data;
  if (intent === 'detection-seen') {
    await markDetectionSeen(userId, detectionId);
    return redirectWithToast(backTo, { kind: 'success', message: DETECTION_MESSAGES.kept });
  }
  const undone = await undoDetection(userId, detectionId);
  return redirectWithToast(backTo, undone ? { kind: 'success', message: DETECTION_MESSAGES.undone } : { kind: 'error', message: DETECTION_MESSAGES.notFound });
}
