import { describe, expect, it } from 'vitest';
import { cameraDetailSchema, cameraListItemSchema, cameraListQuery } from './cameras.ts';

describe('camera list query', () => {
  it('core.md §7: page and count arrive as strings; defaults page 1 and count 50', () => {
    expect(cameraListQuery.parse({ page: '3', count: '20' })).toMatchObject({ page: 3, count: 20 });
    expect(cameraListQuery.parse({})).toMatchObject({
      page: 1,
      count: 50,
      'filter[]': [],
      'tags[]': [],
      'func[]': [],
    });
  });

  it('core.md §9: count is capped at the page limit of 50; page is 1-based', () => {
    expect(cameraListQuery.safeParse({ count: '51' }).success).toBe(false);
    expect(cameraListQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('core.md §7: filter[], tags[] and func[] take one value or several', () => {
    const one = cameraListQuery.parse({ 'tags[]': 't1', 'func[]': 'ptz', 'filter[]': 'x' });
    expect(one).toMatchObject({ 'tags[]': ['t1'], 'func[]': ['ptz'], 'filter[]': ['x'] });
    const many = cameraListQuery.parse({ 'tags[]': ['t1', 't2'], 'func[]': ['live', 'operation_analysis'] });
    expect(many).toMatchObject({ 'tags[]': ['t1', 't2'], 'func[]': ['live', 'operation_analysis'] });
  });

  it('core.md §9: func[] accepts only the functions of the spec', () => {
    expect(cameraListQuery.safeParse({ 'func[]': 'parking' }).success).toBe(false);
  });

  it('core.md §7: optional watch_status is down or normal', () => {
    expect(cameraListQuery.parse({ watch_status: 'down' }).watch_status).toBe('down');
    expect(cameraListQuery.safeParse({ watch_status: 'up' }).success).toBe(false);
  });
});

const listItem = {
  camera_code: 'C1',
  camera_name: 'Gate',
  thumb_url: null,
  location_name: 'HQ',
  location_address: 'Tokyo',
  location_latitude: 35.6,
  location_longitude: 139.7,
  watch_status: 'normal',
  tags: [{ tag_code: 'T1', tag_name: 'Front' }],
  image_fps: 1,
  image_fps_default: null,
  image_rs_width: 1280,
  image_rs_height: 720,
  archive_force_raw: false,
  model_code: 'STD',
  use_motion: true,
  use_camera_motion: false,
  use_heatmap: false,
  use_nolive: false,
  use_audio: false,
  use_people_counter: false,
  use_ptz: false,
  use_time_lapse: false,
  use_parking_detect: false,
  use_streaming: true,
  use_enter_alert: false,
  use_person_tracking: false,
  use_operation_analysis: false,
  use_dewarp: false,
};

describe('camera shapes', () => {
  it('core.md §3: a list item carries every listed field', () => {
    expect(cameraListItemSchema.parse(listItem)).toEqual(listItem);
    const { use_dewarp: _dropped, ...missing } = listItem;
    expect(cameraListItemSchema.safeParse(missing).success).toBe(false);
  });

  it('core.md §3: detail adds surveillance times, PTZ abilities and motion objects with thresholds 0-1', () => {
    const detail = {
      ...listItem,
      customer_name: 'ACME',
      product_name: 'Cam X',
      image_type: 'fisheye',
      upload_mode: 'motion',
      live_interval: 1,
      archive_hide: ['no_motion'],
      archive_storing_days: 30,
      can_pan: true,
      can_tilt: true,
      can_zoom: false,
      timeWeekFrom: 540,
      timeWeekTo: 1800,
      timeSatFrom: null,
      timeSatTo: null,
      timeHoliFrom: 0,
      timeHoliTo: 1440,
      note: '',
      motion_detect_objects: [{ class: 'person', threshold: 0.6 }],
      image_mask_objects: [],
      motion_area: [
        [
          { x: 0.1, y: 0.1 },
          { x: 0.9, y: 0.1 },
          { x: 0.5, y: 0.8 },
        ],
      ],
    };
    expect(cameraDetailSchema.parse(detail)).toEqual(detail);
    const outside = { ...detail, motion_area: [[{ x: 1.2, y: 0.1 }]] };
    expect(cameraDetailSchema.safeParse(outside).success).toBe(false);
    const badThreshold = { ...detail, motion_detect_objects: [{ class: 'car', threshold: 1.5 }] };
    expect(cameraDetailSchema.safeParse(badThreshold).success).toBe(false);
    expect(
      cameraDetailSchema.safeParse({ ...detail, motion_detect_objects: [{ class: 'dog', threshold: 0.5 }] })
        .success,
    ).toBe(false);
    expect(cameraDetailSchema.safeParse({ ...detail, timeWeekFrom: 1441 }).success).toBe(false);
  });
});
