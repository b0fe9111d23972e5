// core.md §3 thumb_url: the camera list, the detail and the map's camera lists carry a signed address of
// the camera's newest thumbnail, or null while it has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeys } from '../../storage/blob-keys.ts';
import { makeJpeg, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, grantedKey, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { IMAGE_EXPIRY_STEP_MS } from './media-urls.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

interface CameraItem {
  camera_code: string;
  thumb_url: string | null;
}

describe('thumb_url', () => {
  it('names the newest thumbnail in the list, the detail and the location answers', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera, location } = await createLocationAndCamera(t.db, customer.id, 'With thumbs');
    const { camera: bare } = await createLocationAndCamera(t.db, customer.id, 'Without');
    const jpeg = await makeJpeg();
    const now = Date.now();
    await putThumbnail(t, camera.id, minuteAgo(3, now), jpeg);
    await putThumbnail(t, camera.id, minuteAgo(1, now), jpeg);
    const cookie = await login(t.app, user);
    const newest = blobKeys.thumbnail(camera.id, minuteAgo(1, now));

    const list = await as(t.app, cookie, { method: 'GET', url: '/api/cameras' });
    const items = (list.json() as { data: { cameras: CameraItem[] } }).data.cameras;
    const item = items.find((c) => c.camera_code === camera.code)!;
    expect(grantedKey(t, item.thumb_url)).toBe(newest);
    expect(items.find((c) => c.camera_code === bare.code)!.thumb_url).toBeNull();
    // Expiry on a ten-minute step, so the same address comes back while it is cached.
    const exp = t.services.mediaSigner.verify(item.thumb_url!.slice('/api/media/'.length))!.exp;
    expect(exp % IMAGE_EXPIRY_STEP_MS).toBe(0);

    const detail = await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${camera.code}` });
    expect(grantedKey(t, (detail.json() as { data: CameraItem }).data.thumb_url)).toBe(newest);

    const site = await as(t.app, cookie, { method: 'GET', url: `/api/locations/${location.code}` });
    expect(site.statusCode, site.body).toBe(200);
    const siteCameras = (site.json() as { data: { cameras: CameraItem[] } }).data.cameras;
    expect(grantedKey(t, siteCameras[0]!.thumb_url)).toBe(newest);
  });
});
