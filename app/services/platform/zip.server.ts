import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import { storage } from '../adapters/storage.server';

/**
 * Zip archives as streams (yazl, decision 128): entries are named up front and each one's bytes
 * are read only when the archive reaches it, so a zip of a hundred rides holds one ride in memory
 * at a time and its first bytes leave before the last ride is read.
 */
export interface ZipSource {
  name: string;
  read: () => Promise<Uint8Array>;
}

export function zipStream(entries: ZipSource[], onEntryRead?: (index: number) => void): Readable {
  const zip = new ZipFile();
  entries.forEach((entry, index) => {
    zip.addReadStreamLazy(entry.name, (done) => {
      entry.read().then(
        (bytes) => {
          onEntryRead?.(index);
          done(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), undefined as never),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * Stores a zip of `entries` as it is built (issue 26, decision 128): the archive goes to the
 * store's streaming upload (multipart on S3) while later entries are still unread, so a rider with
 * ten thousand rides never has their archive in memory: at most one entry, the deflate window and
 * the store's parts in flight. Returns the key and the archive's size.
 */
export async function storeZip(area: string, entries: ZipSource[], onEntryRead?: (index: number) => void): Promise<{ key: string; sizeBytes: number }> {
  const zip = zipStream(entries, onEntryRead);
  let sizeBytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.byteLength;
      done(null, chunk);
    },
  });
  zip.on('error', (error) => counted.destroy(error));
  const key = await storage().putStream(area, zip.pipe(counted), 'zip');
  return { key, sizeBytes };
}

/** A zip download streamed as it is built (stored ones are sent by `rangedResponse`). */
export function zipResponse(body: Readable, filename: string): Response {
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
