// The tenancy matrix as a test (issue 16, "Proof kept in the project"): every call of the OpenAPI document, sent by
// another customer's parent (every right) and by its child without any right, with the owner's ids. Each answer
// must be the entry's status (404 hides the owner's ids, 403 where today's rights check comes first), and no answer
// may carry the owner's codes, names or addresses. A call without an entry fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allCalls, callKey } from '@camwatch/contract/calls';
import { noPermissions } from '@camwatch/contract/permissions';
import { createMediaTestApp, putClip } from '../helpers/recorded-media.ts';
import { testBrowser } from '../helpers/push-receiver.ts';
import { leakedValues } from '../helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../helpers/test-app.ts';
import { tenancyMatrix, type MatrixIds } from './tenancy-matrix.ts';

let t: TestApp & { cleanup: () => Promise<void> };
let ids: MatrixIds;
/** What only the owner knows: none of it may reach the outsider. */
let ownerValues: string[];
const actors: { name: string; headers: Record<string, string> }[] = [];
let deviceHeaders: Record<string, string>;
let operations: string[];

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as { data: Record<string, unknown> };
}

beforeAll(async () => {
  t = await createMediaTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{([A-Za-z_]+)\}/g, ':$1')}`,
    ),
  );

  // The owner: a TLT camera with a tag, a child user, a browser key, an area link, a recorded minute, a download
  // and a push subscription.
  const owner = await createTenant(t.db);
  const cameraName = unique('owner-camera');
  const { camera, location } = await createLocationAndCamera(t.db, owner.customer.id, cameraName);
  await t.db
    .updateTable('cameras')
    .set({
      use_enter_alert: true,
      use_operation_analysis: true,
      use_person_tracking: true,
      use_people_counter: true,
      use_heatmap: true,
    })
    .where('id', '=', camera.id)
    .execute();
  const child = await createUser(t.db, owner.customer.id, { parentUserId: owner.user.id });
  const cookie = await login(t.app, owner.user);
  const tagName = unique('owner-tag');
  const tag = await ok(
    await as(t.app, cookie, { method: 'POST', url: '/api/cameratags', payload: { tag_name: tagName } }),
  );
  const tagCode = String(tag.data.tag_code);
  const appKeyName = unique('owner-key');
  const appKey = await ok(
    await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: appKeyName } }),
  );
  const areaLinkName = unique('owner-link');
  const link = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: `/api/enter-alert/camera/${camera.code}/area-links`,
      payload: {
        areaName: areaLinkName,
        entryArea: [
          { x: 0.1, y: 0.1 },
          { x: 0.9, y: 0.1 },
          { x: 0.9, y: 0.9 },
        ],
        machineArea: null,
        detectionFrameThreshold: 3,
        minimumDetectionSize: 0.2,
        runningThreshold: 0.02,
        vigilantTime: 10,
      },
    }),
  );
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
  const clip = await putClip(t, camera.id, start, Buffer.from('owner clip'));
  const download = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: {
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 60_000).toISOString(),
      },
    }),
  );
  const shareLink = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/share-links`,
      payload: {
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 60_000).toISOString(),
        expires_in_hours: 1,
      },
    }),
  );
  const heatmapDownload = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: '/api/heatmap/downloads',
      payload: { camera_codes: [camera.code] },
    }),
  );
  const personTracking = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: `/api/person-tracking/camera/${camera.code}/analyses`,
      payload: { start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' },
    }),
  );
  const operationArea = {
    operationAreaName: 'Bench',
    points: [
      { x: 0.1, y: 0.1 },
      { x: 0.3, y: 0.1 },
      { x: 0.3, y: 0.3 },
    ],
  };
  const operationAnalysis = await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: `/api/operation-analysis/camera/${camera.code}/analyses`,
      payload: {
        start: '2026-01-01T00:00:00Z',
        end: '2026-01-01T01:00:00Z',
        operationAreaList: [operationArea],
      },
    }),
  );
  const pushEndpoint = `https://push.example/${unique('owner-endpoint')}`;
  await ok(
    await as(t.app, cookie, {
      method: 'POST',
      url: '/api/notifications/subscription',
      payload: testBrowser(pushEndpoint).subscription,
    }),
  );

  // The outsider: another customer, its parent with every right and its child with none, and its own camera.
  const outsider = await createTenant(t.db);
  const outsiderCamera = (
    await createLocationAndCamera(t.db, outsider.customer.id, unique('outsider-camera'))
  ).camera;
  const outsiderChild = await createUser(t.db, outsider.customer.id, {
    parentUserId: outsider.user.id,
    permissions: noPermissions,
  });
  const outsiderCookie = await login(t.app, outsider.user);
  const outsiderTag = await ok(
    await as(t.app, outsiderCookie, {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: 'mine' },
    }),
  );
  const { token } = await t.services.deviceAuth.issue(outsiderCamera.id, 'matrix');
  deviceHeaders = { authorization: `Bearer ${token}` };
  actors.push(
    { name: 'outsider parent', headers: { cookie: outsiderCookie } },
    { name: 'outsider child without rights', headers: { cookie: await login(t.app, outsiderChild) } },
  );

  ids = {
    owner: {
      cameraCode: camera.code,
      locationCode: location.code,
      tagCode,
      childId: child.id,
      parentEmail: owner.user.email,
      appKeyId: Number(appKey.data.id),
      areaLinkId: String(link.data.id),
      archiveId: String(clip.id),
      downloadId: String((download.data.download as { download_id: string }).download_id),
      heatmapDownloadId: String((heatmapDownload.data.download as { download_id: string }).download_id),
      personTrackingId: String((personTracking.data.analysis as { id: string }).id),
      operationAnalysisId: String((operationAnalysis.data.analysis as { id: string }).id),
      pushEndpoint,
      shareLinkId: String((shareLink.data.share_link as { share_link_id: string }).share_link_id),
    },
    outsider: { cameraCode: outsiderCamera.code, tagCode: String(outsiderTag.data.tag_code) },
  };
  ownerValues = [
    camera.code,
    cameraName,
    location.code,
    location.name,
    tagCode,
    tagName,
    child.email,
    owner.user.email,
    appKeyName,
    areaLinkName,
    pushEndpoint,
    owner.customer.code,
  ];
}, 120_000);
afterAll(() => t.cleanup());

const deviceCalls = new Set(allCalls.filter((call) => call.access === 'device').map(callKey));

describe('tenancy matrix', () => {
  it('has an entry for every call of the OpenAPI document, and none for calls that are gone', () => {
    expect(operations.length).toBeGreaterThan(60);
    const missing = operations.filter((key) => !(key in tenancyMatrix));
    expect(missing, `calls without a tenancy entry (add them to test/tenancy/tenancy-matrix.ts)`).toEqual([]);
    const stale = Object.keys(tenancyMatrix).filter((key) => !operations.includes(key));
    expect(stale, 'entries for calls the document no longer lists').toEqual([]);
  });

  it(
    "another customer's parent and rightless child reach none of the owner's data",
    { timeout: 120_000 },
    async () => {
      const entries = Object.entries(tenancyMatrix).sort(
        ([, a], [, b]) => Number(!!a.endsSession) - Number(!!b.endsSession),
      );
      const wrong: string[] = [];
      const leaks: string[] = [];
      let requests = 0;
      for (const actor of actors) {
        for (const [key, entry] of entries) {
          const expected = actor === actors[0] ? entry.parent : (entry.child ?? entry.parent);
          for (const request of entry.requests(ids)) {
            const headers = deviceCalls.has(key) ? deviceHeaders : actor.headers;
            const res = await t.app.inject({
              ...request,
              headers: { ...request.headers, ...headers },
            } as InjectOptions);
            requests += 1;
            const label = `${actor.name}: ${request.method} ${request.url}`;
            if (res.statusCode !== expected)
              wrong.push(`${label} -> ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 200)}`);
            const leaked = leakedValues(res.body, ownerValues, request);
            if (leaked.length) leaks.push(`${label} leaked ${leaked.join(', ')}`);
          }
        }
      }
      console.log(
        `tenancy matrix: ${entries.length} calls, ${requests} requests, ${leaks.length} leaks, ${wrong.length} unexpected answers`,
      );
      expect(leaks, 'answers carrying the owner’s data').toEqual([]);
      expect(wrong, 'answers other than the matrix says').toEqual([]);
    },
  );

  it('the owner still reaches all of it (the probes are not refused for another reason)', async () => {
    const cookie = await login(t.app, { email: ids.owner.parentEmail, password: 'secret-pass-1' });
    for (const url of [
      `/api/cameras/${ids.owner.cameraCode}`,
      `/api/locations/${ids.owner.locationCode}`,
      `/api/archives/${ids.owner.archiveId}/motion`,
      `/api/downloads/${ids.owner.downloadId}`,
      `/api/heatmap/downloads/${ids.owner.heatmapDownloadId}`,
      `/api/enter-alert/camera/${ids.owner.cameraCode}/area-links/${ids.owner.areaLinkId}`,
      `/api/operation-analysis/camera/${ids.owner.cameraCode}/setting`,
      `/api/person-tracking/camera/${ids.owner.cameraCode}/setting`,
      `/api/person-tracking/analyses/${ids.owner.personTrackingId}`,
      `/api/operation-analysis/analyses/${ids.owner.operationAnalysisId}`,
      `/api/people-counter/camera/${ids.owner.cameraCode}/counts`,
      `/api/people-counter/location/${ids.owner.locationCode}/counts`,
      `/api/people-counter/camera/${ids.owner.cameraCode}/setting`,
    ]) {
      const res = await as(t.app, cookie, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
