import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../platform/env.server';

/**
 * File storage (DESIGN.md §5): put/get/delete by key. The embedded default is a folder
 * (STORAGE_DIR); an S3-compatible store can implement the same three calls.
 * Keys are generated here, never taken from user input, so no path can escape the folder.
 */
export interface Storage {
  put(area: string, bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/** Whether a stored value is a key of this store (not, say, a static image path such as a seeded team logo). */
export function isStorageKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

function folderStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(area, bytes, extension) {
      const key = `${area}/${randomBytes(16).toString('hex')}.${extension.toLowerCase()}`;
      await mkdir(path.join(root, area), { recursive: true });
      await writeFile(resolve(key), bytes);
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

export function storage(): Storage {
  return folderStorage(path.resolve(getEnv().STORAGE_DIR));
}
