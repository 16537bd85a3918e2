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
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
