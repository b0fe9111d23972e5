// Tenancy matrix entries of the camera calls: detail, live, streams, archives, downloads, TLT settings, and the
// device calls of the camera agents.
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis';
import { defaultAnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import {
  areaLink,
  camera,
  FORGED,
  GET,
  links,
  minute,
  range,
  rangeQuery,
  send,
  type MatrixEntry,
} from './matrix-requests.ts';

/** A 0.2-wide square area from (x, y), in picture coordinates. */
const square = (x: number, y: number) => [
  { x, y },
  { x: x + 0.2, y },
  { x: x + 0.2, y: y + 0.2 },
  { x, y: y + 0.2 },
];

export const cameraMatrix: Record<string, MatrixEntry> = {
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
  'GET /api/cameras/:camera_code/video-settings': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/video-settings`)],
    parent: 404,
  },
  'PUT /api/cameras/:camera_code/video-settings': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('PUT', `${camera(owner.cameraCode)}/video-settings`, {
        resolution: '1280x720',
        fps: 10,
        max_bitrate_kbps: null,
        live_interval_sec: 1,
      }),
    ],
    parent: 404,
  },
  'GET /api/cameras/:camera_code/health': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/health`)],
    parent: 404,
  },
  'GET /api/camera-health': {
    scope: 'own',
    requests: () => [GET('/api/camera-health'), GET('/api/camera-health?page=2&count=1')],
    parent: 200,
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
  'GET /api/cameras/:camera_code/coverage': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      GET(
        `${camera(owner.cameraCode)}/coverage?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&bucket=3600`,
      ),
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
  'GET /api/cameras/:camera_code/ptz/presets': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`${camera(owner.cameraCode)}/ptz/presets`)],
    parent: 404,
  },
  'POST /api/cameras/:camera_code/ptz/presets': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('POST', `${camera(owner.cameraCode)}/ptz/presets`, { name: 'entrance' })],
    parent: 404,
  },
  'POST /api/cameras/:camera_code/ptz/presets/:token/goto': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('POST', `${camera(owner.cameraCode)}/ptz/presets/p1/goto`, {})],
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
  'GET /api/people-counter/camera/:cameraCode/setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/people-counter/camera/${owner.cameraCode}/setting`)],
    parent: 404,
  },
  'PUT /api/people-counter/camera/:cameraCode/setting': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('PUT', `/api/people-counter/camera/${owner.cameraCode}/setting`, {
        differenceArea: null,
        entranceStartArea: square(0.1, 0.1),
        entranceEndArea: square(0.6, 0.1),
        analysisPeriods: defaultAnalysisPeriods(),
        staffJudgmentDays: 30,
        staffAdmissionThreshold: 10,
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
