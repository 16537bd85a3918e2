import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * What both backends of storage.server.ts share (the folder and storage-s3.server.ts): the
 * store's interface, storage keys (`area/<32 hex>.ext`) and stream sources. Both import it; it
 * imports neither, so the two backends never import each other.
 */
export type StreamSource = Readable | ReadableStream<Uint8Array>;

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

interface StoredObject {
  /** The whole object's size in bytes (not the range's). */
  size: number;
  /** The bytes asked for: the range, or everything. */
  body: ReadableStream<Uint8Array>;
}

export interface Storage {
  put(area: string, bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Stores a stream of unknown length without holding it in memory (multipart on S3). */
  putStream(area: string, body: StreamSource, extension: string): Promise<string>;
  /** The object's size and a stream of `range` (or the whole object); null when absent. */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

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
