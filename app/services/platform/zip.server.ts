import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * Zip archives as streams (yazl, decision 128): entries are named up front and each one's bytes
 * are read only when the archive reaches it, so a zip of a hundred rides holds one ride in memory
 * at a time and its first bytes leave before the last ride is read.
 */
export interface ZipSource {
  name: string;
  read(): Promise<Uint8Array>;
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

/** A zip download: streamed as it is built, or a stored one. */
export function zipResponse(body: Readable | Uint8Array, filename: string): Response {
  return new Response(body instanceof Uint8Array ? new Uint8Array(body) : (Readable.toWeb(body) as ReadableStream<Uint8Array>), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
