// A real S3-compatible server on loopback for tests (s3rver: S3's REST API over a folder):
// the storage tests and `npm run test:scale` talk to it through the AWS SDK, as to any store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** Its fixed test credentials (s3rver accepts these; any other store would be given real ones). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts the server with `bucket` created; port 0 picks a free one. */
export async function startS3Server({ port = 0, bucket = 'paceline' } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'paceline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  // Reads a test holds: `npm run test:scale` stops an instance's job at a known point (its read of
  // the upload's original) to kill the instance there. First of the middleware, so nothing answers before it.
  let holding;
  const held = [];
  server.middleware.unshift(async (ctx, next) => {
    const key = decodeURIComponent(ctx.path).replace(`/${bucket}/`, '');
    if (ctx.method === 'GET' && holding?.(key)) await new Promise((release) => held.push({ key, release }));
    await next();
  });
  const { port: bound } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    bucket,
    /** The variables that point Paceline at this store (env.server.ts). */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${bound}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    /** From now on a GET of a key `hold(key)` accepts waits until `releaseReads`. */
    holdReads(hold) {
      holding = hold;
    },
    /** The keys of the reads held now. */
    heldReads: () => held.map((read) => read.key),
    /** Answers every held read (its asker may be gone) and holds no more. */
    releaseReads() {
      holding = undefined;
      for (const read of held.splice(0)) read.release();
    },
    async stop() {
      this.releaseReads();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
