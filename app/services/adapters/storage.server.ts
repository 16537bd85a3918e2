import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getEnv } from '../platform/env.server';
import { s3Storage } from './storage-s3.server';
import { assertStorageKey, isStorageKey, newStorageKey, toNodeReadable, type Storage } from './storage-keys.server';

/**
 * File storage (DESIGN.md §5, decision 132): put/get/delete by key, plus streaming in and out.
 * The embedded default is a folder (STORAGE_DIR); with S3_BUCKET set, any S3-compatible store
 * (storage-s3.server.ts). Keys are generated here, never taken from user input, so no key can
 * escape its area or the folder.
 */
export type { ByteRange, Storage } from './storage-keys.server';
export { isStorageKey } from './storage-keys.server';

function folderStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(area, bytes, extension) {
      const key = newStorageKey(area, extension);
      await mkdir(path.join(root, area), { recursive: true });
      await writeFile(resolve(key), bytes);
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async putStream(area, body, extension) {
      const key = newStorageKey(area, extension);
      await mkdir(path.join(root, area), { recursive: true });
      // Written aside and renamed: a reader never sees half a file under the key.
      const partial = `${resolve(key)}.partial`;
      try {
        await pipeline(toNodeReadable(body), createWriteStream(partial));
        await rename(partial, resolve(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return key;
    },
    async open(key, range) {
      const size = await this.size(key);
      if (size === null) return null;
      const stream = createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
      return { size, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    async size(key) {
      try {
        return (await stat(resolve(key))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
  };
}

let cached: { signature: string; storage: Storage } | undefined;

export function storage(): Storage {
  const env = getEnv();
  const signature = env.S3_BUCKET ? `s3:${env.S3_ENDPOINT ?? ''}:${env.S3_BUCKET}` : `folder:${path.resolve(env.STORAGE_DIR)}`;
  if (cached?.signature !== signature) {
    cached = {
      signature,
      storage: env.S3_BUCKET
        ? s3Storage({
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          })
        : folderStorage(path.resolve(env.STORAGE_DIR)),
    };
  }
  return cached.storage;
}
