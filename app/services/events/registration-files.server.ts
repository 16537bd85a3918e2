import { and, eq, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { registrations } from '~/db/schema';
import { EVENT_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, ID_IMAGE_TYPE_MESSAGE } from '~/lib/events/registration-schema';
import { MIME_OF, sniffFileType, type SniffedType } from '~/lib/file-signature';
import { storage } from '../adapters/storage.server';

/**
 * Registration files (proof of ID, identity images): judged by their bytes, kept in the
 * storage adapter under `registrations/`, read back only by their owner or staff (decision 035).
 */
export interface StoredFile {
  key: string;
  remove(): Promise<void>;
}

const DOCUMENT_TYPES: SniffedType[] = ['jpeg', 'png', 'pdf'];
const ID_IMAGE_TYPES: SniffedType[] = ['jpeg', 'png'];

export async function storeUpload(file: File, allowPdf: boolean): Promise<StoredFile | { error: string }> {
  if (file.size > EVENT_UPLOAD_MAX_BYTES) return { error: FILE_SIZE_MESSAGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(bytes);
  const allowed = allowPdf ? DOCUMENT_TYPES : ID_IMAGE_TYPES;
  if (!type || !allowed.includes(type)) return { error: allowPdf ? FILE_TYPE_MESSAGE : ID_IMAGE_TYPE_MESSAGE };
  const key = await storage().put('registrations', bytes, type === 'jpeg' ? 'jpg' : type);
  return { key, remove: () => storage().delete(key) };
}

export type IdFileSide = 'front' | 'back';

/** One identity file of a registration, if the viewer owns it or is staff. */
export async function readIdFile(input: { registrationId: number; side: IdFileSide; viewerId: string; isStaff: boolean }) {
  const ownership = input.isStaff ? undefined : eq(registrations.userId, input.viewerId);
  const [row] = await db()
    .select({ front: registrations.idFrontKey, back: registrations.idBackKey })
    .from(registrations)
    .where(and(eq(registrations.id, input.registrationId), ownership ?? or()));
  const key = row?.[input.side];
  if (!key) return null;
  const bytes = await storage().get(key);
  if (!bytes) return null;
  const type = sniffFileType(bytes);
  return { bytes, contentType: type ? MIME_OF[type] : 'application/octet-stream' };
}
