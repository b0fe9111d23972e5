// Camera health's SQL (issue 22): uptime over the last 7 and 30 days from the recorded flips (windows, a flip before
// the window, first heard within the window, never heard), the order of trouble and its pages, the first-seen
// trigger, and the per-camera storage the triggers keep through uploads, replaced stills and retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import { createLocationAndCamera, createTenant, type TestApp } from '../../../test/helpers/test-app.ts';
import { ThumbnailRepository } from '../../ingest/thumbnail.repository.ts';
import { RecordedMediaRepository } from '../archives/recorded-media.repository.ts';
import { RetentionService } from '../archives/retention.service.ts';
import { HealthReportRepository } from './health-report.repository.ts';

let t: TestApp & { cleanup: () => Promise<void> };
let repo: HealthReportRepository;
beforeAll(async () => {
  t = await createMediaTestApp();
  repo = new HealthReportRepository(t.db);
});
afterAll(() => t.cleanup());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-06-30T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A camera first heard `firstSeen` ago, with these flips (oldest first); its status is the last flip's. */
async function camera(
  customerId: number,
  name: string,
  firstSeen: number | null,
  flips: ['down' | 'normal', number][] = [],
) {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
  const last = flips.at(-1);
  await t.db
    .updateTable('cameras')
    .set({
      first_seen_at: firstSeen === null ? null : ago(firstSeen),
      watch_status: last ? last[0] : 'normal',
      watch_status_changed_at: last ? ago(last[1]) : ago(400 * DAY),
    })
    .where('id', '=', camera.id)
    .execute();
  if (flips.length > 0)
    await t.db
      .insertInto('camera_status_changes')
      .values(flips.map(([status, at]) => ({ camera_id: camera.id, status, at: ago(at) })))
      .execute();
  return camera;
}

const healthOf = async (customerId: number, code: string) => {
  const [row] = await repo.page(customerId, NOW, { code, limit: 1, offset: 0 });
  if (!row) throw new Error(`no health for ${code}`);
  return row;
};

describe('uptime over the last 7 and 30 days', () => {
  it('counts down time from the flips inside each window', async () => {
    const { customer } = await createTenant(t.db);
    const cases = [
      // [name, first seen, flips, uptime 7 d, uptime 30 d]
      ['never heard', null, [], null, null],
      ['always up', 60 * DAY, [], 1, 1],
      [
        'down and back 10 days ago',
        60 * DAY,
        [
          ['down', 10 * DAY],
          ['normal', 9 * DAY],
        ],
        1,
        29 / 30,
      ],
      ['down since before both windows', 60 * DAY, [['down', 40 * DAY]], 0, 0],
      [
        'down before the windows, back 3 days ago',
        60 * DAY,
        [
          ['down', 40 * DAY],
          ['normal', 3 * DAY],
        ],
        3 / 7,
        3 / 30,
      ],
      ['first heard 2 days ago, down for the last day', 2 * DAY, [['down', DAY]], 0.5, 0.5],
      [
        'several flips within the week',
        100 * DAY,
        [
          ['down', 6 * DAY],
          ['normal', 5 * DAY],
          ['down', HOUR],
        ],
        1 - (DAY + HOUR) / (7 * DAY),
        1 - (DAY + HOUR) / (30 * DAY),
      ],
      ['first heard just now', 0, [], 1, 1],
    ] as const;
    for (const [name, firstSeen, flips, week, month] of cases) {
      const cam = await camera(
        customer.id,
        name,
        firstSeen,
        flips as unknown as ['down' | 'normal', number][],
      );
      const row = await healthOf(customer.id, cam.code);
      if (week === null) expect(row.uptime_7d, name).toBeNull();
      else expect(row.uptime_7d, name).toBeCloseTo(week, 9);
      if (month === null) expect(row.uptime_30d, name).toBeNull();
      else expect(row.uptime_30d, name).toBeCloseTo(month, 9);
    }
  });

  it('ignores flips after the moment asked about and other cameras’ flips', async () => {
    const { customer } = await createTenant(t.db);
    const cam = await camera(customer.id, 'later flip', 20 * DAY, [['down', DAY]]);
    const other = await camera(customer.id, 'other', 20 * DAY, [['down', 2 * DAY]]);
    // A flip recorded after NOW (the health of an earlier moment does not see it).
    await t.db
      .insertInto('camera_status_changes')
      .values({ camera_id: cam.id, status: 'normal', at: new Date(NOW.getTime() + HOUR) })
      .execute();
    expect((await healthOf(customer.id, cam.code)).uptime_7d).toBeCloseTo(6 / 7, 9);
    expect((await healthOf(customer.id, other.code)).uptime_7d).toBeCloseTo(5 / 7, 9);
  });
});

describe('the order of trouble', () => {
  it('puts down cameras first (longest down first), then low uptime, then a stale newest clip, by pages', async () => {
    const video = Buffer.alloc(1_000, 1);
    const { customer } = await createTenant(t.db);
    const healthyFresh = await camera(customer.id, 'A healthy, fresh clip', 30 * DAY);
    const healthyStale = await camera(customer.id, 'B healthy, stale clip', 30 * DAY);
    const healthyNoClip = await camera(customer.id, 'C healthy, no clip', 30 * DAY);
    const neverHeard = await camera(customer.id, 'D never heard', null);
    const flaky = await camera(customer.id, 'E flaky', 30 * DAY, [
      ['down', 2 * DAY],
      ['normal', DAY],
    ]);
    const veryFlaky = await camera(customer.id, 'F very flaky', 30 * DAY, [
      ['down', 3 * DAY],
      ['normal', DAY],
    ]);
    const downLong = await camera(customer.id, 'G down long', 30 * DAY, [['down', 5 * DAY]]);
    const downShort = await camera(customer.id, 'H down short', 30 * DAY, [['down', HOUR]]);
    await putClip(t, healthyFresh.id, ago(2 * 60_000), video);
    await putClip(t, healthyStale.id, ago(2 * DAY), video);

    const all = await repo.page(customer.id, NOW, { limit: 50, offset: 0 });
    const order = [
      downLong,
      downShort,
      veryFlaky,
      flaky,
      healthyNoClip,
      healthyStale,
      healthyFresh,
      neverHeard,
    ];
    expect(all.map((row) => row.name)).toEqual(order.map((cam) => cam.name));

    const second = await repo.page(customer.id, NOW, { limit: 3, offset: 3 });
    expect(second.map((row) => row.name)).toEqual(order.slice(3, 6).map((cam) => cam.name));
    expect(await repo.page(customer.id, NOW, { limit: 3, offset: 9 })).toEqual([]);
    expect(await repo.counts(customer.id)).toEqual({ total: 8, down: 2 });
  });

  it('answers nothing of another customer', async () => {
    const owner = await createTenant(t.db);
    const outsider = await createTenant(t.db);
    const cam = await camera(owner.customer.id, 'owner camera', DAY);
    expect(await repo.page(outsider.customer.id, NOW, { code: cam.code, limit: 1, offset: 0 })).toEqual([]);
    expect(await repo.page(outsider.customer.id, NOW, { limit: 50, offset: 0 })).toEqual([]);
  });
});

describe('first heard', () => {
  it('is set the first time the agent is heard and kept after', async () => {
    const { customer } = await createTenant(t.db);
    const { camera: cam } = await createLocationAndCamera(t.db, customer.id);
    const firstSeen = async () =>
      (
        await t.db
          .selectFrom('cameras')
          .select('first_seen_at')
          .where('id', '=', cam.id)
          .executeTakeFirstOrThrow()
      ).first_seen_at;
    expect(await firstSeen()).toBeNull();
    await t.services.cameraHealthRepository.touch(cam.id, ago(HOUR));
    expect(await firstSeen()).toEqual(ago(HOUR));
    await t.services.cameraHealthRepository.touch(cam.id, ago(0));
    expect(await firstSeen()).toEqual(ago(HOUR));
  });
});

describe('storage per camera', () => {
  it('follows uploads, replaced stills and retention without summing the clips', async () => {
    const video = Buffer.alloc(1_000, 1);
    const jpeg = Buffer.alloc(300, 2);
    const { customer } = await createTenant(t.db);
    const { camera: cam } = await createLocationAndCamera(t.db, customer.id);
    const { camera: other } = await createLocationAndCamera(t.db, customer.id);
    await t.db.updateTable('cameras').set({ archive_storing_days: 7 }).where('id', '=', cam.id).execute();
    const stored = () =>
      t.db
        .selectFrom('camera_storage')
        .select(['clip_bytes', 'clip_count', 'still_bytes', 'still_count', 'latest_clip_at'])
        .where('camera_id', '=', cam.id)
        .executeTakeFirst();
    const now = Date.now();
    const minute = (daysAgo: number) => new Date(Math.floor((now - daysAgo * DAY) / 60_000) * 60_000);

    expect(await stored()).toBeUndefined();
    await putClip(t, cam.id, minute(8), video);
    await putClip(t, cam.id, minute(1), video);
    await putClip(t, other.id, minute(1), video);
    await putThumbnail(t, cam.id, minute(8), jpeg);
    await putThumbnail(t, cam.id, minute(1), jpeg);
    expect(await stored()).toEqual({
      clip_bytes: 2 * video.length,
      clip_count: 2,
      still_bytes: 2 * jpeg.length,
      still_count: 2,
      latest_clip_at: minute(1),
    });

    // The minute's still replaced by a smaller one.
    await new ThumbnailRepository(t.db).upsert(cam.id, minute(1), 'replaced-key', 10);
    expect((await stored())?.still_bytes).toBe(jpeg.length + 10);

    // Retention takes the 8-day-old minute (the camera keeps 7 days).
    await new RetentionService(new RecordedMediaRepository(t.db), t.services.blobs).run(new Date(now));
    expect(await stored()).toEqual({
      clip_bytes: video.length,
      clip_count: 1,
      still_bytes: 10,
      still_count: 1,
      latest_clip_at: minute(1),
    });

    // The newest clip deleted too: none left.
    await t.db.deleteFrom('clips').where('camera_id', '=', cam.id).execute();
    expect(await stored()).toMatchObject({ clip_bytes: 0, clip_count: 0, latest_clip_at: null });

    const [row] = await repo.page(customer.id, new Date(now), { code: cam.code, limit: 1, offset: 0 });
    expect(row).toMatchObject({
      storage_bytes: 10,
      clip_count: 0,
      latest_clip_at: null,
      oldest_clip_at: null,
    });
    const [otherRow] = await repo.page(customer.id, new Date(now), { code: other.code, limit: 1, offset: 0 });
    expect(otherRow).toMatchObject({ storage_bytes: video.length, clip_count: 1, oldest_clip_at: minute(1) });
  });
});
