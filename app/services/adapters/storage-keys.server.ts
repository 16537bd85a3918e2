import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** Storage keys (`area/<32 hex>.ext`) and stream sources, shared by both backends of storage.server.ts. */
export type StreamSource = Readable | ReadableStream<Uint8Array>;

const KEY_PATTERN = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;
const AREA_PATTERN = /^[a-z0-9-]+$/;
const EXTENSION_PATTERN = /^[a-z0-9]{1,5}$/;

/** A fresh key in `area`; throws on an area or extension no key may have. */
export function newStorageKey(area: string, extension: string): string {
  const ext = extension.toLowerCase();
  if (!AREA_PATTERN.test(area) || !EXTENSION_PATTERN.test(ext)) throw new Error(`Invalid storage area or extension: ${area} .${extension}`);
  return `${area}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Whether a stored value is a key of this store (not, say, a static image path such as a seeded team logo). */
export function isStorageKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function toNodeReadable(body: StreamSource): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
}
