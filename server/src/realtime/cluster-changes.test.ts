// A change made through one api node is seen through another at once (issue 18): two app instances on one database
// and one Redis (a prefix of this test's own). The camera list each node keeps in memory (CAMERA_LIST_CACHE_SECONDS)
// answers a tag given to a camera through the other node, and a camera the health watcher marked down, on the very
// next request; new video settings saved through one node reach the camera's agent whose control channel is open on
// the other.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { Db } from '../db/database.ts';
import { as, createLocationAndCamera, createTenant, login, testConfig } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `cwtest-changes-${randomUUID().slice(0, 8)}`;

let db: Db;
let nodeA: App;
let nodeB: App;

const start = async () => {
  // Answers kept a minute: longer than any test here, so only the version check can make them fresh.
  const app = await buildApp({
    config: testConfig({ REDIS_URL, REDIS_PREFIX: PREFIX, CAMERA_LIST_CACHE_SECONDS: '60' }),
    db,
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return app;
};

beforeAll(async () => {
  db = await testDb();
  nodeA = await start();
  nodeB = await start();
});

afterAll(async () => {
  await nodeA?.app.close();
  await nodeB?.app.close();
});

const portOf = (app: App) => (app.app.server.address() as AddressInfo).port;

const waitFor = (check: () => boolean | Promise<boolean>) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 10_000, interval: 20 });

async function adminCamera() {
  const tenant = await createTenant(db);
  const { camera } = await createLocationAndCamera(db, tenant.customer.id);
  return { tenant, camera };
}

interface ListedCamera {
  camera_code: string;
  watch_status: string;
  tags: Array<{ tag_code: string; tag_name: string }>;
}

describe('changes made through one api node, seen through another', () => {
  it('the camera list kept in memory on node B shows a tag given on node A and a camera gone down, at once', async () => {
    const { tenant, camera } = await adminCamera();
    const cookieA = await login(nodeA.app, tenant.user);
    const cookieB = await login(nodeB.app, tenant.user);
    const listedAtB = async () => {
      const res = await as(nodeB.app, cookieB, { method: 'GET', url: '/api/cameras?page=1&count=50' });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ data: { cameras: ListedCamera[] } }>()
        .data.cameras.find((c) => c.camera_code === camera.code)!;
    };
    const first = await listedAtB();
    expect(first.tags).toEqual([]);
    expect(first.watch_status).not.toBe('down');
    // Asked again: node B answers from its memory (the same bytes), as it will until the customer's version moves.
    expect(await listedAtB()).toEqual(first);

    const created = await as(nodeA.app, cookieA, {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: 'Entrance hall' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const tagCode = created.json<{ data: { tag_code: string } }>().data.tag_code;
    const assigned = await as(nodeA.app, cookieA, {
      method: 'POST',
      url: '/api/cameratags/assign',
      payload: { camera_code: [camera.code], set_tag_code: [tagCode] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await listedAtB()).tags.map((t) => t.tag_code)).toEqual([tagCode]);

    // The agent fell silent long ago: the health watcher (a worker; here node A's services) marks the camera down.
    await db
      .updateTable('cameras')
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', camera.id)
      .execute();
    const flips = await nodeA.services.cameraHealth.check();
    expect(flips.map((f) => [f.cameraId, f.status])).toContainEqual([camera.id, 'down']);
    expect((await listedAtB()).watch_status).toBe('down');
  });

  it('video settings saved through node B reach the agent whose control channel is open on node A, at once', async () => {
    const { tenant, camera } = await adminCamera();
    const { token } = await nodeA.services.deviceAuth.issue(camera.id, 'changes');
    const socket = new WebSocket(
      `ws://127.0.0.1:${portOf(nodeA)}/api/ingest/cameras/${camera.code}/control`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const got: ServerToDeviceMessage[] = [];
    socket.on('message', (raw: Buffer) => got.push(JSON.parse(String(raw)) as ServerToDeviceMessage));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      await waitFor(() => nodeA.services.hub.isConnected(camera.id));
      const configs = () => got.filter((m) => m.type === 'config');
      await waitFor(() => configs().length === 1);
      const cookieB = await login(nodeB.app, tenant.user);
      const url = `/api/cameras/${camera.code}/video-settings`;
      // The settings dialog on node B says the agent is connected (to node A).
      const read = await as(nodeB.app, cookieB, { method: 'GET', url });
      expect(read.json<{ data: { agent_connected: boolean } }>().data.agent_connected).toBe(true);
      const saved = await as(nodeB.app, cookieB, {
        method: 'PUT',
        url,
        payload: { resolution: '1280x720', fps: 4, max_bitrate_kbps: 1500, live_interval_sec: 7 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<{ data: { agent_connected: boolean } }>().data.agent_connected).toBe(true);
      await waitFor(() => configs().length === 2);
      expect(configs()[1]).toMatchObject({
        type: 'config',
        config: { width: 1280, height: 720, fps: 4, max_bitrate_kbps: 1500, live_interval_sec: 7 },
      });
    } finally {
      socket.close();
    }
  });
});
