import { json, type ActionFunctionArgs } from '@remix-run/node';
import { ACTIVITY_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { INGEST_MESSAGES, IngestError, ingestActivity } from '~/services/activities.server';
import { verifySessionToken } from '~/services/session.server';

// POST /api/activities — game clients and sync jobs upload a FIT ride:
// `Authorization: Bearer <session token>`, multipart field `file`.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, { status: 405 });
  const token = request.headers.get('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  const session = token ? await verifySessionToken(token) : null;
  if (!session) return json({ error: 'Unauthorized' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > ACTIVITY_UPLOAD_MAX_BYTES + 64 * 1024) return json({ error: INGEST_MESSAGES.too_big }, { status: 413 });
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('file');
  } catch {
    return json({ error: 'Send the ride as multipart/form-data with a "file" field.' }, { status: 400 });
  }
  if (!(file instanceof Blob)) return json({ error: 'Send the ride as multipart/form-data with a "file" field.' }, { status: 400 });
  try {
    const { id } = await ingestActivity(session.userId, new Uint8Array(await file.arrayBuffer()));
    return json({ id }, { status: 201 });
  } catch (error) {
    if (error instanceof IngestError) return json({ error: error.message, code: error.code }, { status: error.code === 'too_big' ? 413 : 422 });
    throw error;
  }
}

export function loader() {
  return json({ error: 'Method not allowed' }, { status: 405 });
}
