import { storage, type ByteRange } from '../adapters/storage.server';

/**
 * One `Range: bytes=…` request header against a file of `size` bytes (RFC 9110 §14): the range
 * to send, `'unsatisfiable'` (answer 416), or null to send the whole file (no header, several
 * ranges, or a unit other than bytes: a server may always answer those with the whole file).
 */
function requestedRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A stored file to send: whole, the one range asked for, or a 416. */
export interface RangedDownload {
  filename: string;
  contentType: string;
  /** The whole file's size. */
  size: number;
  /** The range sent (null: the whole file), or the file cannot satisfy the one asked for. */
  range: ByteRange | null | 'unsatisfiable';
  body: ReadableStream<Uint8Array> | null;
}

/**
 * Opens a stored object for download, streamed (never read whole into memory), honouring one
 * `Range` header (resumed downloads, download managers). Null when the object is gone.
 */
export async function openRanged(key: string, rangeHeader: string | null, file: { filename: string; contentType: string }): Promise<RangedDownload | null> {
  const size = await storage().size(key);
  if (size === null) return null;
  const range = requestedRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { ...file, size, range, body: null };
  const opened = await storage().open(key, range ?? undefined);
  if (!opened) return null;
  return { ...file, size, range, body: opened.body };
}

/** The download as an answer: 200 whole, 206 with `Content-Range`, 416 past the end; `Accept-Ranges` always. */
export function rangedResponse(download: RangedDownload): Response {
  const headers = new Headers({
    'Content-Type': download.contentType,
    'Content-Disposition': `attachment; filename="${download.filename}"`,
    'Cache-Control': 'private, no-store',
    'Accept-Ranges': 'bytes',
  });
  if (download.range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${download.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!download.range) {
    headers.set('Content-Length', String(download.size));
    return new Response(download.body, { headers });
  }
  headers.set('Content-Range', `bytes ${download.range.start}-${download.range.end}/${download.size}`);
  headers.set('Content-Length', String(download.range.end - download.range.start + 1));
  return new Response(download.body, { status: 206, headers });
}
