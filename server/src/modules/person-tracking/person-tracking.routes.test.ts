// Person tracking over HTTP (advanced.md §2-§8; TLT only): the setting (read, replace with configPersonTracking,
// refused values name their field and change nothing), requests (archive right, at most 3 hours, not in the
// future, at most ANALYSIS_RUNNING_MAX running per customer), the list, one result and its CSV; another customer's
// cameras and analyses are unknown, and outside TLT modes the whole feature is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_RUNNING_MAX } from '@camwatch/contract/analysis-jobs';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  type PersonTrackingSetting,
} from '@camwatch/contract/person-tracking';
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

const settingUrl = (code: string) => `/api/person-tracking/camera/${code}/setting`;
const requestUrl = (code: string) => `/api/person-tracking/camera/${code}/analyses`;
const square = (x: number, y: number, size = 0.3) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];
const strict: PersonTrackingSetting = {
  ...DEFAULT_PERSON_TRACKING_SETTING,
  personDetectionThreshold: 0.6,
  allowedUndetectedFrames: 12,
  trackingRange: [{ name: 'Line', points: square(0.1, 0.1) }],
  detectionProcessingRange: [],
  transportJudgment: { width: 0.2, height: 0.3, direction: 'left', threshold: 0.5 },
};
// A past hour (periods are checked against the real clock: never in the future).
const period = { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T02:00:00.000Z' };

async function trackingCamera(t: TestApp, customerId: number, on = true) {
  const { camera } = await createLocationAndCamera(t.db, customerId, 'Factory line');
  await t.db.updateTable('cameras').set({ use_person_tracking: on }).where('id', '=', camera.id).execute();
  return camera;
}

async function tenantWithCamera(t: TestApp = tlt) {
  const tenant = await createTenant(t.db);
  const camera = await trackingCamera(t, tenant.customer.id);
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie };
}

const jobsOf = (t: TestApp, cameraId: number) =>
  t.db.selectFrom('analysis_jobs').selectAll().where('camera_id', '=', cameraId).execute();

describe('person tracking setting', () => {
  it('answers the defaults, then what was saved; changing it needs configPersonTracking', async () => {
    const { tenant, camera, cookie } = await tenantWithCamera();
    const first = await as(tlt.app, cookie, { method: 'GET', url: settingUrl(camera.code) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual(DEFAULT_PERSON_TRACKING_SETTING);
    const put = await as(tlt.app, cookie, { method: 'PUT', url: settingUrl(camera.code), payload: strict });
    expect(put.statusCode, put.body).toBe(200);
    const again = await as(tlt.app, cookie, { method: 'GET', url: settingUrl(camera.code) });
    expect(again.json().data).toEqual(strict);

    const child = await createUser(tlt.db, tenant.customer.id, {
      permissions: { archive: true, configPersonTracking: false },
      parentUserId: tenant.user.id,
    });
    const childCookie = await login(tlt.app, child);
    const refused = await as(tlt.app, childCookie, {
      method: 'PUT',
      url: settingUrl(camera.code),
      payload: DEFAULT_PERSON_TRACKING_SETTING,
    });
    expect(refused.statusCode).toBe(403);
    // Reading stays open to the customer's users.
    const read = await as(tlt.app, childCookie, { method: 'GET', url: settingUrl(camera.code) });
    expect(read.json().data).toEqual(strict);
  });

  it.each([
    ['personDetectionThreshold', { personDetectionThreshold: 1.5 }],
    ['allowedUndetectedFrames', { allowedUndetectedFrames: 2.5 }],
    ['rectangleMagnification', { rectangleMagnification: 0.5 }],
    ['movementThreshold', { movementThreshold: -1 }],
    ['transportJudgment.direction', { transportJudgment: { ...strict.transportJudgment, direction: 'up' } }],
    ['transportJudgment.threshold', { transportJudgment: { ...strict.transportJudgment, threshold: 0 } }],
    [
      'trackingRange.0.points',
      {
        // Crossing lines (a bow tie).
        trackingRange: [
          {
            name: 'Bow',
            points: [
              { x: 0.1, y: 0.1 },
              { x: 0.5, y: 0.5 },
              { x: 0.5, y: 0.1 },
              { x: 0.1, y: 0.5 },
            ],
          },
        ],
      },
    ],
    [
      'detectionProcessingRange.0.points',
      {
        detectionProcessingRange: [
          { name: 'Many', points: Array.from({ length: 11 }, (_, i) => ({ x: i / 20, y: (i % 2) / 2 })) },
        ],
      },
    ],
  ])('refuses a bad %s with 400 naming it, and keeps the setting', async (field, change) => {
    const { camera, cookie } = await tenantWithCamera();
    await as(tlt.app, cookie, { method: 'PUT', url: settingUrl(camera.code), payload: strict });
    const res = await as(tlt.app, cookie, {
      method: 'PUT',
      url: settingUrl(camera.code),
      payload: { ...strict, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    const after = await as(tlt.app, cookie, { method: 'GET', url: settingUrl(camera.code) });
    expect(after.json().data).toEqual(strict);
  });
});

describe('person tracking requests', () => {
  it('queues an analysis of the period with the camera setting, listed and shown as running', async () => {
    const { camera, cookie } = await tenantWithCamera();
    await as(tlt.app, cookie, { method: 'PUT', url: settingUrl(camera.code), payload: strict });
    const res = await as(tlt.app, cookie, { method: 'POST', url: requestUrl(camera.code), payload: period });
    expect(res.statusCode, res.body).toBe(200);
    const analysis = res.json().data.analysis;
    expect(analysis).toMatchObject({
      kind: 'person_tracking',
      camera_code: camera.code,
      start: period.start,
      end: period.end,
      state: 'running',
      clips_done: 0,
      error: null,
    });
    const [row] = await jobsOf(tlt, camera.id);
    expect(row!.settings).toEqual(strict);
    const queued = await tlt.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('dedupe_key', '=', `analysis:${analysis.id}`)
      .execute();
    expect(queued).toEqual([{ kind: 'analysis', status: 'queued' }]);

    const list = await as(tlt.app, cookie, { method: 'GET', url: '/api/person-tracking/analyses' });
    expect(list.json().data.analyses.map((a: { id: string }) => a.id)).toEqual([analysis.id]);
    const one = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/person-tracking/analyses/${analysis.id}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ analysis: { id: analysis.id, state: 'running' }, persons: null });
    // No CSV before it has completed.
    const csv = await as(tlt.app, cookie, {
      method: 'GET',
      url: `/api/person-tracking/analyses/${analysis.id}/csv`,
    });
    expect(csv.statusCode).toBe(409);
  });

  it.each([
    ['over 3 hours', { start: '2026-11-20T01:00:00Z', end: '2026-11-20T04:00:01Z' }, 'end'],
    ['in the future', { start: '2090-01-01T00:00:00Z', end: '2090-01-01T01:00:00Z' }, 'end'],
    ['ending before it starts', { start: '2026-11-20T02:00:00Z', end: '2026-11-20T01:00:00Z' }, 'end'],
    ['without an offset', { start: '2026-11-20T01:00:00', end: '2026-11-20T02:00:00Z' }, 'start'],
  ])('refuses a period %s with 400 on %s, and queues nothing', async (_name, body, field) => {
    const { camera, cookie } = await tenantWithCamera();
    const res = await as(tlt.app, cookie, { method: 'POST', url: requestUrl(camera.code), payload: body });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await jobsOf(tlt, camera.id)).toEqual([]);
  });

  it('accepts exactly 3 hours', async () => {
    const { camera, cookie } = await tenantWithCamera();
    const res = await as(tlt.app, cookie, {
      method: 'POST',
      url: requestUrl(camera.code),
      payload: { start: '2026-11-20T01:00:00Z', end: '2026-11-20T04:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs the archive right (403), and refuses one more than the running limit (429)', async () => {
    const { tenant, camera, cookie } = await tenantWithCamera();
    const child = await createUser(tlt.db, tenant.customer.id, {
      permissions: { archive: false, configPersonTracking: true },
      parentUserId: tenant.user.id,
    });
    const noArchive = await as(tlt.app, await login(tlt.app, child), {
      method: 'POST',
      url: requestUrl(camera.code),
      payload: period,
    });
    expect(noArchive.statusCode).toBe(403);
    expect(await jobsOf(tlt, camera.id)).toEqual([]);
    for (let i = 0; i < ANALYSIS_RUNNING_MAX; i++) {
      const ok = await as(tlt.app, cookie, { method: 'POST', url: requestUrl(camera.code), payload: period });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const over = await as(tlt.app, cookie, { method: 'POST', url: requestUrl(camera.code), payload: period });
    expect(over.statusCode).toBe(429);
    expect(await jobsOf(tlt, camera.id)).toHaveLength(ANALYSIS_RUNNING_MAX);
  });

  it('answers 404 for a camera without the function, and for unknown analyses', async () => {
    const tenant = await createTenant(tlt.db);
    const off = await trackingCamera(tlt, tenant.customer.id, false);
    const cookie = await login(tlt.app, tenant.user);
    for (const request of [
      { method: 'GET' as const, url: settingUrl(off.code) },
      { method: 'POST' as const, url: requestUrl(off.code), payload: period },
      { method: 'GET' as const, url: `/api/person-tracking/analyses?camera_code=${off.code}` },
      { method: 'GET' as const, url: '/api/person-tracking/analyses/999999999' },
      { method: 'GET' as const, url: '/api/person-tracking/analyses/999999999/csv' },
    ]) {
      const res = await as(tlt.app, cookie, request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(404);
    }
    const bad = await as(tlt.app, cookie, { method: 'GET', url: '/api/person-tracking/analyses/abc' });
    expect(bad.statusCode).toBe(400);
    expect(await jobsOf(tlt, off.id)).toEqual([]);
  });

  it("keeps another customer's cameras and analyses unknown", async () => {
    const owner = await tenantWithCamera();
    const res = await as(tlt.app, owner.cookie, {
      method: 'POST',
      url: requestUrl(owner.camera.code),
      payload: period,
    });
    const id = res.json().data.analysis.id as string;
    const outsider = await tenantWithCamera();
    await expectForeignIdsRefused(tlt.app, outsider.cookie, [
      { name: 'setting', request: { method: 'GET', url: settingUrl(owner.camera.code) } },
      {
        name: 'setting change',
        request: { method: 'PUT', url: settingUrl(owner.camera.code), payload: strict },
      },
      { name: 'request', request: { method: 'POST', url: requestUrl(owner.camera.code), payload: period } },
      { name: 'result', request: { method: 'GET', url: `/api/person-tracking/analyses/${id}` } },
      { name: 'csv', request: { method: 'GET', url: `/api/person-tracking/analyses/${id}/csv` } },
      {
        name: 'list of the camera',
        request: { method: 'GET', url: `/api/person-tracking/analyses?camera_code=${owner.camera.code}` },
      },
    ]);
    const list = await as(tlt.app, outsider.cookie, { method: 'GET', url: '/api/person-tracking/analyses' });
    expect(list.json().data.analyses).toEqual([]);
    expect(await jobsOf(tlt, owner.camera.id)).toHaveLength(1);
  });

  it('is unknown outside TLT modes', async () => {
    const { camera, cookie } = await tenantWithCamera(normal);
    for (const request of [
      { method: 'GET' as const, url: settingUrl(camera.code) },
      { method: 'PUT' as const, url: settingUrl(camera.code), payload: strict },
      { method: 'POST' as const, url: requestUrl(camera.code), payload: period },
      { method: 'GET' as const, url: '/api/person-tracking/analyses' },
      { method: 'GET' as const, url: '/api/person-tracking/analyses/1' },
    ]) {
      const res = await as(normal.app, cookie, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(await jobsOf(normal, camera.id)).toEqual([]);
  });
});
