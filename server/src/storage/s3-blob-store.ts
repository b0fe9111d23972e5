// Blob store on an S3-compatible service (AWS S3, MinIO, …): one object per key in one bucket. A PUT is
// atomic in S3, so readers never see half an object. Checksums are sent only where S3 requires them, so
// servers without the newer checksum headers (MinIO releases, s3rver) work too.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey } from './blob-keys.ts';
import {
  RangeNotSatisfiableError,
  type BlobInfo,
  type BlobRead,
  type BlobStore,
  type ByteRange,
} from './blob-store.ts';

export interface S3BlobStoreConfig {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** S3 takes at most this many keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3BlobStoreConfig, client?: S3Client) {
    this.bucket = config.bucket;
    this.client =
      client ??
      new S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        // Without keys the SDK's default chain applies (environment, instance role, …).
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
      });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fs.stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
    const info = await this.head(key);
    if (!info) return null;
    if (range && (range.start > range.end || range.start >= info.size))
      throw new RangeNotSatisfiableError(info.size);
    const served = range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : null;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(served ? { Range: `bytes=${served.start}-${served.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
      // The object may have been replaced between head and get: report what was actually served.
      const size = totalSizeOf(answer.ContentRange) ?? answer.ContentLength ?? info.size;
      return { size, contentType: answer.ContentType ?? info.contentType, body: answer.Body, range: served };
    } catch (error) {
      if (isMissing(error)) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        throw new RangeNotSatisfiableError(info.size);
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertSafeKey(key);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(
          `S3 could not delete ${failed.length} blob(s): ${failed[0]?.Key} ${failed[0]?.Message}`,
        );
    }
  }
}

/** The total of a `Content-Range: bytes a-b/total` answer. */
function totalSizeOf(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}
