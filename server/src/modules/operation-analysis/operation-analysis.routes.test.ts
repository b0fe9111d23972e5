// Operation analysis settings (advanced.md §3, §5, §6, §7): GET a camera's setting, PUT its detection setting,
// PUT its operation areas; TLT environment modes and cameras with use_operation_analysis only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  areaSettingBody,
  type DetectionSetting,
  type OperationArea,
} from '@camwatch/contract/operation-analysis';
import { AREA_POLYGON_MAX_POINTS, OPERATION_AREAS_MAX } from '@camwatch/contract/constants';
import { demoOperationAreas } from '../../db/seed/demo-analytics.ts';
import { demoCameras } from '../../db/seed/demo-cameras.ts';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let tlt: TestApp;
let normal: TestApp;
beforeAll(async () => {
  tlt = await createTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
  normal = await createTestApp({ ENVIRONMENT_MODE: 'normal' });
});
afterAll(async () => {
  await tlt.app.close();
  await normal.app.close();
});

const settingUrl = (code: string) => `/api/operation-analysis/camera/${code}/setting`;
const detectionUrl = (code: string) => `${settingUrl(code)}/detection-setting`;
const areaUrl = (code: string) => `${settingUrl(code)}/area-setting`;

const square = (x: number, y: number, size = 0.1) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];
const workbench: OperationArea = { operationAreaName: 'Workbench', points: square(0.1, 0.1) };
const inspection: OperationArea = {
  operationAreaName: 'Inspection',
  points: [
    { x: 0.5, y: 0.5 },
    { x: 0.8, y: 0.45 },
    { x: 0.9, y: 0.7 },
    { x: 0.7, y: 0.9 },
    { x: 0.5, y: 0.8 },
  ],
};
const strictSetting: DetectionSetting = {
  personDetectionTargetAreaRate: 0.25,
  detectionFrameThreshold: 12,
  personDetectionThreshold: 0.7,
  keypointDetectionThreshold: 0.45,
};

/** A camera of the customer with operation analysis on. */
async function operationCamera(customerId: number, name = 'Line 1') {
  const { camera } = await createLocationAndCamera(tlt.db, customerId, name);
  await tlt.db
    .updateTable('cameras')
    .set({ use_operation_analysis: true })
    .where('id', '=', camera.id)
    .execute();
  return camera;
}

/** The stored row as it is, to prove a refused call changed nothing. */
const storedRow = (cameraId: number) =>
  tlt.db
    .selectFrom('operation_analysis_settings')
    .select(['operation_areas', 'detection_setting', 'updated_at'])
    .where('camera_id', '=', cameraId)
    .executeTakeFirst();

const putAreas = (app: TestApp, cookie: string, code: string, operationAreaList: unknown) =>
  as(app.app, cookie, { method: 'PUT', url: areaUrl(code), payload: { operationAreaList } });
const putDetection = (app: TestApp, cookie: string, code: string, payload: unknown) =>
  as(app.app, cookie, { method: 'PUT', url: detectionUrl(code), payload: payload as object });
const getSetting = (app: TestApp, cookie: string, code: string) =>
  as(app.app, cookie, { method: 'GET', url: settingUrl(code) });

/** A TLT camera with both halves stored, and its owner's session. */
async function configuredCamera() {
  const { customer, user } = await createTenant(tlt.db);
  const camera = await operationCamera(customer.id);
  const cookie = await login(tlt.app, user);
  expect((await putAreas(tlt, cookie, camera.code, [workbench, inspection])).statusCode).toBe(200);
  expect((await putDetection(tlt, cookie, camera.code, strictSetting)).statusCode).toBe(200);
  return { customer, user, camera, cookie, before: await storedRow(camera.id) };
}

describe('operation analysis setting', () => {
  it('advanced.md §3, §7: a camera without a stored setting answers no areas and the default detection setting', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    const res = await getSetting(tlt, await login(tlt.app, user), camera.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { operationAreaList: [], detectionSetting: DEFAULT_OPERATION_DETECTION_SETTING },
    });
    expect(DEFAULT_OPERATION_DETECTION_SETTING).toEqual({
      personDetectionTargetAreaRate: 0.5,
      detectionFrameThreshold: 5,
      personDetectionThreshold: 0.5,
      keypointDetectionThreshold: 0.3,
    });
    expect(await storedRow(camera.id)).toBeUndefined(); // reading stores nothing
  });

  it('advanced.md §7: PUT area-setting replaces the areas, GET answers them, the detection setting stays the default', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    const cookie = await login(tlt.app, user);

    const put = await putAreas(tlt, cookie, camera.code, [
      { ...workbench, operationAreaName: '  Workbench  ' },
      inspection,
    ]);
    expect(put.statusCode).toBe(200);
    const expected = {
      operationAreaList: [workbench, inspection],
      detectionSetting: DEFAULT_OPERATION_DETECTION_SETTING,
    };
    expect(put.json()).toEqual({ data: expected });
    expect((await getSetting(tlt, cookie, camera.code)).json()).toEqual({ data: expected });

    // A second PUT replaces the list as a whole; an empty list clears it.
    await putAreas(tlt, cookie, camera.code, [inspection]);
    expect((await getSetting(tlt, cookie, camera.code)).json().data.operationAreaList).toEqual([inspection]);
    await putAreas(tlt, cookie, camera.code, []);
    expect((await getSetting(tlt, cookie, camera.code)).json().data.operationAreaList).toEqual([]);
  });

  it('advanced.md §7: PUT detection-setting keeps the areas, and PUT area-setting keeps the detection setting', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    const cookie = await login(tlt.app, user);
    await putAreas(tlt, cookie, camera.code, [workbench, inspection]);

    const put = await putDetection(tlt, cookie, camera.code, strictSetting);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({
      operationAreaList: [workbench, inspection],
      detectionSetting: strictSetting,
    });

    await putAreas(tlt, cookie, camera.code, [inspection]);
    expect((await getSetting(tlt, cookie, camera.code)).json().data).toEqual({
      operationAreaList: [inspection],
      detectionSetting: strictSetting,
    });
  });

  it('advanced.md §7: PUT detection-setting on a camera without a row stores it with no areas', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    const cookie = await login(tlt.app, user);
    const put = await putDetection(tlt, cookie, camera.code, strictSetting);
    expect(put.json().data).toEqual({ operationAreaList: [], detectionSetting: strictSetting });
    expect((await getSetting(tlt, cookie, camera.code)).json().data.detectionSetting).toEqual(strictSetting);
  });

  it('advanced.md §6: changing either half needs configOperationAnalysis (403, nothing changed); reading needs a session', async () => {
    const { customer, camera, before } = await configuredCamera();
    const viewer = await login(
      tlt.app,
      await createUser(tlt.db, customer.id, { permissions: { live: true, archive: true } }),
    );

    const read = await getSetting(tlt, viewer, camera.code);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      operationAreaList: [workbench, inspection],
      detectionSetting: strictSetting,
    });

    const areas = await putAreas(tlt, viewer, camera.code, [workbench]);
    expect(areas.statusCode).toBe(403);
    expect(areas.json().error.code).toBe('forbidden');
    const detection = await putDetection(tlt, viewer, camera.code, DEFAULT_OPERATION_DETECTION_SETTING);
    expect(detection.statusCode).toBe(403);
    expect(await storedRow(camera.id)).toEqual(before);

    // A child holding the right may change it.
    const configurer = await login(
      tlt.app,
      await createUser(tlt.db, customer.id, { permissions: { configOperationAnalysis: true } }),
    );
    expect((await putAreas(tlt, configurer, camera.code, [workbench])).statusCode).toBe(200);
  });

  it('core.md §8: without a session all three answer 401', async () => {
    const { customer } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    for (const request of [
      { method: 'GET' as const, url: settingUrl(camera.code) },
      { method: 'PUT' as const, url: areaUrl(camera.code), payload: { operationAreaList: [] } },
      { method: 'PUT' as const, url: detectionUrl(camera.code), payload: strictSetting },
    ])
      expect((await tlt.app.inject(request)).statusCode, request.url).toBe(401);
    expect(await storedRow(camera.id)).toBeUndefined();
  });
});

describe('operation analysis exists only for TLT modes and cameras with the feature', () => {
  const threeCalls = (code: string) => [
    { name: 'read', request: { method: 'GET' as const, url: settingUrl(code) } },
    {
      name: 'replace areas',
      request: { method: 'PUT' as const, url: areaUrl(code), payload: { operationAreaList: [workbench] } },
    },
    {
      name: 'replace detection setting',
      request: { method: 'PUT' as const, url: detectionUrl(code), payload: strictSetting },
    },
  ];

  it('advanced.md §6: in the normal environment mode all three answer 404 and nothing is stored', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const camera = await operationCamera(customer.id);
    const cookie = await login(normal.app, user);
    for (const { name, request } of threeCalls(camera.code)) {
      const res = await as(normal.app, cookie, request);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code, name).toBe('not_found');
    }
    expect(await storedRow(camera.id)).toBeUndefined();
  });

  it('advanced.md §3: a camera without use_operation_analysis answers 404 and nothing is stored', async () => {
    const { customer, user } = await createTenant(tlt.db);
    const { camera } = await createLocationAndCamera(tlt.db, customer.id, 'Gate');
    const cookie = await login(tlt.app, user);
    for (const { name, request } of threeCalls(camera.code))
      expect((await as(tlt.app, cookie, request)).statusCode, name).toBe(404);
    expect(await storedRow(camera.id)).toBeUndefined();
  });

  it('advanced.md §7: an unknown camera code answers 404', async () => {
    const { user } = await createTenant(tlt.db);
    const cookie = await login(tlt.app, user);
    for (const { name, request } of threeCalls('cam-nope'))
      expect((await as(tlt.app, cookie, request)).statusCode, name).toBe(404);
  });

  it('tenancy: another customer’s camera answers 404, its setting never shows and nothing changes', async () => {
    const owner = await configuredCamera();
    const outsider = await createTenant(tlt.db);
    const outsiderCookie = await login(tlt.app, outsider.user);
    await expectForeignIdsRefused(tlt.app, outsiderCookie, threeCalls(owner.camera.code));
    expect(await storedRow(owner.camera.id)).toEqual(owner.before);

    const ownCamera = await operationCamera(outsider.customer.id, 'Outsider line');
    await expectNoLeak(tlt.app, outsiderCookie, { method: 'GET', url: settingUrl(ownCamera.code) }, [
      owner.camera.code,
      workbench.operationAreaName,
      inspection.operationAreaName,
    ]);
  });
});

describe('advanced.md §5: invalid settings answer 400 naming the field, and nothing changes', () => {
  const bowtie = [
    { x: 0.1, y: 0.1 },
    { x: 0.5, y: 0.5 },
    { x: 0.5, y: 0.1 },
    { x: 0.1, y: 0.5 },
  ];
  /** A convex polygon of n points on a circle: valid but for its count. */
  const circle = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      x: 0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n),
      y: 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n),
    }));
  const manyAreas = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      operationAreaName: `Area ${i}`,
      points: square((i % 5) * 0.19, Math.floor(i / 5) * 0.19, 0.15),
    }));

  it('the limits the cases below cross are the spec’s: 10 points, 10 areas', () => {
    expect(AREA_POLYGON_MAX_POINTS).toBe(10);
    expect(OPERATION_AREAS_MAX).toBe(10);
    expect(areaSettingBody.safeParse({ operationAreaList: manyAreas(10) }).success).toBe(true);
    expect(
      areaSettingBody.safeParse({ operationAreaList: [{ operationAreaName: 'Ten', points: circle(10) }] })
        .success,
    ).toBe(true);
  });

  it.each([
    ['a crossing polygon', [{ operationAreaName: 'Bow', points: bowtie }], 'operationAreaList.0.points'],
    [
      '11 points',
      [workbench, { operationAreaName: 'Round', points: circle(11) }],
      'operationAreaList.1.points',
    ],
    [
      '2 points',
      [{ operationAreaName: 'Line', points: square(0.1, 0.1).slice(0, 2) }],
      'operationAreaList.0.points',
    ],
    ['11 areas', manyAreas(11), 'operationAreaList'],
    ['duplicate names', [workbench, { ...inspection, operationAreaName: 'Workbench' }], 'operationAreaList'],
    [
      'names equal once trimmed',
      [workbench, { ...inspection, operationAreaName: ' Workbench ' }],
      'operationAreaList',
    ],
    ['a blank name', [{ ...workbench, operationAreaName: '   ' }], 'operationAreaList.0.operationAreaName'],
    [
      'a point outside the picture',
      [{ operationAreaName: 'Out', points: [...square(0.1, 0.1).slice(0, 3), { x: 1.2, y: 0.2 }] }],
      'operationAreaList.0.points.3.x',
    ],
    ['no list', undefined, 'operationAreaList'],
  ])('area-setting with %s', async (_case, operationAreaList, field) => {
    const { camera, cookie, before } = await configuredCamera();
    const res = await putAreas(tlt, cookie, camera.code, operationAreaList);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors), res.body).toContain(field);
    expect(await storedRow(camera.id)).toEqual(before);
  });

  it.each([
    ['an area rate above 1', { personDetectionTargetAreaRate: 1.5 }, 'personDetectionTargetAreaRate'],
    ['a negative area rate', { personDetectionTargetAreaRate: -0.1 }, 'personDetectionTargetAreaRate'],
    ['a frame threshold of 0', { detectionFrameThreshold: 0 }, 'detectionFrameThreshold'],
    ['a fractional frame threshold', { detectionFrameThreshold: 2.5 }, 'detectionFrameThreshold'],
    ['a person threshold above 1', { personDetectionThreshold: 1.2 }, 'personDetectionThreshold'],
    ['a keypoint threshold as text', { keypointDetectionThreshold: '0.3' }, 'keypointDetectionThreshold'],
    ['a missing keypoint threshold', { keypointDetectionThreshold: undefined }, 'keypointDetectionThreshold'],
  ])('detection-setting with %s', async (_case, change, field) => {
    const { camera, cookie, before } = await configuredCamera();
    const res = await putDetection(tlt, cookie, camera.code, { ...strictSetting, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors), res.body).toContain(field);
    expect(await storedRow(camera.id)).toEqual(before);
  });
});

describe('demo data', () => {
  it('advanced.md §5: the demo TLT camera’s operation areas are valid settings', () => {
    const line1 = demoCameras.find((c) => c.name === '横浜工場 ライン1');
    expect(line1).toMatchObject({ model_code: 'TLT-V3', use_operation_analysis: true });
    const areas = demoOperationAreas['横浜工場 ライン1'];
    expect(areas?.map((a) => a.operationAreaName)).toEqual(['ライン A 作業台', 'ライン B 検査台']);
    expect(areaSettingBody.parse({ operationAreaList: areas })).toEqual({ operationAreaList: areas });
    for (const name of Object.keys(demoOperationAreas))
      expect(demoCameras.find((c) => c.name === name)?.use_operation_analysis, name).toBe(true);
  });
});
