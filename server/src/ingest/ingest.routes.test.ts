// The device API through the real app and database: clip and thumbnail uploads, heartbeat, "who am I".
// Every refused upload must leave nothing behind: no clips row and no blob file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { IMAGE_MAX_BYTES } from '@camwatch/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeJpeg, minuteAgo, sha256 } from '../../test/helpers/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { tempRoot } from '../storage/temp-dir.ts';
import {
  bearer,
  clipUpload,
  deviceCamera,
  filesUnder,
  makeMpeg4Clip,
  thumbnailUpload,
  uniqueDataDir,
  type DeviceCamera,
} from './ingest-test-kit.ts';

let t: TestApp;
let dataDir: string;
let clip: Buffer;
beforeAll(async () => {
  dataDir = await uniqueDataDir('ingest-routes');
  t = await createTestApp({ DATA_DIR: dataDir });
  clip = await makeClip({ seconds: 3 });
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const blobsOf = (cameraId: number) =>
  filesUnder(path.join(dataDir, 'blobs')).then((files) =>
    files.filter((f) => f.split(path.sep)[1] === String(cameraId)),
  );

const clipRows = (cameraId: number) =>
  t.db.selectFrom('clips').selectAll().where('camera_id', '=', cameraId).execute();

/** Clip bodies are streamed to DATA_DIR/tmp; each file goes once its upload is answered. */
const expectNoTempFiles = () => expect.poll(() => filesUnder(tempRoot(dataDir))).toEqual([]);

async function expectNothingStored(cam: DeviceCamera) {
  expect(await clipRows(cam.cameraId)).toEqual([]);
  expect(await blobsOf(cam.cameraId)).toEqual([]);
  await expectNoTempFiles();
}

describe('PUT api/ingest/cameras/:camera_code/clips/:start_time', () => {
  it('stores a clip: blob first, then the row with the probed size and the agent offset', async () => {
    const cam = await deviceCamera(t);
    const start = minuteAgo(3);
    const res = await t.app.inject(clipUpload(cam, start, clip, { offset_ms: 1234 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      clip: { start_time: start.toISOString(), duration_ms: 3000, bytes: clip.length, stored: 'new' },
    });
    const [row, ...others] = await clipRows(cam.cameraId);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      start_time: start,
      duration_ms: 3000,
      offset_ms: 1234,
      bytes: clip.length,
      sha256: sha256(clip),
      width: 160,
      height: 90,
      motion_state: null,
    });
    const stored = await fs.readFile(path.join(dataDir, 'blobs', ...row!.blob_key.split('/')));
    expect(stored.equals(clip)).toBe(true);
    await expectNoTempFiles();
  });

  it('streams the body to a file under DATA_DIR/tmp as it arrives, and removes it once stored', async () => {
    const cam = await deviceCamera(t);
    const body = new PassThrough();
    const half = Math.floor(clip.length / 2);
    const answer = t.app.inject({ ...clipUpload(cam, minuteAgo(4), clip), payload: body });
    body.write(clip.subarray(0, half));
    // Half the clip is on disk (not in memory) before the rest is even sent.
    await expect
      .poll(async () => {
        const [file] = await filesUnder(tempRoot(dataDir));
        return file ? (await fs.stat(path.join(tempRoot(dataDir), file))).size : 0;
      })
      .toBe(half);
    body.end(clip.subarray(half));
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clip.bytes).toBe(clip.length);
    await expectNoTempFiles();
  });

  it('answers "duplicate" for the same minute and bytes, without rewriting or adding a row', async () => {
    const cam = await deviceCamera(t);
    const start = minuteAgo(5);
    expect((await t.app.inject(clipUpload(cam, start, clip))).json().clip.stored).toBe('new');
    const [row] = await clipRows(cam.cameraId);
    const file = path.join(dataDir, 'blobs', ...row!.blob_key.split('/'));
    const before = await fs.stat(file);

    const again = await t.app.inject(clipUpload(cam, start, clip));
    expect(again.statusCode).toBe(200);
    expect(again.json().clip).toMatchObject({ stored: 'duplicate', bytes: clip.length });
    expect(await clipRows(cam.cameraId)).toHaveLength(1);
    expect((await fs.stat(file)).ino).toBe(before.ino);
  });

  it('409 for different bytes in a minute already stored; the first clip stays', async () => {
    const cam = await deviceCamera(t);
    const start = minuteAgo(6);
    await t.app.inject(clipUpload(cam, start, clip));
    const other = await makeClip({ seconds: 3, scene: 'moving' });
    const res = await t.app.inject(clipUpload(cam, start, other));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/different recording already covers/);
    const rows = await clipRows(cam.cameraId);
    expect(rows.map((r) => r.sha256)).toEqual([sha256(clip)]);
    const stored = await fs.readFile(path.join(dataDir, 'blobs', ...rows[0]!.blob_key.split('/')));
    expect(sha256(stored)).toBe(sha256(clip));
  });

  it('keeps both pieces of a minute an agent restart split, and refuses a piece overlapping a stored one', async () => {
    const cam = await deviceCamera(t);
    const start = minuteAgo(9);
    // The old run recorded the first 3 s of the minute; the restarted agent records from 20 s on.
    expect((await t.app.inject(clipUpload(cam, start, clip))).json().clip.stored).toBe('new');
    const later = await makeClip({ seconds: 3, scene: 'moving' });
    const second = await t.app.inject(clipUpload(cam, start, later, { offset_ms: 20_000 }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().clip.stored).toBe('new');
    const rows = await clipRows(cam.cameraId);
    expect(rows.map((r) => [r.offset_ms, r.sha256])).toEqual([
      [0, sha256(clip)],
      [20_000, sha256(later)],
    ]);
    expect(new Set(rows.map((r) => r.blob_key)).size).toBe(2);
    // A third recording over 1-4 s overlaps the first piece: refused, nothing stored.
    const overlapping = await makeClip({ seconds: 3, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const clash = await t.app.inject(clipUpload(cam, start, overlapping, { offset_ms: 1_000 }));
    expect(clash.statusCode).toBe(409);
    expect(await clipRows(cam.cameraId)).toHaveLength(2);
  });

  it('two concurrent uploads of one minute: one stores, the other is a duplicate or a conflict', async () => {
    const cam = await deviceCamera(t);
    // One clock for both minutes: read apart, a minute turning in between made them the same minute.
    const now = Date.now();
    const same = minuteAgo(7, now);
    const twins = await Promise.all([
      t.app.inject(clipUpload(cam, same, clip)),
      t.app.inject(clipUpload(cam, same, clip)),
    ]);
    expect(twins.map((r) => r.json().clip.stored).sort()).toEqual(['duplicate', 'new']);

    const other = await makeClip({ seconds: 3, scene: 'moving' });
    const rivals = minuteAgo(8, now);
    const [a, b] = await Promise.all([
      t.app.inject(clipUpload(cam, rivals, clip)),
      t.app.inject(clipUpload(cam, rivals, other)),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const rows = await clipRows(cam.cameraId);
    expect(rows).toHaveLength(2);
    // Whoever won, the stored media is the winner's: the row's checksum matches the file.
    for (const row of rows) {
      const stored = await fs.readFile(path.join(dataDir, 'blobs', ...row.blob_key.split('/')));
      expect(sha256(stored)).toBe(row.sha256);
    }
  });

  it.each([
    [
      'corrupt bytes',
      async () => Buffer.from('this is not a video at all, just text'),
      3000,
      /not a readable video/,
    ],
    [
      'a truncated MP4 (cut in half)',
      async () => clip.subarray(0, Math.floor(clip.length / 2)),
      3000,
      /truncated|corrupt/,
    ],
    ['a clip of the wrong length', async () => clip, 10_000, /lasts 3\.0 s, but duration_ms says 10\.0 s/],
    ['MPEG-4 Part 2 video', () => makeMpeg4Clip(3), 3000, /must be H\.264, not mpeg4/],
  ])('400 errors.body for %s, and nothing stored', async (_name, body, durationMs, message) => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject(clipUpload(cam, minuteAgo(2), await body(), { duration_ms: durationMs }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.body[0]).toMatch(message);
    await expectNothingStored(cam);
  });

  it('400 errors.sha256 when the checksum does not match the body', async () => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject(clipUpload(cam, minuteAgo(2), clip, { sha256: 'a'.repeat(64) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sha256[0]).toMatch(/does not match the body/);
    await expectNothingStored(cam);
  });

  it('400 for an empty body, 415 for another content type', async () => {
    const cam = await deviceCamera(t);
    const empty = await t.app.inject({ ...clipUpload(cam, minuteAgo(2), clip), payload: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body[0]).toMatch(/is empty/);
    const json = await t.app.inject({
      ...clipUpload(cam, minuteAgo(2), clip),
      headers: { ...bearer(cam.token), 'content-type': 'application/json' },
      payload: { clip: 'no' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/video\/mp4/);
    await expectNothingStored(cam);
  });

  it('413 with a clear message when the declared size is over the limit, nothing stored', async () => {
    const cam = await deviceCamera(t);
    const upload = clipUpload(cam, minuteAgo(2), clip);
    const res = await t.app.inject({
      ...upload,
      headers: { ...upload.headers, 'content-length': String(256 * 1024 * 1024 + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/clip is larger than 256 MiB/);
    await expectNothingStored(cam);
  });

  it.each([
    ['not on a minute', '2026-11-21T07:01:30Z', 400],
    ['a path trick', '..%2F..%2Fetc%2Fpasswd', 400],
    ['a NUL byte', '2026-11-21T07:01:00Z%00.mp4', 400],
    ['not a time', 'latest', 400],
  ])('refuses a start_time that is %s, nothing stored', async (_name, startTime, status) => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject(clipUpload(cam, startTime, clip));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors.start_time).toBeDefined();
    await expectNothingStored(cam);
  });

  it('refuses a camera code with a path trick (it is no camera this token speaks for)', async () => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject({
      ...clipUpload(cam, minuteAgo(2), clip),
      url: `/api/ingest/cameras/..%2F${cam.code}/clips/${minuteAgo(2).toISOString()}?duration_ms=3000&sha256=${sha256(clip)}`,
    });
    expect(res.statusCode, res.body).toBe(403);
    await expectNothingStored(cam);
  });

  it('400 errors.start_time for a minute more than 5 minutes ahead', async () => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject(clipUpload(cam, minuteAgo(-7), clip));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.start_time[0]).toMatch(/future/);
    await expectNothingStored(cam);
  });

  describe('device tokens', () => {
    it('401 without a token, with an unknown one and with a revoked one; 403 with another camera’s', async () => {
      const cam = await deviceCamera(t);
      const other = await deviceCamera(t, 'Other');
      const upload = clipUpload(cam, minuteAgo(2), clip);
      const withAuth = (authorization?: string) =>
        t.app.inject({
          ...upload,
          headers: { 'content-type': 'video/mp4', ...(authorization ? { authorization } : {}) },
        });
      expect((await withAuth()).statusCode).toBe(401);
      expect((await withAuth(`Bearer cwd_${'x'.repeat(43)}`)).statusCode).toBe(401);
      expect((await withAuth(`Bearer ${other.token}`)).statusCode).toBe(403);
      await t.services.deviceAuth.revoke(cam.cameraId, cam.tokenId);
      expect((await withAuth(`Bearer ${cam.token}`)).statusCode).toBe(401);
      await expectNothingStored(cam);
    });
  });
});

describe('PUT api/ingest/cameras/:camera_code/thumbnails/:start_time', () => {
  it('stores the JPEG and moves latest_thumb_at forward only', async () => {
    const cam = await deviceCamera(t);
    const jpeg = await makeJpeg();
    const newer = minuteAgo(1);
    const older = minuteAgo(4);
    const res = await t.app.inject(thumbnailUpload(cam, newer, jpeg));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.app.inject(thumbnailUpload(cam, older, jpeg))).statusCode).toBe(200);

    const camera = await t.db
      .selectFrom('cameras')
      .select(['latest_thumb_at'])
      .where('id', '=', cam.cameraId)
      .executeTakeFirstOrThrow();
    expect(camera.latest_thumb_at).toEqual(newer);
    const rows = await t.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('camera_id', '=', cam.cameraId)
      .orderBy('start_time')
      .execute();
    expect(rows.map((r) => [r.start_time, r.bytes])).toEqual([
      [older, jpeg.length],
      [newer, jpeg.length],
    ]);
    expect(await blobsOf(cam.cameraId)).toHaveLength(2);
  });

  it('replaces the thumbnail of a minute uploaded again', async () => {
    const cam = await deviceCamera(t);
    const start = minuteAgo(2);
    await t.app.inject(thumbnailUpload(cam, start, await makeJpeg({ color: 'red' })));
    const second = await makeJpeg({ color: 'blue', width: 320, height: 180 });
    await t.app.inject(thumbnailUpload(cam, start, second));
    const row = await t.db
      .selectFrom('thumbnails')
      .selectAll()
      .where('camera_id', '=', cam.cameraId)
      .executeTakeFirstOrThrow();
    expect(row.bytes).toBe(second.length);
    const stored = await fs.readFile(path.join(dataDir, 'blobs', ...row.blob_key.split('/')));
    expect(stored.equals(second)).toBe(true);
  });

  it('400 for bytes that are not a complete JPEG, 413 over the image limit; nothing stored', async () => {
    const cam = await deviceCamera(t);
    const jpeg = await makeJpeg();
    for (const body of [Buffer.from('GIF89a not a jpeg'), jpeg.subarray(0, jpeg.length - 10)]) {
      const res = await t.app.inject(thumbnailUpload(cam, minuteAgo(2), body));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.body[0]).toMatch(/not a complete JPEG/);
    }
    const huge = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    jpeg.copy(huge);
    const tooLarge = await t.app.inject(thumbnailUpload(cam, minuteAgo(2), huge));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/thumbnail is larger than 8 MiB/);
    const video = await t.app.inject({
      ...thumbnailUpload(cam, minuteAgo(2), jpeg),
      headers: { ...bearer(cam.token), 'content-type': 'video/mp4' },
    });
    expect(video.statusCode).toBe(415);
    expect(
      await t.db.selectFrom('thumbnails').selectAll().where('camera_id', '=', cam.cameraId).execute(),
    ).toEqual([]);
    expect(await blobsOf(cam.cameraId)).toEqual([]);
  });
});

describe('heartbeat and device self', () => {
  const heartbeat = {
    agent_version: '1.0.0',
    source_kind: 'sim',
    spool_clips: 0,
    spool_bytes: 0,
    uptime_sec: 5,
  };

  it('heartbeat marks the camera and token seen and answers the configuration', async () => {
    const cam = await deviceCamera(t);
    const area = [
      [
        { x: 0, y: 0 },
        { x: 0.5, y: 0 },
        { x: 0.5, y: 0.5 },
      ],
    ];
    await t.db
      .updateTable('cameras')
      .set({
        image_fps: 10,
        image_rs_width: 1280,
        image_rs_height: 720,
        live_interval: 2,
        can_pan: true,
        motion_area: JSON.stringify(area),
      })
      .where('id', '=', cam.cameraId)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/cameras/${cam.code}/heartbeat`,
      headers: bearer(cam.token),
      payload: heartbeat,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      config: {
        camera_code: cam.code,
        fps: 10,
        width: 1280,
        height: 720,
        live_interval_sec: 2,
        max_bitrate_kbps: null,
        motion_area: area,
        can_pan: true,
        can_tilt: false,
        can_zoom: false,
      },
      live: false,
      stream: false,
    });
    const camera = await t.db
      .selectFrom('cameras')
      .select(['last_seen_at'])
      .where('id', '=', cam.cameraId)
      .executeTakeFirstOrThrow();
    expect(camera.last_seen_at).toBeInstanceOf(Date);
    const token = await t.db
      .selectFrom('device_tokens')
      .select(['last_used_at'])
      .where('id', '=', cam.tokenId)
      .executeTakeFirstOrThrow();
    expect(token.last_used_at).toBeInstanceOf(Date);
  });

  it('an invalid stored motion area reads as the whole picture', async () => {
    const cam = await deviceCamera(t);
    await t.db
      .updateTable('cameras')
      .set({ motion_area: JSON.stringify([[{ x: 5, y: 5 }]]) })
      .where('id', '=', cam.cameraId)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/ingest/device', headers: bearer(cam.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().config.motion_area).toEqual([]);
  });

  it('GET api/ingest/device tells the token’s camera; 401 without a live token', async () => {
    const cam = await deviceCamera(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/ingest/device', headers: bearer(cam.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      config: { camera_code: cam.code, motion_area: [] },
      live: false,
      stream: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ingest/device' })).statusCode).toBe(401);
    // An agent without its control channel learns from the HTTP answer that viewers want live and a stream.
    t.services.hub.wantLive(cam.cameraId);
    t.services.hub.wantStream(cam.cameraId);
    const wanted = await t.app.inject({
      method: 'GET',
      url: '/api/ingest/device',
      headers: bearer(cam.token),
    });
    expect(wanted.json()).toMatchObject({ live: true, stream: true });
  });

  it('heartbeat refuses another camera’s token (403) and a media body (415)', async () => {
    const cam = await deviceCamera(t);
    const other = await deviceCamera(t, 'Other');
    const url = `/api/ingest/cameras/${cam.code}/heartbeat`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: bearer(other.token), payload: heartbeat }))
        .statusCode,
    ).toBe(403);
    const media = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(cam.token), 'content-type': 'video/mp4' },
      payload: clip,
    });
    expect(media.statusCode).toBe(415);
  });
});
