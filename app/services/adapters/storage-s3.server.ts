import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, newStorageKey, toNodeReadable, type Storage } from './storage-keys.server';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`): MinIO, s3rver and most self-hosted stores need them. */
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Parts of a streamed upload: S3's minimum is 5 MiB; 8 MiB × 4 in flight holds 32 MiB at most. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/**
 * The storage interface on any S3-compatible store (decision 132), through the AWS SDK v3.
 * Credentials from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, else the SDK's own chain (instance
 * role, AWS_* variables).
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    async put(area, bytes, extension) {
      const key = newStorageKey(area, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }));
      return key;
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async putStream(area, body, extension) {
      const key = newStorageKey(area, extension);
      // One PUT for a body under a part, a multipart upload above (aborted if the body fails).
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: toNodeReadable(body) }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
      await upload.done();
      return key;
    },
    async open(key, range) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        // `bytes 0-99/1234`: the whole size is after the slash; without a range, the length is the size.
        const size = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : Number(answer.ContentLength ?? 0);
        const body = answer.Body ? (answer.Body.transformToWebStream() as ReadableStream<Uint8Array>) : new Blob([]).stream();
        return { size, body };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      assertStorageKey(key);
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
