// The tenancy matrix: for every call of the OpenAPI document, how another customer tries to reach the owner's data
// through it, and what it must answer. A call missing from here fails the matrix test, so a new call must say
// how it is scoped before it lands.
import type { InjectOptions } from 'fastify';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis';
import { testBrowser } from '../helpers/push-receiver.ts';

/** The owner's data the outsider aims at, and the outsider's own (for calls that act on the caller's own). */
export interface MatrixIds {
  owner: {
    cameraCode: string;
    locationCode: string;
    tagCode: string;
    childId: number;
    parentEmail: string;
    appKeyId: number;
    areaLinkId: string;
    archiveId: string;
    downloadId: string;
    pushEndpoint: string;
  };
  outsider: { cameraCode: string; tagCode: string };
}

/**
 * - `foreign-id`: the request names the owner's ids; refused (404 hides that they exist; 403 where the rights check
 *   comes first).
 * - `own`: the call acts on or lists the caller's own customer; it answers, and nothing of the owner's shows.
 * - `no-tenant-data`: nothing in it belongs to a customer (the public settings, releases, weather, sign-in).
 * - `device`: a device token of the outsider's camera against the owner's camera code; 403.
 * - `signed-address`: media and streams are addressed by signed tokens naming their camera; a forged one is refused.
 */
export type Scope = 'foreign-id' | 'own' | 'no-tenant-data' | 'device' | 'signed-address';

export interface MatrixEntry {
  scope: Scope;
  requests: (ids: MatrixIds) => InjectOptions[];
  /** The outsider parent's answer (all rights). */
  parent: number;
  /** The outsider's child without any right; the parent's answer when not given. */
  child?: number;
  /** Sent after every other entry: the call ends the caller's session. */
  endsSession?: boolean;
}

const GET = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
const range = { start_datetime: '2026-01-01T00:00:00Z', end_datetime: '2026-01-01T01:00:00Z' };
const rangeQuery = `start_datetime=${range.start_datetime}&end_datetime=${range.end_datetime}`;
const rect = [
  { x: 0.1, y: 0.1 },
  { x: 0.9, y: 0.1 },
  { x: 0.9, y: 0.9 },
];
const areaLink = {
  areaName: 'outsider link',
  entryArea: rect,
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.2,
  runningThreshold: 0.02,
  vigilantTime: 10,
};
const FORGED = 'eyJjIjoxLCJrIjoiY2xpcHMvMSJ9.Zm9yZ2VkLXNpZ25hdHVyZS1mb3ItdGhlLW1hdHJpeA';
const minute = '2026-01-01T00:00:00Z';

const camera = (code: string) => `/api/cameras/${code}`;
const links = (code: string) => `/api/enter-alert/camera/${code}/area-links`;

export const tenancyMatrix: Record<string, MatrixEntry> = {
  // Sign-in, the session and the caller's own account.
  'GET /api/auth/me': { scope: 'own', requests: () => [GET('/api/auth/me')], parent: 200 },
  'POST /api/auth/login': {
    scope: 'no-tenant-data',
    requests: ({ owner }) => [
      send('POST', '/api/auth/login', { email: owner.parentEmail, password: 'not-the-password-1' }),
    ],
    parent: 401,
  },
  'POST /api/auth/logout': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/logout')],
    parent: 200,
    endsSession: true,
  },
  'POST /api/auth/checklogin': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/checklogin', {})],
    parent: 200,
  },
  'GET /api/auth/appkey': { scope: 'own', requests: () => [GET('/api/auth/appkey')], parent: 200 },
  'POST /api/auth/appkey': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/appkey', { name: 'outsider key' })],
    parent: 200,
    child: 403,
  },
  'DELETE /api/auth/appkey': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', '/api/auth/appkey', { id: owner.appKeyId })],
    parent: 404,
    child: 403,
  },
  'PUT /api/auth/devauth': {
    scope: 'own',
    requests: () => [send('PUT', '/api/auth/devauth', { enabled: false })],
    parent: 200,
    child: 403,
  },
  'PUT /api/auth/password': {
    scope: 'own',
    requests: () => [
      send('PUT', '/api/auth/password', {
        currentPassword: 'not-the-password-1',
        newPassword: 'new-pass-12345',
      }),
    ],
    parent: 400,
  },
  'GET /api/settings/env': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/settings/env')],
    parent: 200,
  },
  'POST /api/password/reset_request': {
    scope: 'no-tenant-data',
    requests: ({ owner }) => [
      {
        ...send('POST', '/api/password/reset_request', {
          email: owner.parentEmail,
          return_url: 'http://localhost:8080/password_reissue',
        }),
        headers: { host: 'localhost:8080' },
      },
    ],
    parent: 200,
  },
  'POST /api/password/reset': {
    scope: 'no-tenant-data',
    requests: () => [send('POST', '/api/password/reset', { token: FORGED, password: 'new-pass-12345' })],
    parent: 400,
  },

  // Cameras, live and streams.
  'GET /api/cameras': {
    scope: 'own',
    requests: ({ owner }) => [GET('/api/cameras'), GET(`/api/cameras?keyword=${owner.cameraCode}`)],
    parent: 200,
  },
  'GET /api/cameras/:camera_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(camera(owner.cameraCode))],
    parent: 404,
  },
  'PUT /api/cameras/:camera_code/live': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `${camera(owner.cameraCode)}/live`)],
    parent: 404,
  },
  'POST /api/cameras/:camera_code/streaming': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('POST', `${camera(owner.cameraCode)}/streaming`, { mode: 'live', expires: 60 }),
      send('POST', `${camera(owner.cameraCode)}/streaming`, { mode: 'on_demand', ...range, expires: 60 }),
    ],
    parent: 404,
  },
  'GET /api/streams/:token/index.m3u8': {
    scope: 'signed-address',
    requests: () => [GET(`/api/streams/${FORGED}/index.m3u8`)],
    parent: 403,
  },
  'GET /api/streams/:token/:segment': {
    scope: 'signed-address',
    requests: () => [GET(`/api/streams/${FORGED}/1-0.ts`)],
    parent: 403,
  },
  'GET /api/cameras/:camera_code/snapshots': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      GET(
        `${camera(owner.cameraCode)}/snapshots?startDatetime=2026-01-01T00:00:00Z&endDatetime=2026-01-01T00:30:00Z`,
      ),
    ],
    parent: 404,
    child: 403,
  },
  'GET /api/cameras/:camera_code/archives': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      GET(`${camera(owner.cameraCode)}/archives?start_date=2026-01-01T00:00:00Z&period=1`),
    ],
    parent: 404,
    child: 403,
  },
  'GET /api/archives/:archive_id/video': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/archives/${owner.archiveId}/video`)],
    parent: 404,
    child: 403,
  },
  'GET /api/archives/:archive_id/motion': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/archives/${owner.archiveId}/motion`)],
    parent: 404,
    child: 403,
  },
  'GET /api/cameras/:camera_code/live/image': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/live/image`)],
    parent: 404,
  },
  'GET /api/media/:token': {
    scope: 'signed-address',
    requests: () => [GET(`/api/media/${FORGED}`)],
    parent: 403,
  },
  'POST /api/cameras/:camera_code/ptz': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('POST', `${camera(owner.cameraCode)}/ptz`, { home: true })],
    parent: 404,
  },
  'PUT /api/cameras/:camera_code/lighting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `${camera(owner.cameraCode)}/lighting`, { on: true })],
    parent: 404,
  },
  'GET /api/cameras/:camera_code/motion-notification': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/motion-notification`)],
    parent: 404,
  },
  'PUT /api/cameras/:camera_code/motion-notification': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('PUT', `${camera(owner.cameraCode)}/motion-notification`, { enabled: true }),
    ],
    parent: 404,
  },

  // Downloads.
  'POST /api/cameras/:camera_code/downloads': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('POST', `${camera(owner.cameraCode)}/downloads`, range)],
    parent: 404,
    child: 403,
  },
  'GET /api/cameras/:camera_code/downloads/allowance': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/downloads/allowance`)],
    parent: 404,
    child: 403,
  },
  'GET /api/downloads/:download_id': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/downloads/${owner.downloadId}`)],
    parent: 404,
    child: 403,
  },
  'GET /api/downloads/:download_id/file': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/downloads/${owner.downloadId}/file`)],
    parent: 404,
    child: 403,
  },

  // Tags.
  'GET /api/cameratags': { scope: 'own', requests: () => [GET('/api/cameratags')], parent: 200 },
  'POST /api/cameratags': {
    scope: 'own',
    // A new name each time: the parent and the child share their customer's tag names.
    requests: () => [send('POST', '/api/cameratags', { tag_name: `outsider tag ${Math.random()}` })],
    parent: 200,
  },
  'PUT /api/cameratags/:tag_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `/api/cameratags/${owner.tagCode}`, { tag_name: 'taken over' })],
    parent: 404,
  },
  'DELETE /api/cameratags/:tag_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', `/api/cameratags/${owner.tagCode}`)],
    parent: 404,
  },
  'POST /api/cameratags/assign': {
    scope: 'foreign-id',
    requests: ({ owner, outsider }) => [
      // The owner's camera with the outsider's tag, and the outsider's camera with the owner's tag.
      send('POST', '/api/cameratags/assign', {
        camera_code: [owner.cameraCode],
        set_tag_code: [outsider.tagCode],
      }),
      send('POST', '/api/cameratags/assign', {
        camera_code: [outsider.cameraCode],
        set_tag_code: [owner.tagCode],
      }),
    ],
    parent: 404,
  },

  // Locations and the map.
  'GET /api/locations/area': { scope: 'own', requests: () => [GET('/api/locations/area')], parent: 200 },
  'GET /api/locations/city': { scope: 'own', requests: () => [GET('/api/locations/city')], parent: 200 },
  'GET /api/locations/range': {
    scope: 'own',
    requests: () => [GET('/api/locations/range?lat_min=-90&lat_max=90&lng_min=-180&lng_max=180')],
    parent: 200,
  },
  'GET /api/locations/:location_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/locations/${owner.locationCode}`)],
    parent: 404,
  },
  'GET /api/weather/:date/:time/:type': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/weather/2026-01-01/09:00/warning')],
    parent: 404,
  },

  // Notifications and web push.
  'GET /api/notifications': { scope: 'own', requests: () => [GET('/api/notifications')], parent: 200 },
  'GET /api/notifications/read': {
    scope: 'own',
    requests: () => [GET('/api/notifications/read')],
    parent: 200,
  },
  'PUT /api/notifications/read/:event': {
    scope: 'own',
    requests: () => [send('PUT', '/api/notifications/read/motion')],
    parent: 200,
  },
  'GET /api/notifications/vapid': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/notifications/vapid')],
    parent: 200,
  },
  'POST /api/notifications/subscription': {
    scope: 'own',
    requests: () => [
      send(
        'POST',
        '/api/notifications/subscription',
        testBrowser('https://push.example/outsider').subscription,
      ),
    ],
    parent: 200,
  },
  'DELETE /api/notifications/subscription': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('DELETE', '/api/notifications/subscription', { endpoint: owner.pushEndpoint }),
    ],
    parent: 404,
  },

  // Feedback, client errors, debug and releases.
  'POST /api/feedback': {
    scope: 'own',
    requests: () => [send('POST', '/api/feedback', { message: 'from the matrix' })],
    parent: 200,
  },
  'POST /api/client-errors': {
    scope: 'own',
    requests: () => [send('POST', '/api/client-errors', { message: 'matrix', url: '/x' })],
    parent: 200,
  },
  'GET /api/debug/environment': {
    scope: 'own',
    requests: () => [GET('/api/debug/environment')],
    parent: 200,
    child: 403,
  },
  'GET /api/debug/mail-outbox': {
    scope: 'own',
    requests: () => [GET('/api/debug/mail-outbox')],
    parent: 200,
    child: 403,
  },
  'GET /api/debug/client-errors': {
    scope: 'own',
    requests: () => [GET('/api/debug/client-errors')],
    parent: 200,
    child: 403,
  },
  'GET /api/releases': { scope: 'no-tenant-data', requests: () => [GET('/api/releases')], parent: 200 },

  // Child users.
  'GET /api/childusers': { scope: 'own', requests: () => [GET('/api/childusers')], parent: 200, child: 403 },
  'PUT /api/childusers/:userId': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `/api/childusers/${owner.childId}`, { locked: true })],
    parent: 404,
    child: 403,
  },
  'DELETE /api/childusers/:userId/appkey': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', `/api/childusers/${owner.childId}/appkey`)],
    parent: 404,
    child: 403,
  },

  // Operation analysis and entry detection (TLT).
  'GET /api/operation-analysis/camera/:cameraCode/setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/operation-analysis/camera/${owner.cameraCode}/setting`)],
    parent: 404,
  },
  'PUT /api/operation-analysis/camera/:cameraCode/setting/detection-setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send(
        'PUT',
        `/api/operation-analysis/camera/${owner.cameraCode}/setting/detection-setting`,
        DEFAULT_OPERATION_DETECTION_SETTING,
      ),
    ],
    parent: 404,
  },
  'PUT /api/operation-analysis/camera/:cameraCode/setting/area-setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('PUT', `/api/operation-analysis/camera/${owner.cameraCode}/setting/area-setting`, {
        operationAreaList: [],
      }),
    ],
    parent: 404,
  },
  'GET /api/enter-alert/camera/:cameraCode/area-links': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(links(owner.cameraCode))],
    parent: 404,
  },
  'GET /api/enter-alert/camera/:cameraCode/area-links/:id': {
    scope: 'foreign-id',
    requests: ({ owner, outsider }) => [
      GET(`${links(owner.cameraCode)}/${owner.areaLinkId}`),
      // The outsider's own camera with the owner's link id.
      GET(`${links(outsider.cameraCode)}/${owner.areaLinkId}`),
    ],
    parent: 404,
  },
  'POST /api/enter-alert/camera/:cameraCode/area-links': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('POST', links(owner.cameraCode), areaLink)],
    parent: 404,
  },
  'PUT /api/enter-alert/camera/:cameraCode/area-links/:id': {
    scope: 'foreign-id',
    requests: ({ owner, outsider }) => [
      send('PUT', `${links(owner.cameraCode)}/${owner.areaLinkId}`, areaLink),
      send('PUT', `${links(outsider.cameraCode)}/${owner.areaLinkId}`, areaLink),
    ],
    parent: 404,
  },
  'DELETE /api/enter-alert/camera/:cameraCode/area-links/:id': {
    scope: 'foreign-id',
    requests: ({ owner, outsider }) => [
      send('DELETE', `${links(owner.cameraCode)}/${owner.areaLinkId}`),
      send('DELETE', `${links(outsider.cameraCode)}/${owner.areaLinkId}`),
    ],
    parent: 404,
  },
  'GET /api/enter-alert/camera/:cameraCode/alerts': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/enter-alert/camera/${owner.cameraCode}/alerts?${rangeQuery}`)],
    parent: 404,
  },
  'GET /api/enter-alert/camera/:cameraCode/csv': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/enter-alert/camera/${owner.cameraCode}/csv?${rangeQuery}`)],
    parent: 404,
  },

  // The audit log: filters naming the owner's user or camera find nothing of theirs.
  'GET /api/audit-log': {
    scope: 'own',
    requests: ({ owner }) => [
      GET('/api/audit-log'),
      GET(`/api/audit-log?camera_code=${owner.cameraCode}`),
      GET(`/api/audit-log?user_id=${owner.childId}`),
    ],
    parent: 200,
    child: 403,
  },
  'GET /api/audit-log/csv': {
    scope: 'own',
    requests: ({ owner }) => [GET(`/api/audit-log/csv?camera_code=${owner.cameraCode}`)],
    parent: 200,
    child: 403,
  },
  'GET /api/audit-log/options': {
    scope: 'own',
    requests: () => [GET('/api/audit-log/options')],
    parent: 200,
    child: 403,
  },

  // Device calls: the outsider's device token against the owner's camera.
  'PUT /api/ingest/cameras/:camera_code/clips/:start_time': {
    scope: 'device',
    requests: ({ owner }) => [
      {
        method: 'PUT',
        url: `/api/ingest/cameras/${owner.cameraCode}/clips/${minute}?duration_ms=60000&sha256=${'0'.repeat(64)}`,
        headers: { 'content-type': 'video/mp4' },
        payload: Buffer.from('clip'),
      },
    ],
    parent: 403,
  },
  'PUT /api/ingest/cameras/:camera_code/thumbnails/:start_time': {
    scope: 'device',
    requests: ({ owner }) => [
      {
        method: 'PUT',
        url: `/api/ingest/cameras/${owner.cameraCode}/thumbnails/${minute}`,
        headers: { 'content-type': 'image/jpeg' },
        payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      },
    ],
    parent: 403,
  },
  'POST /api/ingest/cameras/:camera_code/stills': {
    scope: 'device',
    requests: ({ owner }) => [
      {
        method: 'POST',
        url: `/api/ingest/cameras/${owner.cameraCode}/stills?captured_at=${Date.UTC(2026, 0, 1)}`,
        headers: { 'content-type': 'image/jpeg' },
        payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      },
    ],
    parent: 403,
  },
  'POST /api/ingest/cameras/:camera_code/heartbeat': {
    scope: 'device',
    requests: ({ owner }) => [send('POST', `/api/ingest/cameras/${owner.cameraCode}/heartbeat`, {})],
    parent: 403,
  },
  'PUT /api/ingest/cameras/:camera_code/live-segments/:sequence': {
    scope: 'device',
    requests: ({ owner }) => [
      {
        method: 'PUT',
        url: `/api/ingest/cameras/${owner.cameraCode}/live-segments/1?duration_ms=1000`,
        headers: { 'content-type': 'video/mp2t' },
        payload: Buffer.from('segment'),
      },
    ],
    parent: 403,
  },
  'GET /api/ingest/device': { scope: 'own', requests: () => [GET('/api/ingest/device')], parent: 200 },
};
