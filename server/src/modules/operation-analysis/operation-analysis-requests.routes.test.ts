// Operation analysis requests and results over HTTP (advanced.md §2, §4-§8; TLT only): a request (right
// configOperationAnalysis; the camera's saved areas and detection setting, or ones sent with it, checked as the
// setting's: thresholds in range, polygon rules; at least one area; at most 3 hours, not in the future), the list,
// one result and its CSV; refused requests name their field and queue nothing; another customer's cameras and
// analyses are unknown, and outside TLT modes the whole feature is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type DetectionSetting,
  type OperationArea,
} from '@camwatch/contract/operation-analysis';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
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

const requestUrl = (code: string) => `/api/operation-analysis/camera/${code}/analyses`;
const areaUrl = (code: string) => `/api/operation-analysis/camera/${code}/setting/area-setting`;
const detectionUrl = (code: string) => `/api/operation-analysis/camera/${code}/setting/detection-setting`;
const square = (x: number, y: number, size = 0.2) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];
const bench: OperationArea = { operationAreaName: 'Bench', points: square(0.1, 0.1) };
const press: OperationArea = { operationAreaName: 'Press', points: square(0.6, 0.5) };
const strict: DetectionSetting = {
  personDetectionTargetAreaRate: 0.3,
  detectionFrameThreshold: 8,
  personDetectionThreshold: 0.6,
  keypointDetectionThreshold: 0.4,
};
// A past hour (periods are checked against the real clock: never in the future).
const period = { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T02:00:00.000Z' };

async function operationCamera(t: TestApp, customerId: number, on = true) {
  const { camera } = await createLocationAndCamera(t.db, customerId, 'Line 1');
  await t.db.updateTable('cameras').set({ use_operation_analysis: on }).where('id', '=', camera.id).execute();
  return camera;
}

/** A new customer's camera with the function and saved areas, and its owner's session. */
async function tenantWithCamera(t: TestApp = tlt, areas: OperationArea[] | null = [bench]) {
  const tenant = await createTenant(t.db);
  const camera = await operationCamera(t, tenant.customer.id);
  const cookie = await login(t.app, tenant.user);
  if (areas && t === tlt) {
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: areaUrl(camera.code),
      payload: { operationAreaList: areas },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { tenant, camera, cookie };
}

const jobsOf = (t: TestApp, cameraId: number) =>
  t.db.selectFrom('analysis_jobs').selectAll().where('camera_id', '=', cameraId).execute();
const post = (t: TestApp, cookie: string, code: string, payload: object) =>
  as(t.app, cookie, { method: 'POST', url: requestUrl(code), payload });

describe('operation analysis requests', () => {
  it("queues an analysis with the camera's saved areas and detection setting, listed and shown as running", async () => {
    const { camera, cookie } = await tenantWithCamera(tlt, [bench, press]);
    await as(tlt.app, cookie, { method: 'PUT', url: detectionUrl(camera.code), payload: strict });
    const res = await post(tlt, cookie, camera.code, period);
    expect(res.statusCode, res.body).toBe(200);
    const analysis = res.json().data.analysis;
    expect(analysis).toMatchObject({
      kind: 'operation_analysis',
      camera_code: camera.code,
      start: period.start,
      end: period.end,
      state: 'running',
      clips_done: 0,
      error: null,
    });
    const [row] = await jobsOf(tlt, camera.id);
    expect(row!.kind).toBe('operation_analysis');
    expect(row!.settings).toEqual({ operationAreaList: [bench, press], detectionSetting: strict });
    const queued = await tlt.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('dedupe_key', '=', `analysis:${analysis.id}`)
      .execute();
    expect(queued).toEqual([{ kind: 'analysis', status: 'queued' }]);

    const list = await as(tlt.app, cookie, { method: 'GET', url: '/api/operation-analysis/analyses' });
    expect(list.json().data.analyses.map((a: { id: string }) => a.id)).toEqual([analysis.id]);
    const ofCamera = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/operation-analysis/analyses?camera_code=${camera.code}`,
    });
    expect(ofCamera.json().data.analyses).toHaveLength(1);
    const one = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/operation-analysis/analyses/${analysis.id}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({
      analysis: expect.objectContaining({ id: analysis.id, state: 'running' }),
      setting: { operationAreaList: [bench, press], detectionSetting: strict },
      clips_skipped: 0,
      result: null,
    });
    // No CSV before it has completed.
    const csv = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/operation-analysis/analyses/${analysis.id}/csv`,
    });
    expect(csv.statusCode).toBe(409);
    // A person tracking analysis list does not show it, nor its result route.
    const other = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/person-tracking/analyses/${analysis.id}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('analyses with the areas and detection setting sent with the request instead of the saved ones', async () => {
    const { camera, cookie } = await tenantWithCamera(tlt, [bench]);
    const res = await post(tlt, cookie, camera.code, {
      ...period,
      operationAreaList: [press],
      detectionSetting: strict,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await jobsOf(tlt, camera.id);
    expect(row!.settings).toEqual({ operationAreaList: [press], detectionSetting: strict });
    // Only the areas sent: the saved detection setting (the default, never saved) is used.
    const { camera: second, cookie: secondCookie } = await tenantWithCamera(tlt, null);
    const onlyAreas = await post(tlt, secondCookie, second.code, { ...period, operationAreaList: [bench] });
    expect(onlyAreas.statusCode, onlyAreas.body).toBe(200);
    const [secondRow] = await jobsOf(tlt, second.id);
    expect(secondRow!.settings).toEqual({
      operationAreaList: [bench],
      detectionSetting: DEFAULT_OPERATION_DETECTION_SETTING,
    });
  });

  it('accepts exactly 3 hours', async () => {
    const { camera, cookie } = await tenantWithCamera();
    const res = await post(tlt, cookie, camera.code, {
      start: '2026-11-20T01:00:00Z',
      end: '2026-11-20T04:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const crossing = [
    { x: 0.1, y: 0.1 },
    { x: 0.5, y: 0.5 },
    { x: 0.5, y: 0.1 },
    { x: 0.1, y: 0.5 },
  ];
  it.each([
    ['over 3 hours', { start: '2026-11-20T01:00:00Z', end: '2026-11-20T04:00:01Z' }, 'end'],
    ['in the future', { start: '2090-01-01T00:00:00Z', end: '2090-01-01T01:00:00Z' }, 'end'],
    ['ending before it starts', { start: '2026-11-20T02:00:00Z', end: '2026-11-20T01:00:00Z' }, 'end'],
    ['without a start', { end: '2026-11-20T02:00:00Z' }, 'start'],
    [
      'a target area rate over 1',
      { ...period, detectionSetting: { ...strict, personDetectionTargetAreaRate: 1.5 } },
      'detectionSetting.personDetectionTargetAreaRate',
    ],
    [
      'a frame threshold of 0',
      { ...period, detectionSetting: { ...strict, detectionFrameThreshold: 0 } },
      'detectionSetting.detectionFrameThreshold',
    ],
    [
      'a fractional frame threshold',
      { ...period, detectionSetting: { ...strict, detectionFrameThreshold: 2.5 } },
      'detectionSetting.detectionFrameThreshold',
    ],
    [
      'a negative person threshold',
      { ...period, detectionSetting: { ...strict, personDetectionThreshold: -0.1 } },
      'detectionSetting.personDetectionThreshold',
    ],
    [
      'a hand threshold over 1',
      { ...period, detectionSetting: { ...strict, keypointDetectionThreshold: 2 } },
      'detectionSetting.keypointDetectionThreshold',
    ],
    [
      'an area whose lines cross',
      { ...period, operationAreaList: [{ operationAreaName: 'X', points: crossing }] },
      'operationAreaList.0.points',
    ],
    [
      'an area of 11 points',
      {
        ...period,
        operationAreaList: [
          {
            operationAreaName: 'Many',
            points: Array.from({ length: 11 }, (_, i) => ({
              x: 0.5 + 0.3 * Math.cos((2 * Math.PI * i) / 11),
              y: 0.5 + 0.3 * Math.sin((2 * Math.PI * i) / 11),
            })),
          },
        ],
      },
      'operationAreaList.0.points',
    ],
    [
      'two areas of one name',
      { ...period, operationAreaList: [bench, { ...press, operationAreaName: 'Bench' }] },
      'operationAreaList',
    ],
    [
      '11 areas',
      {
        ...period,
        operationAreaList: Array.from({ length: 11 }, (_, i) => ({
          operationAreaName: `A${i}`,
          points: square(0.05 * i, 0.1, 0.04),
        })),
      },
      'operationAreaList',
    ],
    ['an empty list of areas', { ...period, operationAreaList: [] }, 'operationAreaList'],
  ])('refuses %s with 400 on its field, and queues nothing', async (_name, body, field) => {
    const { camera, cookie } = await tenantWithCamera();
    const res = await post(tlt, cookie, camera.code, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await jobsOf(tlt, camera.id)).toEqual([]);
  });

  it('refuses a camera without saved areas when none are sent (400 on operationAreaList)', async () => {
    const { camera, cookie } = await tenantWithCamera(tlt, null);
    const res = await post(tlt, cookie, camera.code, period);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['operationAreaList']);
    expect(await jobsOf(tlt, camera.id)).toEqual([]);
  });

  it('needs configOperationAnalysis (403, nothing queued); reading needs only a session', async () => {
    const { tenant, camera, cookie } = await tenantWithCamera();
    const viewer = await login(
      tlt.app,
      await createUser(tlt.db, tenant.customer.id, {
        permissions: { live: true, archive: true },
        parentUserId: tenant.user.id,
      }),
    );
    const refused = await post(tlt, viewer, camera.code, period);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await jobsOf(tlt, camera.id)).toEqual([]);

    const ok = await post(tlt, cookie, camera.code, period);
    const id = ok.json().data.analysis.id as string;
    const read = await as(tlt.app, viewer, { method: 'GET', url: `/api/operation-analysis/analyses/${id}` });
    expect(read.statusCode).toBe(200);

    const configurer = await login(
      tlt.app,
      await createUser(tlt.db, tenant.customer.id, {
        permissions: { configOperationAnalysis: true },
        parentUserId: tenant.user.id,
      }),
    );
    expect((await post(tlt, configurer, camera.code, period)).statusCode).toBe(200);
    // Without a session: 401.
    const anonymous = await tlt.app.inject({ method: 'POST', url: requestUrl(camera.code), payload: period });
    expect(anonymous.statusCode).toBe(401);
    expect(await jobsOf(tlt, camera.id)).toHaveLength(2);
  });

  it('answers 404 for a camera without the function, unknown cameras and unknown analyses', async () => {
    const tenant = await createTenant(tlt.db);
    const off = await operationCamera(tlt, tenant.customer.id, false);
    const cookie = await login(tlt.app, tenant.user);
    for (const request of [
      {
        method: 'POST' as const,
        url: requestUrl(off.code),
        payload: { ...period, operationAreaList: [bench] },
      },
      {
        method: 'POST' as const,
        url: requestUrl('nocamera1'),
        payload: { ...period, operationAreaList: [bench] },
      },
      { method: 'GET' as const, url: `/api/operation-analysis/analyses?camera_code=${off.code}` },
      { method: 'GET' as const, url: '/api/operation-analysis/analyses/999999999' },
      { method: 'GET' as const, url: '/api/operation-analysis/analyses/999999999/csv' },
    ]) {
      const res = await as(tlt.app, cookie, request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(404);
    }
    const bad = await as(tlt.app, cookie, { method: 'GET', url: '/api/operation-analysis/analyses/abc' });
    expect(bad.statusCode).toBe(400);
    expect(await jobsOf(tlt, off.id)).toEqual([]);
  });

  it("keeps another customer's cameras and analyses unknown", async () => {
    const owner = await tenantWithCamera();
    const res = await post(tlt, owner.cookie, owner.camera.code, period);
    const id = res.json().data.analysis.id as string;
    const outsider = await tenantWithCamera();
    await expectForeignIdsRefused(tlt.app, outsider.cookie, [
      {
        name: 'request',
        request: { method: 'POST', url: requestUrl(owner.camera.code), payload: period },
      },
      { name: 'result', request: { method: 'GET', url: `/api/operation-analysis/analyses/${id}` } },
      { name: 'csv', request: { method: 'GET', url: `/api/operation-analysis/analyses/${id}/csv` } },
      {
        name: 'list of the camera',
        request: {
          method: 'GET',
          url: `/api/operation-analysis/analyses?camera_code=${owner.camera.code}`,
        },
      },
    ]);
    const list = await as(tlt.app, outsider.cookie, {
      method: 'GET',
      url: '/api/operation-analysis/analyses',
    });
    expect(list.json().data.analyses).toEqual([]);
    expect(await jobsOf(tlt, owner.camera.id)).toHaveLength(1);
  });

  it('is unknown outside TLT modes', async () => {
    const { camera, cookie } = await tenantWithCamera(normal);
    for (const request of [
      {
        method: 'POST' as const,
        url: requestUrl(camera.code),
        payload: { ...period, operationAreaList: [bench] },
      },
      { method: 'GET' as const, url: '/api/operation-analysis/analyses' },
      { method: 'GET' as const, url: '/api/operation-analysis/analyses/1' },
      { method: 'GET' as const, url: '/api/operation-analysis/analyses/1/csv' },
    ]) {
      const res = await as(normal.app, cookie, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(await jobsOf(normal, camera.id)).toEqual([]);
  });
});
