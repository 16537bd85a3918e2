import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../platform/env.server';
import { storage } from './storage.server';

beforeAll(() => {
  process.env.STORAGE_DIR = mkdtempSync(path.join(tmpdir(), 'paceline-storage-'));
  resetEnvForTests();
});

describe('folder storage', () => {
  it('stores, reads back and deletes a file under a generated key', async () => {
    const key = await storage().put('avatars', new Uint8Array([1, 2, 3]), 'PNG');
    expect(key).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
    expect(await storage().get(key)).toEqual(new Uint8Array([1, 2, 3]));
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
  });

  it('refuses keys that could leave the storage folder', async () => {
    await expect(storage().delete('../../etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});
