import { json, type ActionFunctionArgs } from '@remix-run/node';
import { ACTIVITY_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { INGEST_MESSAGES } from '~/services/activities/activities.server';
import { acceptUpload } from '~/services/activities/uploads.server';
import { BodyTooLargeError, readBodyWithin } from '~/services/platform/security.server';
import { fileFieldOf } from '~/services/platform/multipart.server';
import { verifySessionToken } from '~/services/accounts/session.server';

/** The multipart envelope around the file: boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MULTIPART_MESSAGE = 'Send the ride as multipart/form-data with a "file" field.';

// POST /api/activities — game clients and sync jobs upload a FIT ride:
// `Authorization: Bearer <session token>`, multipart field `file`.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, { status: 405 });
  const token = request.headers.get('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  const session = token ? await verifySessionToken(token) : null;
  if (!session) return json({ error: 'Unauthorized' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return json({ error: MULTIPART_MESSAGE }, { status: 415 });
  let file: Uint8Array | null;
  try {
    file = fileFieldOf(await readBodyWithin(request, ACTIVITY_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES), contentType, 'file');
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ error: INGEST_MESSAGES.too_big }, { status: 413 });
    return json({ error: MULTIPART_MESSAGE }, { status: 400 });
  }
  if (!file) return json({ error: MULTIPART_MESSAGE }, { status: 400 });
  // The analysis is a job (decision 133): the answer waits for it, and is the same as when it ran here.
  const answer = await acceptUpload(session.userId, file);
  switch (answer.outcome) {
    case 'stored':
      return json({ id: answer.id }, { status: 201 });
    case 'duplicate':
      // A re-upload (a client retrying) answers with the ride already stored, not a second one.
      return json({ id: answer.id, duplicate: true }, { status: 200 });
    case 'refused':
      return json({ error: answer.message, code: answer.code }, { status: answer.code === 'too_big' ? 413 : 422 });
    case 'analysing':
      // Not analysed within the wait (a backlog): it will be; sending the same file again answers with the ride.
      return json({ id: answer.id, status: 'analysing' }, { status: 202 });
  }
}

export function loader() {
  return json({ error: 'Method not allowed' }, { status: 405 });
}
