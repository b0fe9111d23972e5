// Retention: clips and thumbnails older than their camera's archive_storing_days are deleted, rows and
// blobs, in batches; recent ones and other cameras' (with longer storing) stay. Runs as the queued job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeJpeg, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import { createLocationAndCamera, createTenant, type TestApp } from '../../../test/helpers/test-app.ts';
import { RecordedMediaRepository } from './recorded-media.repository.ts';
import { RetentionService } from './retention.service.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const DAY_MIN = 24 * 60;

async function cameraKeeping(days: number) {
  const { customer } = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, customer.id);
  await t.db.updateTable('cameras').set({ archive_storing_days: days }).where('id', '=', camera.id).execute();
  return camera;
}

const clipIds = async (cameraId: number) =>
  (await t.db.selectFrom('clips').select('id').where('camera_id', '=', cameraId).orderBy('id').execute()).map(
    (row) => row.id,
  );

describe('retention', () => {
  it("deletes one camera's old clips and thumbnails, blobs included, and keeps the rest", async () => {
    const video = await makeClip({ seconds: 2 });
    const jpeg = await makeJpeg();
    const weekly = await cameraKeeping(7);
    const monthly = await cameraKeeping(30);
    const now = Date.now();
    const old = await putClip(t, weekly.id, minuteAgo(8 * DAY_MIN, now), video);
    const recent = await putClip(t, weekly.id, minuteAgo(6 * DAY_MIN, now), video);
    const longKept = await putClip(t, monthly.id, minuteAgo(8 * DAY_MIN, now), video);
    const oldThumb = await putThumbnail(t, weekly.id, minuteAgo(8 * DAY_MIN, now), jpeg);
    const recentThumb = await putThumbnail(t, weekly.id, minuteAgo(6 * DAY_MIN, now), jpeg);
    const longKeptThumb = await putThumbnail(t, monthly.id, minuteAgo(8 * DAY_MIN, now), jpeg);

    await t.services.jobs.enqueue('retention');
    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);

    expect(await clipIds(weekly.id)).toEqual([recent.id]);
    expect(await clipIds(monthly.id)).toEqual([longKept.id]);
    expect(await t.services.blobs.head(old.blob_key)).toBeNull();
    expect(await t.services.blobs.head(oldThumb)).toBeNull();
    for (const key of [recent.blob_key, longKept.blob_key, recentThumb, longKeptThumb])
      expect(await t.services.blobs.head(key), key).not.toBeNull();
    const thumbs = await t.db
      .selectFrom('thumbnails')
      .select('blob_key')
      .where('camera_id', 'in', [weekly.id, monthly.id])
      .orderBy('blob_key')
      .execute();
    expect(thumbs.map((row) => row.blob_key).sort()).toEqual([recentThumb, longKeptThumb].sort());
  });

  it('works in batches, and a camera whose newest thumbnail went forgets it (thumb_url null)', async () => {
    const video = await makeClip({ seconds: 2 });
    const jpeg = await makeJpeg();
    const camera = await cameraKeeping(1);
    const now = Date.now();
    for (let i = 0; i < 5; i++) await putClip(t, camera.id, minuteAgo(2 * DAY_MIN + i, now), video);
    const thumb = await putThumbnail(t, camera.id, minuteAgo(2 * DAY_MIN, now), jpeg);

    const retention = new RetentionService(new RecordedMediaRepository(t.db), t.services.blobs, 2);
    const result = await retention.run(new Date(now));
    expect(result.clips).toBeGreaterThanOrEqual(5);
    expect(result.thumbnails).toBeGreaterThanOrEqual(1);
    expect(await clipIds(camera.id)).toEqual([]);
    expect(await t.services.blobs.head(thumb)).toBeNull();
    const row = await t.db
      .selectFrom('cameras')
      .select('latest_thumb_at')
      .where('id', '=', camera.id)
      .executeTakeFirstOrThrow();
    expect(row.latest_thumb_at).toBeNull();
  });

  it("deletes events older than their camera's storing days, in batches, and keeps the rest", async () => {
    const weekly = await cameraKeeping(7);
    const monthly = await cameraKeeping(30);
    const { customer_id } = await t.db
      .selectFrom('cameras')
      .select('customer_id')
      .where('id', '=', weekly.id)
      .executeTakeFirstOrThrow();
    const { customer_id: monthlyCustomer } = await t.db
      .selectFrom('cameras')
      .select('customer_id')
      .where('id', '=', monthly.id)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const event = (cameraId: number, customerId: number, ageDays: number, i: number) => ({
      customer_id: customerId,
      camera_id: cameraId,
      kind: 'camera_down' as const,
      at: new Date(now - ageDays * 86_400_000 - i * 1000),
      ends_at: null,
      clip_id: null,
      detail: '{}',
    });
    await t.db
      .insertInto('camera_events')
      .values([
        ...[0, 1, 2, 3, 4].map((i) => event(weekly.id, customer_id, 8, i)),
        event(weekly.id, customer_id, 6, 0),
        event(monthly.id, monthlyCustomer, 8, 0),
      ])
      .execute();
    const left = async (cameraId: number) =>
      (await t.db.selectFrom('camera_events').select('at').where('camera_id', '=', cameraId).execute()).map(
        (row) => Math.round((now - row.at.getTime()) / 86_400_000),
      );

    const result = await new RetentionService(new RecordedMediaRepository(t.db), t.services.blobs, 2).run(
      new Date(now),
    );
    expect(result.events).toBe(5);
    expect(await left(weekly.id)).toEqual([6]);
    expect(await left(monthly.id)).toEqual([8]);
  });
});
