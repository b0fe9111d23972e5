// The control channel over a real WebSocket: refused without a valid token of this camera; on connect the
// agent gets its config and the live state; live starts reach it; a PTZ command round-trips; the agent
// being heard marks the camera seen.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { TOKEN_RECHECK_MS } from './control.routes.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../test/helpers/test-app.ts';

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

/** Opens the channel; resolves with the socket and a queue of received messages, or rejects with the HTTP status. */
function connect(code: string, token?: string) {
  const socket = new WebSocket(`${base}/api/ingest/cameras/${code}/control`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const received: ServerToDeviceMessage[] = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    waiting.splice(0).forEach((w) => w());
  });
  const next = async (predicate: (m: ServerToDeviceMessage) => boolean): Promise<ServerToDeviceMessage> => {
    for (;;) {
      const found = received.find(predicate);
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  return new Promise<{ socket: WebSocket; next: typeof next }>((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
    socket.once('error', reject);
  });
}

async function cameraWithToken() {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  await t.db
    .updateTable('cameras')
    .set({ use_ptz: true, can_pan: true })
    .where('id', '=', camera.id)
    .execute();
  const { token } = await t.services.deviceAuth.issue(camera.id, 'test');
  return { tenant, camera, token };
}

describe('agent control channel', () => {
  it('issue item 4: refuses no token and unknown tokens (401) and another camera’s token (403)', async () => {
    const a = await cameraWithToken();
    const b = await cameraWithToken();
    await expect(connect(a.camera.code)).rejects.toThrow('401');
    await expect(connect(a.camera.code, `cwd_${'x'.repeat(43)}`)).rejects.toThrow('401');
    await expect(connect(a.camera.code, b.token)).rejects.toThrow('403');
    await t.services.deviceAuth.revoke(a.camera.id);
    await expect(connect(a.camera.code, a.token)).rejects.toThrow('401');
  });

  it('issue item 1: sends config and live state, relays live start and a PTZ command, answers heartbeats', async () => {
    const { tenant, camera, token } = await cameraWithToken();
    const { socket, next } = await connect(camera.code, token);
    try {
      const config = await next((m) => m.type === 'config');
      expect(config).toMatchObject({ type: 'config', config: { camera_code: camera.code, can_pan: true } });
      expect(await next((m) => m.type === 'live')).toEqual({ type: 'live', on: false });
      expect(t.services.hub.isConnected(camera.id)).toBe(true);

      const cookie = await login(t.app, tenant.user);
      expect(
        (await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` })).statusCode,
      ).toBe(200);
      expect(await next((m) => m.type === 'live')).toEqual({ type: 'live', on: true });

      const ptz = as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: 0.5 },
      });
      const command = await next((m) => m.type === 'command');
      expect(command).toMatchObject({ command: { kind: 'ptz', pan: 0.5 } });
      if (command.type !== 'command') throw new Error('not a command');
      socket.send(
        JSON.stringify({ type: 'result', id: command.id, ok: true, ptz: { pan: 0.5, tilt: 0, zoom: 1 } }),
      );
      expect((await ptz).json()).toEqual({ data: { ptz: { pan: 0.5, tilt: 0, zoom: 1 } } });

      // Malformed messages are ignored, the channel stays open.
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'result', id: 42 }));
      socket.send(JSON.stringify({ type: 'heartbeat', at: Date.now(), spool_clips: 0, spool_bytes: 0 }));
      expect((await next((m) => m.type === 'pong')).type).toBe('pong');

      const seen = await t.db
        .selectFrom('cameras')
        .select('last_seen_at')
        .where('id', '=', camera.id)
        .executeTakeFirstOrThrow();
      expect(seen.last_seen_at).not.toBeNull();
    } finally {
      socket.close();
    }
    await expect.poll(() => t.services.hub.isConnected(camera.id)).toBe(false);
  });

  it('closes an open channel once its token is revoked', async () => {
    const { camera, token } = await cameraWithToken();
    vi.useFakeTimers({ toFake: ['setInterval'] });
    // Watches the recheck's look at the token (and lets it through), so the test knows when it decided.
    const tokenLookup = vi.spyOn(t.services.deviceAuth, 'resolve');
    try {
      const { socket, next } = await connect(camera.code, token);
      await next((m) => m.type === 'config');
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      tokenLookup.mockClear();
      vi.advanceTimersByTime(TOKEN_RECHECK_MS);
      expect(tokenLookup).toHaveBeenCalledTimes(1);
      // Still valid: once the recheck has its answer the channel still answers a heartbeat (a close sent
      // by the recheck would arrive before the pong).
      expect(await tokenLookup.mock.results[0]!.value).toMatchObject({ cameraId: camera.id });
      socket.send(JSON.stringify({ type: 'heartbeat', at: Date.now(), spool_clips: 0, spool_bytes: 0 }));
      expect((await next((m) => m.type === 'pong')).type).toBe('pong');
      expect(socket.readyState).toBe(WebSocket.OPEN);
      await t.services.deviceAuth.revoke(camera.id);
      vi.advanceTimersByTime(TOKEN_RECHECK_MS);
      expect(await closed).toBe(4401);
    } finally {
      tokenLookup.mockRestore();
      vi.useRealTimers();
    }
  });

  it('a newer connection of the same camera replaces the older one', async () => {
    const { camera, token } = await cameraWithToken();
    const first = await connect(camera.code, token);
    await first.next((m) => m.type === 'config');
    const closed = new Promise<number>((resolve) => first.socket.once('close', (code) => resolve(code)));
    const second = await connect(camera.code, token);
    expect(await closed).toBe(4000);
    expect(t.services.hub.isConnected(camera.id)).toBe(true);
    second.socket.close();
  });
});
