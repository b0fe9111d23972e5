// The camera information dialog: every item of core.md §2 / advanced.md §2, worded by the camera-rate rules.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import { CameraInfoDialog } from './CameraInfoDialog.tsx';

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  setCatalog('ja', ja);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
};

function renderDialog(detail: CameraDetail) {
  const fetchMock = vi.fn(async () =>
    Response.json({ data: detail }, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CameraInfoDialog code="c1" onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

const valueOf = async (label: string) => {
  const table = await screen.findByRole('table', { name: 'カメラ情報' });
  const header = within(table).getByRole('rowheader', { name: label });
  return header.closest('tr')!.querySelector('td')!.textContent;
};

describe('CameraInfoDialog', () => {
  it('asks GET api/cameras/{code} and shows every item', async () => {
    const fetchMock = renderDialog(camera);
    expect(await valueOf('カメラ名')).toBe('横浜工場 正門');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/cameras/c1');
    expect(await valueOf('会社')).toBe('デモ株式会社');
    expect(await valueOf('設置場所')).toBe('横浜工場');
    expect(await valueOf('所在地')).toBe('神奈川県横浜市鶴見区末広町1-1');
    expect(await valueOf('製品')).toBe('CW-Dome 360 PTZ');
    expect(await valueOf('解像度')).toBe('1920 × 1080');
    expect(await valueOf('アップロードモード')).toBe('動体検知時のみ');
    expect(await valueOf('レート')).toBe('2〜5 fps（可変）');
    expect(await valueOf('PTZ')).toBe('パン: あり / チルト: あり / ズーム: なし');
    // A to-value above 1440 wraps past midnight; a day without a period is 'none'.
    expect(await valueOf('監視時間')).toBe('平日: 08:00〜翌05:00土曜: 08:00〜17:00日曜・祝日: なし');
    expect(await valueOf('保存期間')).toBe('30日');
    expect(await valueOf('物体検知')).toBe('人物（しきい値 0.6）, 車（しきい値 0.5）');
    expect(await valueOf('画像マスク')).toBe('2件');
    expect(await valueOf('備考')).toBe('なし');
  });

  it('words a slow camera as a minute interval and shows the remarks', async () => {
    renderDialog({
      ...camera,
      image_fps: 1 / 600,
      image_fps_default: null,
      image_mask_objects: [],
      motion_detect_objects: [],
      note: '入口の人の出入り',
    });
    expect(await valueOf('レート')).toBe('10分に1枚');
    expect(await valueOf('物体検知')).toBe('なし');
    expect(await valueOf('画像マスク')).toBe('なし');
    expect(await valueOf('備考')).toBe('入口の人の出入り');
  });
});
