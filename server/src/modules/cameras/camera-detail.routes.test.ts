// GET api/cameras/:camera_code (core.md §3, §7, §8) and tenancy of both camera calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, queryString } from './camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('GET api/cameras/:camera_code', () => {
  it('core.md §3: answers the detail with customer, location, tags, surveillance times and detection', async () => {
    const area = [
      { x: 0.1, y: 0.2 },
      { x: 0.9, y: 0.2 },
      { x: 0.5, y: 0.8 },
    ];
    const { user, customer } = await createTenant(t.db);
    const site = await addSite(t.db, customer.id, {
      name: 'Factory',
      address: 'Yokohama 3-3',
      latitude: 35.44,
      longitude: 139.63,
    });
    const cam = await addCamera(t.db, customer.id, {
      name: 'Line 2',
      location_id: site.id,
      model_code: 'TLT-V3F',
      product_name: 'TLT Vision 3 Fisheye',
      image_type: 'fisheye',
      upload_mode: 'motion',
      image_fps: 1,
      live_interval: 5,
      use_motion: true,
      use_enter_alert: true,
      use_dewarp: true,
      archive_hide: ['no_motion'],
      archive_storing_days: 30,
      can_pan: true,
      can_zoom: true,
      time_week_from: 540,
      time_week_to: 1800,
      time_sat_from: 600,
      time_sat_to: 1080,
      note: 'Check the lens monthly',
      motion_detect_objects: JSON.stringify([{ class: 'person', threshold: 0.6 }]),
      motion_area: JSON.stringify([area]),
      image_mask_objects: JSON.stringify([
        {
          points: [
            [0, 0],
            [10, 0],
            [10, 10],
          ],
        },
      ]),
    });
    const tag = await addTag(t.db, customer.id, 'Production', [cam.id]);

    const res = await as(t.app, await login(t.app, user), { method: 'GET', url: `/api/cameras/${cam.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      camera_code: cam.code,
      camera_name: 'Line 2',
      thumb_url: null,
      customer_name: customer.name,
      location_name: 'Factory',
      location_address: 'Yokohama 3-3',
      location_latitude: 35.44,
      location_longitude: 139.63,
      watch_status: 'normal',
      tags: [{ tag_code: tag.code, tag_name: 'Production' }],
      model_code: 'TLT-V3F',
      product_name: 'TLT Vision 3 Fisheye',
      image_type: 'fisheye',
      upload_mode: 'motion',
      image_fps: 1,
      image_fps_default: null,
      image_rs_width: 1280,
      image_rs_height: 720,
      archive_force_raw: false,
      live_interval: 5,
      use_motion: true,
      use_camera_motion: false,
      use_heatmap: false,
      use_nolive: false,
      use_audio: false,
      use_people_counter: false,
      use_ptz: false,
      use_time_lapse: false,
      use_parking_detect: false,
      use_streaming: false,
      use_enter_alert: true,
      use_person_tracking: false,
      use_operation_analysis: false,
      use_dewarp: true,
      archive_hide: ['no_motion'],
      archive_storing_days: 30,
      can_pan: true,
      can_tilt: false,
      can_zoom: true,
      timeWeekFrom: 540,
      timeWeekTo: 1800,
      timeSatFrom: 600,
      timeSatTo: 1080,
      timeHoliFrom: null,
      timeHoliTo: null,
      note: 'Check the lens monthly',
      motion_detect_objects: [{ class: 'person', threshold: 0.6 }],
      image_mask_objects: [
        {
          points: [
            [0, 0],
            [10, 0],
            [10, 10],
          ],
        },
      ],
      motion_area: [area],
    });
  });

  it('a camera without a location: null location fields', async () => {
    const { user, customer } = await createTenant(t.db);
    const cam = await addCamera(t.db, customer.id, { name: 'Spare' });
    const res = await as(t.app, await login(t.app, user), { method: 'GET', url: `/api/cameras/${cam.code}` });
    expect(res.json().data).toMatchObject({ location_name: null, location_address: null, tags: [] });
  });

  it('child users see their parent account’s cameras', async () => {
    const { customer } = await createTenant(t.db);
    const child = await createUser(t.db, customer.id, { permissions: { live: true } });
    const cam = await addCamera(t.db, customer.id, { name: 'Shared' });
    const cookie = await login(t.app, child);
    expect((await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${cam.code}` })).statusCode).toBe(
      200,
    );
    const list = await as(t.app, cookie, { method: 'GET', url: '/api/cameras' });
    expect(list.json().data.total).toBe(1);
  });

  it('404 for an unknown code; 401 without a session', async () => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), {
      method: 'GET',
      url: '/api/cameras/cam-nosuchcam',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/api/cameras/cam-nosuchcam' })).statusCode).toBe(401);
  });

  it('400 for a code longer than the contract allows', async () => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), {
      method: 'GET',
      url: `/api/cameras/${'x'.repeat(65)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.camera_code).toBeDefined();
  });
});

describe('tenancy of the camera calls', () => {
  it('another customer’s camera is 404, and the list never shows their cameras, sites or tags', async () => {
    const owner = await createTenant(t.db);
    const site = await addSite(t.db, owner.customer.id, { name: 'Owner HQ', address: 'Owner street 1' });
    const cam = await addCamera(t.db, owner.customer.id, {
      name: 'Owner camera',
      location_id: site.id,
      watch_status: 'down',
    });
    const tag = await addTag(t.db, owner.customer.id, 'Owner tag', [cam.id]);

    const outsider = await createTenant(t.db);
    await addCamera(t.db, outsider.customer.id, { name: 'Outsider camera' });
    const cookie = await login(t.app, outsider.user);
    await expectForeignIdsRefused(t.app, cookie, [
      { name: 'detail of a foreign camera', request: { method: 'GET', url: `/api/cameras/${cam.code}` } },
    ]);
    const ownerValues = [
      cam.code,
      'Owner camera',
      site.code,
      'Owner HQ',
      'Owner street 1',
      tag.code,
      'Owner tag',
    ];
    await expectNoLeak(t.app, cookie, { method: 'GET', url: '/api/cameras' }, ownerValues);
    await expectNoLeak(
      t.app,
      cookie,
      { method: 'GET', url: `/api/cameras?${queryString({ 'tags[]': tag.code })}` },
      ownerValues,
    );
    const res = await as(t.app, cookie, { method: 'GET', url: '/api/cameras' });
    expect(res.json().data).toMatchObject({ total: 1, watch: { down: 0, downLocation: 0 } });
  });
});
