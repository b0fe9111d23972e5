// The whole path on the S3 blob store (a local s3rver): a device uploads a clip, a signed address serves
// it back by byte range; a refused upload leaves no object behind.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { clipUpload, deviceCamera, uniqueDataDir } from '../../ingest/ingest-test-kit.ts';

const BUCKET = 'camwatch-media-test';
let t: TestApp;
let s3: S3Client;
let server: S3rver;
let dirs: string[];
beforeAll(async () => {
  const s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-s3rver-'));
  const dataDir = await uniqueDataDir('media-s3');
  dirs = [s3Dir, dataDir];
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await createTestApp({
    DATA_DIR: dataDir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await t.app.close();
  s3.destroy();
  await server.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const objectsOf = async (cameraId: number) =>
  (await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `clips/${cameraId}/` }))).Contents ?? [];

describe('media on S3', () => {
  it('stores an uploaded clip in the bucket and serves a byte range of it', async () => {
    expect(t.services.blobs.kind).toBe('s3');
    const clip = await makeClip({ seconds: 3 });
    const cam = await deviceCamera(t);
    const upload = await t.app.inject(clipUpload(cam, minuteAgo(2), clip));
    expect(upload.statusCode, upload.body).toBe(200);
    const row = await t.db
      .selectFrom('clips')
      .select('blob_key')
      .where('camera_id', '=', cam.cameraId)
      .executeTakeFirstOrThrow();
    expect((await objectsOf(cam.cameraId)).map((o) => [o.Key, o.Size])).toEqual([
      [row.blob_key, clip.length],
    ]);

    const url = t.services.mediaSigner.url(row.blob_key);
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-299' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-299/${clip.length}`);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(clip.subarray(100, 300))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.rawPayload.equals(clip)).toBe(true);
  });

  it('a refused upload puts nothing in the bucket', async () => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject(clipUpload(cam, minuteAgo(2), Buffer.from('not a video')));
    expect(res.statusCode).toBe(400);
    expect(await objectsOf(cam.cameraId)).toEqual([]);
  });
});
