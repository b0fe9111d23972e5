// The bus between api nodes (REDIS_URL, issue 18) with a real Redis: an agent's control channel is open on node A;
// a PTZ press and a live start sent to node B reach it through Redis, and the agent's answer comes back to B. A
// camera connected to no node answers offline at once; without REDIS_URL node B knows only its own agents; with
// Redis unreachable B answers offline at once and /readyz names the bus; Redis lost and back, commands work again.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { buildApp, type App } from '../app.ts';
import type { Db } from '../db/database.ts';
import { as, createLocationAndCamera, createTenant, login, testConfig } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';
import { TcpProxy } from '../../test/helpers/tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: Db;
const apps: App[] = [];
let nodeA: App;
let nodeB: App;
let alone: App;

const start = async (env: Record<string, string> = {}) => {
  const app = await buildApp({ config: testConfig(env), db });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  db = await testDb();
  nodeA = await start({ REDIS_URL });
  nodeB = await start({ REDIS_URL });
  alone = await start();
  await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const app of apps) await app.app.close();
});

/** An agent's control channel on node A: its messages, and a way to answer commands. */
async function connectAgent(code: string, token: string) {
  const port = (nodeA.app.server.address() as AddressInfo).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ingest/cameras/${code}/control`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const received: ServerToDeviceMessage[] = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)) as ServerToDeviceMessage);
    waiting.splice(0).forEach((w) => w());
  });
  const next = async (predicate: (m: ServerToDeviceMessage) => boolean) => {
    for (;;) {
      const found = received.find(predicate);
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, next };
}

async function ptzCamera() {
  const tenant = await createTenant(db);
  const { camera } = await createLocationAndCamera(db, tenant.customer.id);
  await db.updateTable('cameras').set({ use_ptz: true, can_pan: true }).where('id', '=', camera.id).execute();
  const { token } = await nodeA.services.deviceAuth.issue(camera.id, 'bus');
  return { tenant, camera, token };
}

describe('commands between api nodes through Redis', () => {
  it('a PTZ press and a live start on node B reach the agent connected to node A, and its answer comes back', async () => {
    const { tenant, camera, token } = await ptzCamera();
    const agent = await connectAgent(camera.code, token);
    try {
      await agent.next((m) => m.type === 'live');
      expect(nodeA.services.hub.isConnected(camera.id)).toBe(true);
      expect(nodeB.services.hub.isConnected(camera.id)).toBe(false);
      const cookie = await login(nodeB.app, tenant.user);

      const ptz = as(nodeB.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: 0.5 },
      });
      const command = await agent.next((m) => m.type === 'command');
      expect(command).toMatchObject({ command: { kind: 'ptz', pan: 0.5 } });
      if (command.type !== 'command') throw new Error('not a command');
      agent.socket.send(
        JSON.stringify({ type: 'result', id: command.id, ok: true, ptz: { pan: 0.5, tilt: 0, zoom: 1 } }),
      );
      const answer = await ptz;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { ptz: { pan: 0.5, tilt: 0, zoom: 1 } } });

      expect(
        (await as(nodeB.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` })).statusCode,
      ).toBe(200);
      expect(await agent.next((m) => m.type === 'live')).toEqual({ type: 'live', on: true });
      expect(nodeA.services.hub.isLiveWanted(camera.id)).toBe(true);
    } finally {
      agent.socket.close();
    }
  });

  it('answers offline when no node has the camera, and without REDIS_URL a node knows only its own agents', async () => {
    const { tenant, camera, token } = await ptzCamera();
    const cookie = await login(nodeB.app, tenant.user);
    const nowhere = await as(nodeB.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { pan: 0.1 },
    });
    expect(nowhere.json()).toMatchObject({ data: { reason: 'offline' } });

    const agent = await connectAgent(camera.code, token);
    try {
      await agent.next((m) => m.type === 'live');
      const aloneCookie = await login(alone.app, tenant.user);
      const res = await as(alone.app, aloneCookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: 0.1 },
      });
      expect(res.json()).toMatchObject({ data: { reason: 'offline' } });
    } finally {
      agent.socket.close();
    }
  });

  it('Redis lost and back: commands answer offline meanwhile, then reach the agent again by themselves', async () => {
    const redis = new URL(REDIS_URL);
    const proxy = new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    await proxy.open();
    try {
      const viaProxy = await start({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      const { tenant, camera, token } = await ptzCamera();
      const agent = await connectAgent(camera.code, token);
      try {
        await agent.next((m) => m.type === 'live');
        const cookie = await login(viaProxy.app, tenant.user);
        const press = () =>
          as(viaProxy.app, cookie, {
            method: 'POST',
            url: `/api/cameras/${camera.code}/ptz`,
            payload: { pan: 0.3 },
          });
        // The agent answers every command it gets.
        agent.socket.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as ServerToDeviceMessage;
          if (message.type === 'command')
            agent.socket.send(
              JSON.stringify({
                type: 'result',
                id: message.id,
                ok: true,
                ptz: { pan: 0.3, tilt: 0, zoom: 1 },
              }),
            );
        });
        await expect
          .poll(async () => (await press()).json(), { timeout: 20_000 })
          .toMatchObject({ data: { ptz: { pan: 0.3 } } });

        await proxy.cut();
        await expect
          .poll(async () => (await viaProxy.app.inject({ method: 'GET', url: '/readyz' })).statusCode)
          .toBe(503);
        const meanwhile = await press();
        expect(meanwhile.statusCode).toBe(200);
        expect(meanwhile.json()).toMatchObject({ data: { reason: 'offline' } });

        await proxy.open();
        await expect
          .poll(async () => (await press()).json(), { timeout: 30_000, interval: 200 })
          .toMatchObject({ data: { ptz: { pan: 0.3 } } });
        expect((await viaProxy.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        agent.socket.close();
      }
    } finally {
      await proxy.cut();
    }
  });

  it('with Redis unreachable: commands for other nodes answer offline at once, and /readyz names the bus', async () => {
    // Nothing listens on port 9 (discard) of this machine.
    const cut = await start({ REDIS_URL: 'redis://127.0.0.1:9' });
    const { tenant, camera } = await ptzCamera();
    const cookie = await login(cut.app, tenant.user);
    const res = await as(cut.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { pan: 0.1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { reason: 'offline' } });
    const ready = await cut.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ failing: string[] }>().failing).toEqual(['bus']);
    expect((await nodeB.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      parts: { bus: { ok: true } },
    });
  });
});
