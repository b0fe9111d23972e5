// A camera's video settings (issue 20 "camera settings from the server"): GET answers what is stored, PUT
// changes resolution, frame rate, bitrate cap and live interval and sends the new configuration at once to
// the camera's agent over its control channel (a real WebSocket here); the admin flag is needed; bad input is
// a 400 naming the field with nothing changed; another customer's camera is 404.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraVideoSettings } from '@camwatch/contract/camera-video-settings';
import type { DeviceConfig, ServerToDeviceMessage } from '@camwatch/contract/device';
import { everyRight } from '../../db/seed/demo-account.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
});

const url = (code: string) => `/api/cameras/${code}/video-settings`;
const hd: CameraVideoSettings = {
  resolution: '1920x1080',
  fps: 15,
  max_bitrate_kbps: 2000,
  live_interval_sec: 2,
};

const storedRow = (cameraId: number) =>
  t.db
    .selectFrom('cameras')
    .select(['image_rs_width', 'image_rs_height', 'image_fps', 'video_max_kbps', 'live_interval'])
    .where('id', '=', cameraId)
    .executeTakeFirstOrThrow();

async function adminCamera() {
  const { customer, user } = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, customer.id);
  return { customer, camera, cookie: await login(t.app, user) };
}

/** The camera's agent connected on its control channel; its config messages, in order. */
async function connectAgent(cameraId: number, code: string) {
  const { token } = await t.services.deviceAuth.issue(cameraId, 'test');
  const configs: DeviceConfig[] = [];
  const socket = new WebSocket(`${base}/api/ingest/cameras/${code}/control`, {
    headers: { authorization: `Bearer ${token}` },
  });
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as ServerToDeviceMessage;
    if (message.type === 'config') configs.push(message.config);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  await expect.poll(() => configs.length).toBe(1);
  return { socket, configs };
}

describe('camera video settings', () => {
  it('GET answers the stored settings; PUT stores new ones and the connected agent gets them at once', async () => {
    const { camera, cookie } = await adminCamera();
    const agent = await connectAgent(camera.id, camera.code);
    try {
      const read = await as(t.app, cookie, { method: 'GET', url: url(camera.code) });
      expect(read.statusCode, read.body).toBe(200);
      const row = await storedRow(camera.id);
      expect(read.json().data).toEqual({
        resolution: `${row.image_rs_width}x${row.image_rs_height}`,
        fps: row.image_fps,
        max_bitrate_kbps: null,
        live_interval_sec: row.live_interval,
        agent_connected: true,
      });

      const put = await as(t.app, cookie, { method: 'PUT', url: url(camera.code), payload: hd });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toEqual({ ...hd, agent_connected: true });
      expect(await storedRow(camera.id)).toEqual({
        image_rs_width: 1920,
        image_rs_height: 1080,
        image_fps: 15,
        video_max_kbps: 2000,
        live_interval: 2,
      });
      // Sent on the change, not at the next heartbeat.
      await expect.poll(() => agent.configs.length).toBe(2);
      expect(agent.configs[1]).toMatchObject({
        camera_code: camera.code,
        width: 1920,
        height: 1080,
        fps: 15,
        max_bitrate_kbps: 2000,
        live_interval_sec: 2,
      });
      expect((await as(t.app, cookie, { method: 'GET', url: url(camera.code) })).json().data).toEqual({
        ...hd,
        agent_connected: true,
      });

      // No cap: null; the next connection's config carries the stored settings too.
      const uncapped = { ...hd, resolution: '1280x720', max_bitrate_kbps: null };
      expect(
        (await as(t.app, cookie, { method: 'PUT', url: url(camera.code), payload: uncapped })).statusCode,
      ).toBe(200);
      await expect.poll(() => agent.configs.length).toBe(3);
      expect(agent.configs[2]).toMatchObject({ width: 1280, height: 720, max_bitrate_kbps: null });
    } finally {
      agent.socket.close();
    }
    const again = await connectAgent(camera.id, camera.code);
    again.socket.close();
    expect(again.configs[0]).toMatchObject({ width: 1280, height: 720, fps: 15, max_bitrate_kbps: null });
  });

  it('an agent that is not connected: stored, answered agent_connected false, audited', async () => {
    const { customer, camera, cookie } = await adminCamera();
    const put = await as(t.app, cookie, { method: 'PUT', url: url(camera.code), payload: hd });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.agent_connected).toBe(false);
    expect((await storedRow(camera.id)).image_rs_width).toBe(1920);
    const events = await t.db
      .selectFrom('audit_events')
      .select(['kind', 'camera_code', 'detail'])
      .where('customer_id', '=', customer.id)
      .where('kind', '=', 'camera_setting_changed')
      .execute();
    expect(events).toEqual([
      {
        kind: 'camera_setting_changed',
        camera_code: camera.code,
        detail: { setting: 'video', ...hd, agentNotified: false },
      },
    ]);
  });

  it.each([
    ['resolution', { resolution: '1000x1000' }],
    ['resolution', { resolution: 1080 }],
    ['fps', { fps: 0 }],
    ['fps', { fps: 31 }],
    ['fps', { fps: 7.5 }],
    ['max_bitrate_kbps', { max_bitrate_kbps: 100 }],
    ['max_bitrate_kbps', { max_bitrate_kbps: 50_000 }],
    ['max_bitrate_kbps', { max_bitrate_kbps: '2000' }],
    ['live_interval_sec', { live_interval_sec: 0 }],
    ['live_interval_sec', { live_interval_sec: 601 }],
  ])('bad %s %j -> 400 naming the field, nothing changed', async (field, change) => {
    const { camera, cookie } = await adminCamera();
    const before = await storedRow(camera.id);
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: url(camera.code),
      payload: { ...hd, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(await storedRow(camera.id)).toEqual(before);
  });

  it('a missing field and an unknown one are 400 too', async () => {
    const { camera, cookie } = await adminCamera();
    const { fps: _fps, ...withoutFps } = hd;
    const missing = await as(t.app, cookie, { method: 'PUT', url: url(camera.code), payload: withoutFps });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('fps');
    const extra = await as(t.app, cookie, {
      method: 'PUT',
      url: url(camera.code),
      payload: { ...hd, bitrate: 3 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('needs the admin flag (403, nothing changed); 401 without a session', async () => {
    const { customer, camera } = await adminCamera();
    const before = await storedRow(camera.id);
    const staff = await login(
      t.app,
      await createUser(t.db, customer.id, { permissions: { ...everyRight, admin: false } }),
    );
    const read = await as(t.app, staff, { method: 'GET', url: url(camera.code) });
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe('forbidden');
    const save = await as(t.app, staff, { method: 'PUT', url: url(camera.code), payload: hd });
    expect(save.statusCode).toBe(403);
    expect(await storedRow(camera.id)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: url(camera.code) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: url(camera.code), payload: hd })).statusCode).toBe(401);
    expect(await storedRow(camera.id)).toEqual(before);
  });

  it('another customer’s camera and an unknown code are 404, nothing changed', async () => {
    const { camera } = await adminCamera();
    const before = await storedRow(camera.id);
    const other = await adminCamera();
    for (const code of [camera.code, 'no-such-camera']) {
      expect((await as(t.app, other.cookie, { method: 'GET', url: url(code) })).statusCode).toBe(404);
      const put = await as(t.app, other.cookie, { method: 'PUT', url: url(code), payload: hd });
      expect(put.statusCode).toBe(404);
    }
    expect(await storedRow(camera.id)).toEqual(before);
  });
});
