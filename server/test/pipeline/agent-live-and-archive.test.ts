// A real agent (simulated camera, real ffmpeg) against the real server over loopback: live stills reach a
// viewer, PTZ visibly moves the picture, and the first one-minute clip appears in the archives and plays
// back through its signed address as H.264. Slow by nature: it waits for the next wall-clock minute.
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meanDifference } from '../helpers/jpeg-compare.ts';
import { createMediaTestApp } from '../helpers/recorded-media.ts';
import { as, createLocationAndCamera, createTenant, login, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
let t: TestApp & { cleanup: () => Promise<void> };
let agent: AgentHandle | undefined;
let spool: string;

beforeAll(async () => {
  t = await createMediaTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  spool = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-agent-spool-'));
});
afterAll(async () => {
  await agent?.stop();
  await t.cleanup();
  await fs.rm(spool, { recursive: true, force: true });
});

describe('agent and server together', () => {
  it(
    'issue Tests: stills arrive, PTZ moves the simulated picture, the first clip lands in the archives and plays',
    { timeout: 150_000 },
    async () => {
      const tenant = await createTenant(t.db);
      const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
      await t.db
        .updateTable('cameras')
        .set({
          image_fps: 4,
          image_rs_width: 160,
          image_rs_height: 90,
          live_interval: 1,
          use_ptz: true,
          can_pan: true,
          can_tilt: true,
          can_zoom: true,
        })
        .where('id', '=', camera.id)
        .execute();
      const { token } = await t.services.deviceAuth.issue(camera.id, 'pipeline test');
      const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const startedAt = Date.now();
      agent = await startAgent({ server, token, source: 'sim:street?seed=5', spoolDir: spool });
      expect(agent.cameraCode).toBe(camera.code);
      const cookie = await login(t.app, tenant.user);

      // Live: the viewer asks, stills come.
      await expect.poll(() => t.services.hub.isConnected(camera.id), { timeout: 15_000 }).toBe(true);
      const live = await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` });
      expect(live.statusCode, live.body).toBe(200);
      const image = async (after = 0) => {
        for (let i = 0; i < 20; i++) {
          const res = await as(t.app, cookie, {
            method: 'GET',
            url: `${live.json().data.url}?after=${after}`,
          });
          if (res.statusCode === 200)
            return { data: res.rawPayload, time: Number(res.headers['x-frame-time']) };
        }
        throw new Error('no live image');
      };
      const first = await image();
      const second = await image(first.time);
      expect(second.time).toBeGreaterThan(first.time);
      expect(second.data.subarray(0, 2).toString('hex')).toBe('ffd8');
      const baseline = await meanDifference(first.data, second.data);

      // PTZ: a full pan step moves the whole picture, far more than people walking between two stills.
      const ptz = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/ptz`,
        payload: { pan: 1 },
      });
      expect(ptz.statusCode, ptz.body).toBe(200);
      expect(ptz.json().data.ptz.pan).toBeGreaterThan(0);
      const panned = await image((await image(second.time)).time);
      const moved = await meanDifference(second.data, panned.data);
      expect(moved).toBeGreaterThan(Math.max(4, baseline * 3));

      // Archives: the first (partial) minute is uploaded when the next wall-clock minute begins.
      const minute = new Date(Math.floor(startedAt / 60_000) * 60_000);
      const query = `start_date=${encodeURIComponent(new Date(minute.getTime()).toISOString())}&period=1`;
      let entry: { has_data: boolean; data_url: string | null; start_time: string } | undefined;
      await expect
        .poll(
          async () => {
            const res = await as(t.app, cookie, {
              method: 'GET',
              url: `/api/cameras/${camera.code}/archives?${query}`,
            });
            entry = res.json().data.archives.find((a: { has_data: boolean }) => a.has_data);
            return Boolean(entry);
          },
          { timeout: 120_000, interval: 1_000 },
        )
        .toBe(true);
      expect(Date.parse(entry!.start_time)).toBe(minute.getTime());
      const address = await as(t.app, cookie, { method: 'GET', url: `${entry!.data_url}?return_url=t` });
      const media = await t.app.inject({
        method: 'GET',
        url: address.json().url,
        headers: { range: 'bytes=0-' },
      });
      expect(media.statusCode).toBe(206);
      const file = path.join(spool, 'check.mp4');
      await fs.writeFile(file, media.rawPayload);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'json',
        file,
      ]);
      expect(JSON.parse(stdout).streams[0]).toMatchObject({ codec_name: 'h264', width: 160, height: 90 });

      // The thumbnail of the minute shows as the camera's thumb_url.
      await expect
        .poll(
          async () =>
            (await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${camera.code}` })).json().data
              .thumb_url,
          {
            timeout: 10_000,
          },
        )
        .toMatch(/^\/api\/media\//);
    },
  );
});
