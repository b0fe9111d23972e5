import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls, callKey } from './calls.ts';

/** Every call the spec's §7 tables name, written out by hand, with the paths the issues fixed where the spec shows none. */
const expectedCalls = [
  // core.md §7 and advanced.md §7
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/checklogin',
  'GET /api/auth/appkey',
  'POST /api/auth/appkey',
  'DELETE /api/auth/appkey',
  'POST /api/password/reset_request',
  'POST /api/password/reset',
  'PUT /api/auth/devauth',
  'PUT /api/auth/password',
  'GET /api/cameras',
  'GET /api/cameras/:camera_code',
  'GET /api/cameras/:camera_code/archives',
  'GET /api/locations/city',
  'GET /api/locations/area',
  'GET /api/locations/range',
  'GET /api/locations/:location_code',
  'GET /api/weather/:date/:time/:type',
  'POST /api/cameratags/assign',
  'GET /api/cameratags',
  'POST /api/cameratags',
  'PUT /api/cameratags/:tag_code',
  'DELETE /api/cameratags/:tag_code',
  'POST /api/cameras/:camera_code/streaming',
  'PUT /api/cameras/:camera_code/live',
  'GET /api/cameras/:camera_code/snapshots',
  'GET /api/notifications/read',
  'PUT /api/notifications/read/:event',
  'GET /api/notifications/vapid',
  'POST /api/notifications/subscription',
  'DELETE /api/notifications/subscription',
  'POST /api/feedback',
  'GET /api/settings/env',
  'GET /api/archives/:archive_id/video',
  'GET /api/archives/:archive_id/motion',
  'GET /api/childusers',
  'PUT /api/childusers/:userId',
  'DELETE /api/childusers/:userId/appkey',
  'GET /api/operation-analysis/camera/:cameraCode/setting',
  'PUT /api/operation-analysis/camera/:cameraCode/setting/detection-setting',
  'PUT /api/operation-analysis/camera/:cameraCode/setting/area-setting',
  'GET /api/people-counter/camera/:cameraCode/setting',
  'PUT /api/people-counter/camera/:cameraCode/setting',
  // named by the issues only
  'GET /api/notifications',
  'GET /api/releases',
  'GET /api/cameras/:camera_code/live/image',
  'GET /api/media/:token',
  'GET /api/streams/:token/index.m3u8',
  'GET /api/streams/:token/:segment',
  'POST /api/cameras/:camera_code/ptz',
  'GET /api/cameras/:camera_code/ptz/presets',
  'POST /api/cameras/:camera_code/ptz/presets',
  'POST /api/cameras/:camera_code/ptz/presets/:token/goto',
  'PUT /api/cameras/:camera_code/lighting',
  // issue 20: camera settings from the server
  'GET /api/cameras/:camera_code/video-settings',
  'PUT /api/cameras/:camera_code/video-settings',
  'POST /api/cameras/:camera_code/downloads',
  'GET /api/cameras/:camera_code/downloads/allowance',
  'GET /api/downloads/:download_id',
  'GET /api/downloads/:download_id/file',
  'GET /api/cameras/:camera_code/motion-notification',
  'PUT /api/cameras/:camera_code/motion-notification',
  'POST /api/client-errors',
  'GET /api/debug/environment',
  'GET /api/debug/mail-outbox',
  'GET /api/debug/client-errors',
  'GET /api/enter-alert/camera/:cameraCode/area-links',
  'GET /api/enter-alert/camera/:cameraCode/area-links/:id',
  'POST /api/enter-alert/camera/:cameraCode/area-links',
  'PUT /api/enter-alert/camera/:cameraCode/area-links/:id',
  'DELETE /api/enter-alert/camera/:cameraCode/area-links/:id',
  'GET /api/enter-alert/camera/:cameraCode/alerts',
  'GET /api/enter-alert/camera/:cameraCode/csv',
  'GET /api/people-counter/camera/:cameraCode/counts',
  'GET /api/people-counter/location/:locationCode/counts',
  'GET /api/people-counter/camera/:cameraCode/counts/csv',
  'GET /api/people-counter/location/:locationCode/counts/csv',
  // the heat map (issue 14)
  'GET /api/heatmap/camera/:cameraCode',
  'POST /api/heatmap/downloads',
  'GET /api/heatmap/downloads',
  'GET /api/heatmap/downloads/:download_id',
  'GET /api/heatmap/downloads/:download_id/file',
  // Operation analysis requests and results (issue 15; paths not in the spec).
  'POST /api/operation-analysis/camera/:cameraCode/analyses',
  'GET /api/operation-analysis/analyses',
  'GET /api/operation-analysis/analyses/:id',
  'GET /api/operation-analysis/analyses/:id/csv',
  // Person tracking (issue 15; paths not in the spec).
  'GET /api/person-tracking/camera/:cameraCode/setting',
  'PUT /api/person-tracking/camera/:cameraCode/setting',
  'POST /api/person-tracking/camera/:cameraCode/analyses',
  'GET /api/person-tracking/analyses',
  'GET /api/person-tracking/analyses/:id',
  'GET /api/person-tracking/analyses/:id/csv',
  // the audit log (issue 16): reading only
  'GET /api/audit-log',
  'GET /api/audit-log/options',
  'GET /api/audit-log/csv',
  // the events page (issue 22)
  'GET /api/events',
  'GET /api/events/filters',
  'GET /api/events/unreviewed-count',
  'POST /api/events/reviewed',
  // the continuous timeline (issue 22)
  'GET /api/cameras/:camera_code/coverage',
  // camera health (issue 22)
  'GET /api/cameras/:camera_code/health',
  'GET /api/camera-health',
  // shareable clip links (issue 22): the user's, and the public ones a link opens without an account
  'POST /api/cameras/:camera_code/share-links',
  'GET /api/share-links',
  'DELETE /api/share-links/:share_link_id',
  'GET /api/public/share/:token',
  'GET /api/public/share/:token/clips/:clip_id',
  'GET /api/public/share/:token/download',
  // the device API of camera agents (issue “Video pipeline”)
  'PUT /api/ingest/cameras/:camera_code/clips/:start_time',
  'PUT /api/ingest/cameras/:camera_code/thumbnails/:start_time',
  'POST /api/ingest/cameras/:camera_code/stills',
  'POST /api/ingest/cameras/:camera_code/heartbeat',
  'GET /api/ingest/device',
  'PUT /api/ingest/cameras/:camera_code/live-segments/:sequence',
];

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

describe('allCalls', () => {
  it('core.md §7: every call has a unique METHOD path', () => {
    const keys = allCalls.map(callKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('core.md §7: every path starts with /api/', () => {
    for (const call of allCalls) expect(call.path, callKey(call)).toMatch(/^\/api\//);
  });

  it('core.md §7, advanced.md §7: lists each call the spec tables name', () => {
    const keys = new Set(allCalls.map(callKey));
    for (const key of expectedCalls) expect(keys.has(key), `${key} is not declared`).toBe(true);
    expect(allCalls).toHaveLength(expectedCalls.length);
  });

  it('core.md §7: the params schema names exactly the path parameters', () => {
    for (const call of allCalls) {
      const names = pathParams(call.path);
      expect(Object.keys(call.params?.shape ?? {}).sort(), callKey(call)).toEqual(names.sort());
    }
  });

  it('core.md §8: session calls answer 401, calls with input answer 400', () => {
    for (const call of allCalls) {
      if (call.access === 'session') expect(call.responses[401], `${callKey(call)} 401`).toBeDefined();
      if (call.params || call.query || call.body)
        expect(call.responses[400], `${callKey(call)} 400`).toBeDefined();
    }
  });

  it('core.md §7: inputs and answers convert to JSON Schema for the OpenAPI document', () => {
    for (const call of allCalls) {
      for (const input of [call.params, call.query, call.body])
        if (input) expect(() => z.toJSONSchema(input, { io: 'input' }), callKey(call)).not.toThrow();
      // Answers are encoded on the way out, so they must not hold one-way transforms.
      for (const answer of Object.values(call.responses))
        if (answer) expect(() => z.toJSONSchema(answer, { io: 'output' }), callKey(call)).not.toThrow();
    }
  });
});
