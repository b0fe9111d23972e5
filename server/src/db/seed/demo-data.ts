// The demo account's content: enough sites, cameras, tags and users to make every screen meaningful.
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { OperationArea } from '@camwatch/contract/operation-analysis';
import type { Permissions } from '@camwatch/contract/permissions';
import type { NewCamera } from '../schema.ts';
import { defaultAnalysisPeriods, type PeopleCounterSettingValues } from '@camwatch/contract/people-counter';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

export const demoCustomer = { code: 'demo', name: 'デモ株式会社' };

export const everyRight: Permissions = {
  live: true,
  archive: true,
  ptz: true,
  modPassword: true,
  modDevauth: true,
  heatmap: true,
  analytics: true,
  configMotion: true,
  configEnterAlert: true,
  configPersonTracking: true,
  configOperationAnalysis: true,
  batchDownload: true,
  lighting: true,
  debug: true,
  admin: true,
  partner: true,
};

export const demoChildren: { email: string; name: string; permissions: Partial<Permissions> }[] = [
  {
    email: 'staff1@example.com',
    name: '店舗スタッフ',
    permissions: { live: true, archive: true, modPassword: true },
  },
  {
    email: 'staff2@example.com',
    name: '警備担当',
    permissions: {
      live: true,
      archive: true,
      ptz: true,
      batchDownload: true,
      modPassword: true,
      modDevauth: true,
    },
  },
];

export interface DemoLocation {
  key: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  area_jp: string;
  city_jp: string;
}

export const demoLocations: DemoLocation[] = [
  {
    key: 'shibuya',
    name: '渋谷店',
    address: '東京都渋谷区道玄坂2-1',
    latitude: 35.658,
    longitude: 139.6994,
    area_jp: '東京都',
    city_jp: '渋谷区',
  },
  {
    key: 'shinjuku',
    name: '新宿倉庫',
    address: '東京都新宿区西新宿1-5',
    latitude: 35.6909,
    longitude: 139.696,
    area_jp: '東京都',
    city_jp: '新宿区',
  },
  {
    key: 'yokohama',
    name: '横浜工場',
    address: '神奈川県横浜市鶴見区末広町1-1',
    latitude: 35.4886,
    longitude: 139.6832,
    area_jp: '神奈川県',
    city_jp: '横浜市',
  },
  {
    key: 'umeda',
    name: '梅田店',
    address: '大阪府大阪市北区梅田3-1',
    latitude: 34.7025,
    longitude: 135.4959,
    area_jp: '大阪府',
    city_jp: '大阪市',
  },
  {
    key: 'nagoya',
    name: '名古屋物流センター',
    address: '愛知県名古屋市港区金城ふ頭2-2',
    latitude: 35.0436,
    longitude: 136.848,
    area_jp: '愛知県',
    city_jp: '名古屋市',
  },
  {
    key: 'tenjin',
    name: '天神店',
    address: '福岡県福岡市中央区天神2-11',
    latitude: 33.5903,
    longitude: 130.399,
    area_jp: '福岡県',
    city_jp: '福岡市',
  },
  {
    key: 'sapporo',
    name: '札幌工場',
    address: '北海道札幌市東区北6条東2-1',
    latitude: 43.0718,
    longitude: 141.3626,
    area_jp: '北海道',
    city_jp: '札幌市',
  },
  {
    key: 'sendai',
    name: '仙台店',
    address: '宮城県仙台市青葉区中央1-1',
    latitude: 38.2601,
    longitude: 140.8824,
    area_jp: '宮城県',
    city_jp: '仙台市',
  },
  {
    key: 'kyoto',
    name: '京都四条店',
    address: '京都府京都市下京区四条通烏丸東入',
    latitude: 35.0037,
    longitude: 135.7626,
    area_jp: '京都府',
    city_jp: '京都市',
  },
];

type DemoCamera = Omit<NewCamera, 'customer_id' | 'location_id' | 'code'> & {
  location: string;
  tags: string[];
};

const storeHours = {
  time_week_from: 540,
  time_week_to: 1320,
  time_sat_from: 600,
  time_sat_to: 1320,
  time_holi_from: 600,
  time_holi_to: 1260,
};
const factoryHours = {
  time_week_from: 480,
  time_week_to: 1740,
  time_sat_from: 480,
  time_sat_to: 1020,
  time_holi_from: null,
  time_holi_to: null,
};
const persons = JSON.stringify([{ class: 'person', threshold: 0.6 }]);
const personsAndCars = JSON.stringify([
  { class: 'person', threshold: 0.6 },
  { class: 'car', threshold: 0.5 },
]);

export const demoCameras: DemoCamera[] = [
  {
    name: '渋谷店 入口',
    location: 'shibuya',
    tags: ['店舗', '入口'],
    product_name: 'CW-Dome 360 PTZ',
    model_code: 'CW-PTZ1',
    use_motion: true,
    use_ptz: true,
    can_pan: true,
    can_tilt: true,
    can_zoom: true,
    use_people_counter: true,
    use_heatmap: true,
    use_streaming: true,
    use_audio: true,
    motion_detect_objects: persons,
    ...storeHours,
    note: '入口の人の出入りを撮影',
  },
  {
    name: '渋谷店 レジ',
    location: 'shibuya',
    tags: ['店舗'],
    product_name: 'CW-Box 2',
    model_code: 'CW-BOX2',
    use_motion: true,
    use_audio: true,
    // Motion counts only below the shelf line: the video info's motion detection area shows this shape.
    motion_area: JSON.stringify([
      [
        { x: 0.05, y: 0.35 },
        { x: 0.95, y: 0.35 },
        { x: 1, y: 0.98 },
        { x: 0, y: 0.98 },
      ],
    ]),
    image_mask_objects: JSON.stringify([{ x: 0.7, y: 0, width: 0.3, height: 0.2 }]),
    ...storeHours,
  },
  {
    name: '新宿倉庫 搬入口',
    location: 'shinjuku',
    tags: ['倉庫', '入口'],
    product_name: 'CW-Bullet 4',
    model_code: 'CW-BUL4',
    use_motion: true,
    use_time_lapse: true,
    image_fps: 2,
    image_fps_default: 5,
    motion_detect_objects: personsAndCars,
    archive_storing_days: 30,
  },
  {
    name: '新宿倉庫 通路',
    location: 'shinjuku',
    tags: ['倉庫'],
    product_name: 'CW-Fisheye 12',
    model_code: 'CW-FE12',
    image_type: 'fisheye',
    image_rs_width: 1280,
    image_rs_height: 1280,
    use_motion: true,
    archive_storing_days: 30,
  },
  {
    name: '横浜工場 ライン1',
    location: 'yokohama',
    tags: ['工場'],
    product_name: 'TLT Vision 3',
    model_code: 'TLT-V3',
    use_motion: true,
    use_enter_alert: true,
    use_person_tracking: true,
    use_operation_analysis: true,
    use_heatmap: true,
    ...factoryHours,
    archive_storing_days: 14,
  },
  {
    name: '横浜工場 ライン2',
    location: 'yokohama',
    tags: ['工場'],
    product_name: 'TLT Vision 3 Fisheye',
    model_code: 'TLT-V3F',
    image_type: 'fisheye',
    image_rs_width: 1920,
    image_rs_height: 1920,
    use_dewarp: true,
    use_enter_alert: true,
    use_operation_analysis: true,
    ...factoryHours,
    archive_storing_days: 14,
  },
  {
    name: '横浜工場 正門',
    location: 'yokohama',
    tags: ['工場', '入口'],
    product_name: 'CW-Dome 360 PTZ',
    model_code: 'CW-PTZ1',
    use_motion: true,
    use_ptz: true,
    can_pan: true,
    can_tilt: true,
    can_zoom: false,
    watch_status: 'down',
    motion_detect_objects: personsAndCars,
    ...factoryHours,
  },
  {
    name: '梅田店 入口',
    location: 'umeda',
    tags: ['店舗', '入口'],
    product_name: 'CW-Counter 2',
    model_code: 'CW-CNT2',
    use_people_counter: true,
    use_heatmap: true,
    use_motion: true,
    ...storeHours,
  },
  {
    name: '梅田店 売場',
    location: 'umeda',
    tags: ['店舗'],
    product_name: 'CW-Box 2',
    model_code: 'CW-BOX2',
    use_heatmap: true,
    use_motion: true,
    archive_hide: ['no_motion'],
    upload_mode: 'motion',
    ...storeHours,
  },
  {
    name: '名古屋物流センター 駐車場',
    location: 'nagoya',
    tags: ['駐車場'],
    product_name: 'L21 Timelapse',
    model_code: 'L21',
    use_nolive: true,
    use_parking_detect: true,
    use_time_lapse: true,
    image_fps: 1 / 600,
    image_fps_default: null,
    live_interval: 600,
    archive_storing_days: 90,
  },
  {
    name: '天神店 入口',
    location: 'tenjin',
    tags: ['店舗', '入口'],
    product_name: 'CW-Box 2',
    model_code: 'CW-BOX2',
    use_motion: true,
    use_camera_motion: true,
    use_streaming: true,
    ...storeHours,
  },
  {
    name: '札幌工場 屋外',
    location: 'sapporo',
    tags: ['工場', '駐車場'],
    product_name: 'CW-Dome 360 PTZ',
    model_code: 'CW-PTZ1',
    use_ptz: true,
    can_pan: true,
    can_tilt: true,
    can_zoom: true,
    use_motion: true,
    motion_detect_objects: personsAndCars,
    image_rs_width: 1920,
    image_rs_height: 1080,
  },
  {
    name: '仙台店 バックヤード',
    location: 'sendai',
    tags: ['店舗'],
    product_name: 'CW-Box 2',
    model_code: 'CW-BOX2',
    use_motion: true,
    image_rs_width: 640,
    image_rs_height: 360,
    ...storeHours,
  },
  {
    name: '京都四条店 店頭',
    location: 'kyoto',
    tags: ['店舗', '入口'],
    product_name: 'CW-Counter 2',
    model_code: 'CW-CNT2',
    use_people_counter: true,
    use_time_lapse: true,
    use_motion: true,
    ...storeHours,
  },
];

/**
 * Operation areas of the demo's TLT cameras, by camera name (advanced.md §3, §5): two work stations of line 1,
 * in 0..1 picture coordinates, so the operation analysis setting shows real areas in a TLT environment mode.
 */
export const demoOperationAreas: Record<string, OperationArea[]> = {
  '横浜工場 ライン1': [
    {
      operationAreaName: 'ライン A 作業台',
      points: [
        { x: 0.08, y: 0.42 },
        { x: 0.44, y: 0.38 },
        { x: 0.47, y: 0.78 },
        { x: 0.26, y: 0.86 },
        { x: 0.06, y: 0.8 },
      ],
    },
    {
      operationAreaName: 'ライン B 検査台',
      points: [
        { x: 0.56, y: 0.36 },
        { x: 0.9, y: 0.4 },
        { x: 0.93, y: 0.82 },
        { x: 0.58, y: 0.78 },
      ],
    },
  ],
};

/**
 * Entry detection area links of the demo's TLT line camera, by camera name (advanced.md §5): one area across the
 * lower middle of the picture, where the simulated people walk, so alerts appear in its recordings in a TLT mode.
 */
export const demoAreaLinks: Record<string, AreaLinkInput[]> = {
  '横浜工場 ライン1': [
    {
      areaName: 'プレス機前',
      entryArea: [
        { x: 0.3, y: 0.56 },
        { x: 0.7, y: 0.56 },
        { x: 0.74, y: 0.98 },
        { x: 0.26, y: 0.98 },
      ],
      machineArea: null,
      detectionFrameThreshold: 3,
      minimumDetectionSize: 0.08,
      personDetectionThreshold: 0.3,
      runningThreshold: 0.02,
      vigilantTime: 10,
    },
  ],
};

export const demoReleases = [
  {
    version: '2.78.0',
    released_on: '2026-11-01',
    message: 'カメラ一覧の表示を高速化しました。 / Faster camera list.',
  },
  {
    version: '2.77.0',
    released_on: '2026-09-15',
    message: 'デバイス認証に対応しました。 / Device authentication.',
  },
];

/**
 * The people counter settings of two of the demo's counter cameras, by camera name: the simulated people cross the
 * picture sideways, so the entrance is two vertical bands (start on the left, end on the right: walking right is
 * in), counted all day every day, staff after more than 10 days of 30.
 */
const verticalBand = (x0: number, x1: number) => [
  { x: x0, y: 0 },
  { x: x1, y: 0 },
  { x: x1, y: 1 },
  { x: x0, y: 1 },
];
const demoEntrance: PeopleCounterSettingValues = {
  differenceArea: null,
  entranceStartArea: verticalBand(0.25, 0.4),
  entranceEndArea: verticalBand(0.6, 0.75),
  analysisPeriods: defaultAnalysisPeriods(),
  staffJudgmentDays: 30,
  staffAdmissionThreshold: 10,
};
// 梅田店 入口 is left for the user to set up: its people counter screen shows the state before a setting.
export const demoPeopleCounterSettings: Record<string, PeopleCounterSettingValues> = {
  '渋谷店 入口': demoEntrance,
  '京都四条店 店頭': demoEntrance,
};
