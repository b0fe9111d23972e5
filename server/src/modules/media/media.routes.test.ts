// GET api/media/:token through the real app: a clip uploaded by a device is served by signed address,
// whole or by byte range; bad, expired or foreign addresses are refused.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeJpeg, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { clipUpload, deviceCamera, uniqueDataDir } from '../../ingest/ingest-test-kit.ts';
import { blobKeys } from '../../storage/blob-keys.ts';
import { MediaSigner } from '../../storage/signed-url.ts';

let t: TestApp;
let dataDir: string;
let clip: Buffer;
let clipUrl: string;
let clipKey: string;
beforeAll(async () => {
  dataDir = await uniqueDataDir('media-routes');
  t = await createTestApp({ DATA_DIR: dataDir, MEDIA_URL_TTL_SECONDS: '300' });
  clip = await makeClip({ seconds: 3 });
  const cam = await deviceCamera(t);
  const upload = await t.app.inject(clipUpload(cam, minuteAgo(2), clip));
  expect(upload.statusCode, upload.body).toBe(200);
  const row = await t.db
    .selectFrom('clips')
    .select('blob_key')
    .where('camera_id', '=', cam.cameraId)
    .executeTakeFirstOrThrow();
  clipKey = row.blob_key;
  clipUrl = t.services.mediaSigner.url(clipKey);
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET api/media/:token', () => {
  it('serves an uploaded clip whole, uncompressed, cacheable privately until the address expires', async () => {
    const res = await get(clipUrl, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(clip)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(clip.length),
      'accept-ranges': 'bytes',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, null],
    ['bytes=-50', -50, null],
    ['bytes=10-999999999', 10, null],
  ])('answers 206 for %s', async (range, from, to) => {
    const res = await get(clipUrl, { range });
    const start = from < 0 ? clip.length + from : from;
    const end = to ?? clip.length - 1;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${clip.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(clip.subarray(start, end + 1))).toBe(true);
  });

  it('416 with the size for a range starting past the end', async () => {
    const res = await get(clipUrl, { range: `bytes=${clip.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${clip.length}`);
    expect(res.json().error.code).toBe('range_not_satisfiable');
  });

  it('serves the whole file for a range form it does not support', async () => {
    const res = await get(clipUrl, { range: 'bytes=0-1,5-9' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(clip.length);
  });

  it('names a download with Content-Disposition', async () => {
    const url = t.services.mediaSigner.url(clipKey, { filename: 'Entrance 玄関 2026-11-21.mp4' });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Entrance __ 2026-11-21.mp4"; filename*=UTF-8''Entrance%20%E7%8E%84%E9%96%A2%202026-11-21.mp4`,
    );
  });

  it('serves a JPEG as image/jpeg', async () => {
    const jpeg = await makeJpeg();
    const key = blobKeys.thumbnail(999_001, minuteAgo(1));
    await t.services.blobs.put(key, jpeg, 'image/jpeg');
    const res = await get(t.services.mediaSigner.url(key), { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });

  it('403 for a tampered, expired or foreign-signed address', async () => {
    const token = clipUrl.split('/').pop()!;
    const [payload, mac] = token.split('.');
    const otherKey = Buffer.from(
      JSON.stringify({ key: blobKeys.clip(1, minuteAgo(2)), exp: Date.now() + 60_000 }),
    ).toString('base64url');
    const expired = t.services.mediaSigner.token(clipKey, { ttlMs: 60_000, now: Date.now() - 120_000 });
    const foreign = new MediaSigner(Buffer.from('another deployment secret'), 60_000).token(clipKey);
    for (const bad of [`${otherKey}.${mac}`, `${payload}.${mac!.slice(0, -2)}AA`, expired, foreign]) {
      const res = await get(`/api/media/${bad}`);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().error.message).toMatch(/invalid or has expired/);
    }
  });

  it('404 when the signed blob does not exist', async () => {
    const res = await get(t.services.mediaSigner.url(blobKeys.clip(999_002, minuteAgo(1))));
    expect(res.statusCode).toBe(404);
  });

  it('400 for a token of the wrong shape', async () => {
    expect((await get('/api/media/short')).statusCode).toBe(400);
  });
});
