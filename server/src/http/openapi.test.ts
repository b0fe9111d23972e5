// The OpenAPI document lists every call the server serves, and every served call is declared in the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, callKey } from '@camwatch/contract/calls';
import { controlChannelPath } from '@camwatch/contract/device';
import { liveFmp4Route } from '@camwatch/contract/live-fmp4';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

let t: TestApp;
let served: string[];
let paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;

/**
 * Routes that serve the documentation itself, or a WebSocket (the agents' control channel, the viewers' live fMP4
 * stream at a signed address), rather than a call.
 */
const isDocsRoute = (key: string) =>
  / \/api\/(docs|openapi\.json)/.test(key) ||
  key === `GET ${controlChannelPath}` ||
  key === `GET ${liveFmp4Route}`;

beforeAll(async () => {
  t = await createTestApp();
  served = t.routes.filter((key) => / \/api\//.test(key) && !isDocsRoute(key));
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(() => t.app.close());

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json and browsable at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: '3.1.0', info: { version: '2.78.0' } });
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('lists every served call with its 200 answer', () => {
    expect(served.length).toBeGreaterThanOrEqual(9);
    for (const key of served) {
      const [method = '', path = ''] = key.split(' ');
      const op = paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(op, `${key} missing from the OpenAPI document`).toBeDefined();
      expect(Object.keys(op?.responses ?? {})).toContain('200');
    }
  });

  it('every served /api route is a call declared in packages/contract', () => {
    const declared = new Set(allCalls.map(callKey));
    for (const key of served)
      expect(declared.has(key), `${key} is served but not declared in the contract`).toBe(true);
  });

  it('documents the errors every call can meet: 431, 500 and 503; 413 and 415 where a body is read', () => {
    for (const key of served) {
      const [method = '', path = ''] = key.split(' ');
      const statuses = Object.keys(paths[openApiPath(path)]?.[method.toLowerCase()]?.responses ?? {});
      expect(statuses, key).toEqual(expect.arrayContaining(['431', '500', '503']));
      if (method !== 'GET') expect(statuses, key).toEqual(expect.arrayContaining(['400', '413', '415']));
      if (path.includes('/:')) expect(statuses, key).toEqual(expect.arrayContaining(['400', '404', '414']));
    }
  });

  it('says what non-JSON answers really are: CSV, JPEG, MP4, HLS', () => {
    const contentTypes = (path: string, status = '200') =>
      Object.keys(
        (paths[path]?.get?.responses[status] as { content?: Record<string, unknown> } | undefined)?.content ??
          {},
      );
    expect(contentTypes('/api/enter-alert/camera/{cameraCode}/csv')).toEqual(['text/csv']);
    expect(contentTypes('/api/cameras/{camera_code}/live/image')).toEqual(['image/jpeg']);
    expect(contentTypes('/api/media/{token}')).toEqual([
      'video/mp4',
      'image/jpeg',
      'application/octet-stream',
    ]);
    expect(contentTypes('/api/media/{token}', '206')).toContain('video/mp4');
    expect(contentTypes('/api/streams/{token}/index.m3u8')).toEqual(['application/vnd.apple.mpegurl']);
    expect(contentTypes('/api/streams/{token}/{segment}')).toEqual(['video/mp2t']);
    // Errors stay JSON; a redirect and a 304 have no body at all.
    expect(contentTypes('/api/enter-alert/camera/{cameraCode}/csv', '404')).toEqual(['application/json']);
    expect(contentTypes('/api/downloads/{download_id}/file', '302')).toEqual([]);
    expect(contentTypes('/api/cameras/{camera_code}/live/image', '304')).toEqual([]);
  });

  it('describes shared shapes once, as components', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['UserInfo', 'Permissions', 'EnvSettings', 'ValidationError', 'Error']),
    );
  });
});
