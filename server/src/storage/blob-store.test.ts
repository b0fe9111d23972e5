// One behaviour, two stores: the same checks run against FsBlobStore on a temporary directory and against
// S3BlobStore on a local S3 server (s3rver) started here, so either can back a deployment.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeys } from './blob-keys.ts';
import { RangeNotSatisfiableError, type BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

interface StoreUnderTest {
  store: BlobStore;
  close: () => Promise<void>;
}

async function fsStore(): Promise<StoreUnderTest> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-blobs-'));
  return { store: new FsBlobStore(dir), close: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function s3Store(): Promise<StoreUnderTest> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  const config = {
    bucket: 'camwatch-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const admin = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  await admin.send(new CreateBucketCommand({ Bucket: config.bucket }));
  admin.destroy();
  return {
    store: new S3BlobStore(config),
    close: async () => {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const start = new Date('2026-11-21T07:01:00Z');

describe.each([
  ['FsBlobStore', fsStore],
  ['S3BlobStore', s3Store],
])('%s', (_name, make) => {
  let subject: StoreUnderTest;
  let store: BlobStore;
  beforeAll(async () => {
    subject = await make();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('stores bytes and reads them back with their size and type', async () => {
    const key = blobKeys.clip(1, start);
    await store.put(key, Buffer.from('0123456789'), 'video/mp4');
    expect(await store.head(key)).toEqual({ size: 10, contentType: 'video/mp4' });
    const read = await store.get(key);
    expect(read).toMatchObject({ size: 10, contentType: 'video/mp4', range: null });
    expect(await text(read!.body)).toBe('0123456789');
  });

  it('replaces a blob put again under the same key', async () => {
    const key = blobKeys.thumbnail(2, start);
    await store.put(key, Buffer.from('first version'), 'image/jpeg');
    await store.put(key, Buffer.from('second'), 'image/jpeg');
    expect(await store.head(key)).toEqual({ size: 6, contentType: 'image/jpeg' });
    expect(await text((await store.get(key))!.body)).toBe('second');
  });

  it('stores a local file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-putfile-'));
    const file = path.join(dir, 'download.mp4');
    await fs.writeFile(file, 'downloaded bytes');
    await store.putFile(blobKeys.download(7), file, 'video/mp4');
    await fs.rm(dir, { recursive: true });
    expect(await text((await store.get(blobKeys.download(7)))!.body)).toBe('downloaded bytes');
  });

  it('serves byte ranges, clamping an end past the size', async () => {
    const key = blobKeys.clip(3, start);
    await store.put(key, Buffer.from('0123456789'), 'video/mp4');
    const middle = await store.get(key, { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect(await text(middle!.body)).toBe('2345');
    const tail = await store.get(key, { start: 7, end: 100 });
    expect(tail!.range).toEqual({ start: 7, end: 9 });
    expect(await text(tail!.body)).toBe('789');
  });

  it('refuses a range starting beyond the size (416)', async () => {
    const key = blobKeys.clip(4, start);
    await store.put(key, Buffer.from('0123456789'), 'video/mp4');
    const error = await store.get(key, { start: 10, end: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(10);
  });

  it('answers null for a missing blob', async () => {
    expect(await store.head(blobKeys.clip(99, start))).toBeNull();
    expect(await store.get(blobKeys.clip(99, start))).toBeNull();
  });

  it('deletes, and deleting what is not there is no error', async () => {
    const kept = blobKeys.clip(5, new Date('2026-11-21T07:02:00Z'));
    const gone = blobKeys.clip(5, start);
    await store.put(kept, Buffer.from('keep'), 'video/mp4');
    await store.put(gone, Buffer.from('drop'), 'video/mp4');
    await store.delete([gone, blobKeys.clip(98, start)]);
    await store.delete([gone]);
    await store.delete([]);
    expect(await store.head(gone)).toBeNull();
    expect(await store.head(kept)).toEqual({ size: 4, contentType: 'video/mp4' });
  });

  it.each(['../x.mp4', '/etc/passwd', 'clips/1/../../x.mp4', 'clips/1/a.exe', ''])(
    'refuses the unsafe key %j in every operation',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'video/mp4')).rejects.toThrow(/unsafe blob key/);
      await expect(store.putFile(key, '/etc/hostname', 'video/mp4')).rejects.toThrow(/unsafe blob key/);
      await expect(store.head(key)).rejects.toThrow(/unsafe blob key/);
      await expect(store.get(key)).rejects.toThrow(/unsafe blob key/);
      await expect(store.delete([key])).rejects.toThrow(/unsafe blob key/);
    },
  );
});
