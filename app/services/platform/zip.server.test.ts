import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server } from '../../../tests/helpers/s3-server.mjs';
import { readZip } from '../../../tests/helpers/zip';
import { storage } from '../adapters/storage.server';
import { resetEnvForTests } from './env.server';
import { storeZip, type ZipSource } from './zip.server';

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
const MIB = 1024 * 1024;

function useEnv(values: Record<string, string>) {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

/**
 * A large archive made up on the fly (issue 26's rider with ten thousand rides, in small): each
 * entry is a MiB of random bytes (deflate cannot shrink them), made only when the zip reads it,
 * and counted. The store's stream is tapped to count what it has taken. If the archive were built
 * in memory and then stored, the store would take nothing until every entry had been read.
 */
async function storeLargeArchive(entryCount: number) {
  let readBytes = 0;
  let storedBytes = 0;
  let largestLead = 0;
  const digests: string[] = [];
  const entries: ZipSource[] = Array.from({ length: entryCount }, (_, index) => ({
    name: `rides/files/ride-${index}.fit`,
    read: async () => {
      const bytes = randomBytes(MIB);
      digests[index] = createHash('sha256').update(bytes).digest('hex');
      readBytes += bytes.byteLength;
      // How far reading has run ahead of the store, at each read: what the build holds in memory.
      largestLead = Math.max(largestLead, readBytes - storedBytes);
      return bytes;
    },
  }));
  const store = storage();
  const putStream = store.putStream.bind(store);
  vi.spyOn(store, 'putStream').mockImplementation((area, body, extension) => {
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        storedBytes += chunk.byteLength;
        done(null, chunk);
      },
    });
    (body as Readable).on('error', (error) => tap.destroy(error));
    return putStream(area, (body as Readable).pipe(tap), extension);
  });
  const stored = await storeZip('exports', entries);
  return { stored, readBytes, storedBytes, largestLead, digests };
}

function largeArchiveContract(name: string, entryCount: number) {
  it(`${name}: a ${entryCount} MiB archive is stored while it is built, never held whole, and reads back entry for entry`, async () => {
    const { stored, readBytes, storedBytes, largestLead, digests } = await storeLargeArchive(entryCount);
    expect(readBytes).toBe(entryCount * MIB);
    expect(storedBytes).toBe(stored.sizeBytes);
    expect(stored.sizeBytes).toBeGreaterThan(entryCount * MIB);
    // Reading never ran more than a few entries ahead of the store (in memory it would be the whole archive).
    expect(largestLead).toBeLessThan(4 * MIB);
    expect(await storage().size(stored.key)).toBe(stored.sizeBytes);
    const files = await readZip((await storage().get(stored.key))!);
    expect([...files.keys()]).toHaveLength(entryCount);
    for (let index = 0; index < entryCount; index += 1) {
      expect(
        createHash('sha256')
          .update(files.get(`rides/files/ride-${index}.fit`)!)
          .digest('hex'),
      ).toBe(digests[index]);
    }
    await storage().delete(stored.key);
  }, 120_000);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a zip stored as it is built (the data copy, issue 26 item 4)', () => {
  describe('on the folder store', () => {
    beforeAll(() => useEnv({ STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'paceline-zip-')) }));
    largeArchiveContract('folder', 48);
  });

  describe('on an S3-compatible store (multipart, a real S3 server on loopback)', () => {
    let server: Awaited<ReturnType<typeof startS3Server>>;
    beforeAll(async () => {
      server = await startS3Server({ bucket: 'paceline-zip-test' });
      useEnv(server.env);
    });
    afterAll(async () => {
      useEnv({});
      await server?.stop();
    });
    // Three 8 MiB parts and a last one: the upload goes multipart from a stream of unknown length.
    largeArchiveContract('S3', 26);
  });
});
