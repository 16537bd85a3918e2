import type { ByteRange } from '../adapters/storage.server';

/**
 * One `Range: bytes=…` request header against a file of `size` bytes (RFC 9110 §14): the range
 * to send, `'unsatisfiable'` (answer 416), or null to send the whole file (no header, several
 * ranges, or a unit other than bytes: a server may always answer those with the whole file).
 */
export function requestedRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
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
