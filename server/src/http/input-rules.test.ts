// The rules every call shares (issue 16 points 10-12): no NUL in any string, dates within the service's years,
// and every answer in the documented error shapes, including the ones Fastify and Node raise before a route runs.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorShapeOptions, registerErrorHandling } from './errors.ts';
import { bearer, deviceCamera, type DeviceCamera } from '../ingest/ingest-test-kit.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../test/helpers/test-app.ts';

let t: TestApp;
let cookie: string;
let cameraCode: string;
let device: DeviceCamera;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db);
  cameraCode = (await createLocationAndCamera(t.db, tenant.customer.id)).camera.code;
  cookie = await login(t.app, tenant.user);
  device = await deviceCamera(t);
});
afterAll(() => t.app.close());

/** A promise with its resolve (Promise.withResolvers is not in Node 20). */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tagNames = async () =>
  (await as(t.app, cookie, { method: 'GET', url: '/api/cameratags' }))
    .json()
    .data.tags.map((tag: { tag_name: string }) => tag.tag_name);

describe('a NUL character anywhere -> 400 naming the field, nothing stored', () => {
  it.each([
    [
      'a JSON body field',
      { method: 'POST', url: '/api/cameratags', payload: { tag_name: 'gate\u0000' } },
      'tag_name',
    ],
    ['a path parameter', { method: 'GET', url: '/api/cameras/cam%00x' }, 'camera_code'],
    ['a query value', { method: 'GET', url: '/api/cameras?keyword=lobby%00' }, 'keyword'],
    ['an array item in the query', { method: 'GET', url: '/api/cameras?tags[]=a&tags[]=b%00' }, 'tags[].1'],
    [
      'a push endpoint',
      {
        method: 'DELETE',
        url: '/api/notifications/subscription',
        payload: { endpoint: 'https://push.example/\u0000' },
      },
      'endpoint',
    ],
    [
      'a body key',
      { method: 'POST', url: '/api/cameratags', payload: { tag_name: 'x', 'k\u0000': 1 } },
      'k\\0',
    ],
  ] as const)('%s', async (_name, request, field) => {
    const before = await tagNames();
    const res = await as(t.app, cookie, request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toEqual(['must not contain the NUL character']);
    expect(await tagNames()).toEqual(before);
  });

  it('a nested field is named by its path', async () => {
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/operation-analysis/camera/${cameraCode}/setting/area-setting`,
      payload: { operationAreaList: [{ operationAreaName: 'press\u0000', points: [] }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors['operationAreaList.0.operationAreaName']).toEqual([
      'must not contain the NUL character',
    ]);
  });

  it('a device call refuses it too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/cameras/${device.code}/heartbeat`,
      headers: bearer(device.token),
      payload: { agent_version: '1.0\u0000' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.agent_version).toBeDefined();
  });
});

describe('dates and offsets within range -> otherwise 400 naming the field', () => {
  it.each([
    ['/api/weather/0000-01-01/00:00/warning', 'date'],
    ['/api/weather/1970-01-01/00:00/warning', 'date'],
    ['/api/weather/2101-01-01/00:00/warning', 'date'],
  ])('GET %s', async (url, field) => {
    const res = await as(t.app, cookie, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toEqual(['must be between 2000 and 2100']);
  });

  it('archives of 1970 and snapshots of year 0000', async () => {
    const archives = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${cameraCode}/archives?start_date=1970-01-01T00:00:00Z&period=1`,
    });
    expect(archives.statusCode, archives.body).toBe(400);
    expect(archives.json().errors.start_date).toBeDefined();
    const snapshots = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${cameraCode}/snapshots?startDatetime=0000-01-01T00:00:00Z&endDatetime=0000-01-01T00:10:00Z`,
    });
    expect(snapshots.statusCode, snapshots.body).toBe(400);
    expect(snapshots.json().errors.startDatetime).toBeDefined();
  });

  const upload = (startTime: string, query: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/ingest/cameras/${device.code}/clips/${startTime}?sha256=${'0'.repeat(64)}&${query}`,
      headers: { ...bearer(device.token), 'content-type': 'video/mp4' },
      payload: Buffer.from('not a clip'),
    });

  it.each(['0000-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '2101-01-01T00:00:00Z'])(
    'a clip starting %s',
    async (startTime) => {
      const res = await upload(startTime, 'duration_ms=60000');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.start_time).toEqual(['must be between 2000 and 2100']);
    },
  );

  it('offset_ms must leave the clip inside its minute', async () => {
    const late = await upload('2026-01-01T00:00:00Z', 'duration_ms=60000&offset_ms=59999');
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().errors.offset_ms).toEqual(['with duration_ms must end within the minute']);
    // A short piece at the end of the minute fits: the check passes and the body is what is refused.
    const fits = await upload('2026-01-01T00:00:00Z', 'duration_ms=2000&offset_ms=58000');
    expect(fits.json().errors?.offset_ms).toBeUndefined();
  });

  it('a still captured in 1970', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/cameras/${device.code}/stills?captured_at=1000`,
      headers: { ...bearer(device.token), 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.captured_at).toEqual(['must be between 2000 and 2100']);
  });
});

describe('errors raised before a route runs keep the documented shapes', () => {
  it.each([`/api/cameras/%zz`, `/api/cameras/%E0%A4%A`, '/api/auth/me%zz'])(
    'bad percent-encoding in %s -> 400 on path',
    async (url) => {
      const res = await as(t.app, cookie, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        errors: { path: ['is not valid percent-encoding'] },
        codes: { path: ['invalid_format'] },
      });
    },
  );

  it('a path parameter past the router limit -> 414 with a code', async () => {
    const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${'x'.repeat(2000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('uri_too_long');
  });

  it('413 and 415 have codes', async () => {
    const big = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/cameratags',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ tag_name: 'x'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
    const xml = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/cameratags',
      headers: { 'content-type': 'application/xml' },
      payload: '<tag/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('unsupported_media_type');
  });

  it('headers too large -> 431 with a code, over a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/settings/env', headers: { 'x-pad': 'x'.repeat(40_000) } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'headers_too_large', message: 'the request headers are too large' },
    });
  });

  it('while the server closes, a request already on an open connection gets 503 with a code', async () => {
    const app = Fastify({ ...errorShapeOptions });
    registerErrorHandling(app);
    const closingStarted = deferred();
    app.addHook('preClose', () => closingStarted.resolve());
    const slowStarted = deferred();
    const release = deferred();
    app.get('/slow', async () => {
      slowStarted.resolve();
      await release.promise;
      return { ok: true };
    });
    app.get('/next', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowStarted.promise;
    const closed = app.close();
    await closingStarted.promise;
    // The connection is busy, so closing keeps it open; a request sent on it now meets the closing server.
    socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    release.resolve();
    await vi.waitFor(() => expect(raw).toContain('HTTP/1.1 503'));
    expect(raw).toContain(
      '{"error":{"code":"unavailable","message":"The server is restarting; please try again shortly."}}',
    );
    socket.destroy();
    await closed;
  });
});
