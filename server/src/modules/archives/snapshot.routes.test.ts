// core.md §3, §7 snapshots: the thumbnails of a camera between two moments, oldest first, as signed image
// addresses; the archive right is needed and another customer's camera is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRight } from '../../db/seed/demo-account.ts';
import { blobKeys } from '../../storage/blob-keys.ts';
import { makeJpeg, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, grantedKey, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

/** An instant written in +09:00, as a client in Tokyo sends it. */
const inTokyo = (at: Date | number) =>
  `${new Date(new Date(at).getTime() + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;

const snapshotsUrl = (code: string, from: Date, to: Date) =>
  `/api/cameras/${code}/snapshots?startDatetime=${encodeURIComponent(from.toISOString())}&endDatetime=${encodeURIComponent(to.toISOString())}`;

describe('GET api/cameras/:camera_code/snapshots', () => {
  it('answers the thumbnails inside the window, oldest first, as signed addresses', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    const { camera: other } = await createLocationAndCamera(t.db, customer.id, 'Other');
    const jpeg = await makeJpeg();
    const now = Date.now();
    for (const ago of [70, 10, 50, 30]) await putThumbnail(t, camera.id, minuteAgo(ago, now), jpeg);
    await putThumbnail(t, other.id, minuteAgo(20, now), jpeg);
    const cookie = await login(t.app, user);

    const res = await as(t.app, cookie, {
      method: 'GET',
      url: snapshotsUrl(camera.code, minuteAgo(60, now), minuteAgo(0, now)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const images = (res.json() as { data: { images: { imageUrl: string }[] } }).data.images;
    expect(images.map((image) => grantedKey(t, image.imageUrl))).toEqual(
      [50, 30, 10].map((ago) => blobKeys.thumbnail(camera.id, minuteAgo(ago, now))),
    );

    // Each image carries the minute it was taken, written in the offset of the request.
    const tokyo = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/snapshots?startDatetime=${encodeURIComponent(inTokyo(minuteAgo(60, now)))}&endDatetime=${encodeURIComponent(inTokyo(minuteAgo(0, now)))}`,
    });
    const times = (tokyo.json() as { data: { images: { dateTime: string }[] } }).data.images.map(
      (image) => image.dateTime,
    );
    expect(times).toEqual([50, 30, 10].map((ago) => inTokyo(minuteAgo(ago, now).getTime())));
    expect(times.every((time) => time.endsWith('+09:00'))).toBe(true);

    const empty = await as(t.app, cookie, {
      method: 'GET',
      url: snapshotsUrl(camera.code, minuteAgo(9, now), minuteAgo(0, now)),
    });
    expect(empty.json()).toEqual({ data: { images: [] } });
  });

  it('answers 400 for a window over 60 minutes, 403 without the archive right, 404 for foreign cameras', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    const cookie = await login(t.app, user);
    const wide = await as(t.app, cookie, {
      method: 'GET',
      url: snapshotsUrl(camera.code, minuteAgo(61), minuteAgo(0)),
    });
    expect(wide.statusCode).toBe(400);

    const viewer = await createUser(t.db, customer.id, { permissions: { ...everyRight, archive: false } });
    const denied = await as(t.app, await login(t.app, viewer), {
      method: 'GET',
      url: snapshotsUrl(camera.code, minuteAgo(60), minuteAgo(0)),
    });
    expect(denied.statusCode).toBe(403);

    const outsider = await createTenant(t.db);
    await expectForeignIdsRefused(t.app, await login(t.app, outsider.user), [
      {
        name: 'snapshots of a foreign camera',
        request: { method: 'GET', url: snapshotsUrl(camera.code, minuteAgo(60), minuteAgo(0)) },
      },
    ]);
  });
});
