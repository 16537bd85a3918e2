import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../tests/helpers/s3-server.mjs';
import { resetEnvForTests } from '../platform/env.server';
import { storage } from './storage.server';

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

function useEnv(values: Record<string, string>) {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

async function text(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** Bytes that differ at every offset, so a wrong range or a reordered part shows. */
function pattern(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index + 4 <= length; index += 4) bytes.writeUInt32BE(index, index);
  return bytes;
}

function storageContract(name: string, large: number) {
  it(`${name}: stores, reads back and deletes a file under a generated key`, async () => {
    const key = await storage().put('avatars', new Uint8Array([1, 2, 3]), 'PNG');
    expect(key).toMatch(/^avatars\/[a-f0-9]{32}\.png$/);
    expect(await storage().get(key)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await storage().size(key)).toBe(3);
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(await storage().open(key)).toBeNull();
  });

  it(`${name}: streams a large file in and ranges of it out, byte for byte`, async () => {
    const bytes = pattern(large);
    // Chunks of 64 KiB, as a request body arrives.
    const chunks = Array.from({ length: Math.ceil(large / 65_536) }, (_, index) => bytes.subarray(index * 65_536, (index + 1) * 65_536));
    const key = await storage().putStream('activities', Readable.from(chunks), 'fit');
    const whole = await storage().open(key);
    expect(whole?.size).toBe(large);
    expect((await text(whole!.body)).equals(bytes)).toBe(true);
    const middle = await storage().open(key, { start: 1_000_001, end: 1_000_100 });
    expect(middle?.size).toBe(large);
    expect((await text(middle!.body)).equals(bytes.subarray(1_000_001, 1_000_101))).toBe(true);
    await storage().delete(key);
  });

  it(`${name}: refuses keys that could leave their area`, async () => {
    await expect(storage().delete('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage().open('activities/../../x.fit')).rejects.toThrow('Invalid storage key');
  });

  it(`${name}: answers the readiness check`, async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });
}

describe('folder storage', () => {
  beforeAll(() => useEnv({ STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'paceline-storage-')) }));
  storageContract('folder', 3_000_000);
});

describe('S3-compatible storage (a real S3 server on loopback)', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server({ bucket: 'paceline-test' });
    useEnv(server.env);
  });
  afterAll(async () => {
    useEnv({});
    await server?.stop();
  });
  // Over two 8 MiB parts: the upload goes multipart.
  storageContract('S3', 17 * 1024 * 1024 + 123);

  it('S3: a bucket that does not exist fails the readiness check', async () => {
    useEnv({ ...server.env, S3_BUCKET: 'no-such-bucket' });
    await expect(storage().check()).rejects.toThrow(/^bucket no-such-bucket not found$/);
    useEnv(server.env);
  });
});
