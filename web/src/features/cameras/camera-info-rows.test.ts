// The rows of the camera information dialog (core.md §2, advanced.md §2), worded by the camera-rate rules.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { setCatalog } from '../../lib/i18n.ts';
import ja from '../../locales/ja.ts';
import { cameraInfoRows } from './camera-info-rows.ts';

beforeAll(() => setCatalog('ja', ja));

const camera: CameraDetail = {
  camera_code: 'c1',
  camera_name: '横浜工場 正門',
  thumb_url: null,
  location_name: '横浜工場',
  location_address: '神奈川県横浜市鶴見区末広町1-1',
  location_latitude: 35.4886,
  location_longitude: 139.6832,
  watch_status: 'down',
  tags: [],
  image_fps: 2,
  image_fps_default: 5,
  image_rs_width: 1920,
  image_rs_height: 1080,
  archive_force_raw: false,
  model_code: 'CW-PTZ1',
  use_motion: true,
  use_camera_motion: false,
  use_heatmap: false,
  use_nolive: false,
  use_audio: false,
  use_people_counter: false,
  use_ptz: true,
  use_time_lapse: false,
  use_parking_detect: false,
  use_streaming: false,
  use_enter_alert: false,
  use_person_tracking: false,
  use_operation_analysis: false,
  use_dewarp: false,
  customer_name: 'デモ株式会社',
  product_name: 'CW-Dome 360 PTZ',
  image_type: 'normal',
  upload_mode: 'motion',
  live_interval: 1,
  archive_hide: [],
  archive_storing_days: 30,
  can_pan: true,
  can_tilt: true,
  can_zoom: false,
  timeWeekFrom: 480,
  timeWeekTo: 1740,
  timeSatFrom: 480,
  timeSatTo: 1020,
  timeHoliFrom: null,
  timeHoliTo: null,
  note: '',
  motion_detect_objects: [
    { class: 'person', threshold: 0.6 },
    { class: 'car', threshold: 0.5 },
  ],
  image_mask_objects: [{}, {}],
  motion_area: [],
};

const valueOf = (c: CameraDetail, label: string) => {
  const row = cameraInfoRows(c).find(([l]) => l === label);
  if (!row) throw new Error(`no row ${label}`);
  return Array.isArray(row[1]) ? row[1].join(' / ') : row[1];
};

describe('camera information rows (core.md §2, advanced.md §2)', () => {
  it('lists every item in the spec’s order', () => {
    expect(cameraInfoRows(camera).map(([label]) => label)).toEqual([
      'カメラ名',
      '会社',
      '設置場所',
      '所在地',
      '製品',
      '解像度',
      'アップロードモード',
      'レート',
      'PTZ',
      '監視時間',
      '保存期間',
      '物体検知',
      '画像マスク',
      '備考',
    ]);
  });

  it('words each value', () => {
    expect(valueOf(camera, 'カメラ名')).toBe('横浜工場 正門');
    expect(valueOf(camera, '会社')).toBe('デモ株式会社');
    expect(valueOf(camera, '設置場所')).toBe('横浜工場');
    expect(valueOf(camera, '所在地')).toBe('神奈川県横浜市鶴見区末広町1-1');
    expect(valueOf(camera, '製品')).toBe('CW-Dome 360 PTZ');
    expect(valueOf(camera, '解像度')).toBe('1920 × 1080');
    expect(valueOf(camera, 'アップロードモード')).toBe('動体検知時のみ');
    expect(valueOf(camera, 'レート')).toBe('2〜5 fps（可変）');
    expect(valueOf(camera, 'PTZ')).toBe('パン: あり / チルト: あり / ズーム: なし');
    // A to-value above 1440 wraps past midnight; a day without a period is 'none'.
    expect(valueOf(camera, '監視時間')).toBe('平日: 08:00〜翌05:00 / 土曜: 08:00〜17:00 / 日曜・祝日: なし');
    expect(valueOf(camera, '保存期間')).toBe('30日');
    expect(valueOf(camera, '物体検知')).toBe('人物（しきい値 0.6）, 車（しきい値 0.5）');
    expect(valueOf(camera, '画像マスク')).toBe('2件');
    expect(valueOf(camera, '備考')).toBe('なし');
  });

  it('words a slow camera as a minute interval and shows the remarks', () => {
    const slow: CameraDetail = {
      ...camera,
      image_fps: 1 / 600,
      image_fps_default: null,
      image_mask_objects: [],
      motion_detect_objects: [],
      note: '入口の人の出入り',
    };
    expect(valueOf(slow, 'レート')).toBe('10分に1枚');
    expect(valueOf(slow, '物体検知')).toBe('なし');
    expect(valueOf(slow, '画像マスク')).toBe('なし');
    expect(valueOf(slow, '備考')).toBe('入口の人の出入り');
  });
});
