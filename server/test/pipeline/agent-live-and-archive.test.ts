// Real agents (real ffmpeg) against the real server over loopback: a simulated camera's live stills reach
// a viewer, PTZ moves its picture, and its first one-minute clip appears in the archives and plays back
// through the signed address as H.264; a looped file and an HTTP MJPEG stream (served by ffmpeg) record
// the same way. Slow by nature: it waits for the next wall-clock minute.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meanDifference } from '../helpers/jpeg-compare.ts';
import { makeClip } from '../helpers/media-fixtures.ts';
import { createMediaTestApp } from '../helpers/recorded-media.ts';
import { as, createLocationAndCamera, createTenant, login, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
let t: TestApp & { cleanup: () => Promise<void> };
const agents: AgentHandle[] = [];
let work: string;
let mjpegServer: ChildProcess | undefined;

beforeAll(async () => {
  t = await createMediaTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-agent-pipeline-'));
});
afterAll(async () => {
  await Promise.allSettled(agents.map((a) => a.stop()));
  mjpegServer?.kill('SIGKILL');
  await t.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function recordingCamera(customerId: number, name: string) {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
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
  return { camera, token };
}

describe('agents and server together', () => {
  it(
    'issue Tests: stills arrive, PTZ moves the simulated picture, the first clip lands in the archives and plays; a file and an MJPEG stream record the same way',
    { timeout: 240_000 },
    async () => {
      const tenant = await createTenant(t.db);
      const sim = await recordingCamera(tenant.customer.id, 'Simulated');
      const file = await recordingCamera(tenant.customer.id, 'File');
      const mjpeg = await recordingCamera(tenant.customer.id, 'MJPEG');
      const videoFile = path.join(work, 'source.mp4');
      await fs.writeFile(
        videoFile,
        await makeClip({ seconds: 10, width: 320, height: 180, fps: 5, scene: 'moving' }),
      );
      const mjpegUrl = `http://127.0.0.1:${await freePort()}/feed.mjpg`;
      mjpegServer = spawn(
        'ffmpeg',
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-re',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=320x180:rate=5',
          '-f',
          'mpjpeg',
          '-q:v',
          '5',
          '-listen',
          '1',
          mjpegUrl,
        ],
        { stdio: 'ignore' },
      );

      const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const startedAt = Date.now();
      const simAgent = await startAgent({
        server,
        token: sim.token,
        source: 'sim:street?seed=5',
        spoolDir: path.join(work, 'sim'),
      });
      agents.push(simAgent);
      expect(simAgent.cameraCode).toBe(sim.camera.code);
      agents.push(
        await startAgent({ server, token: file.token, source: videoFile, spoolDir: path.join(work, 'file') }),
        await startAgent({
          server,
          token: mjpeg.token,
          source: mjpegUrl,
          spoolDir: path.join(work, 'mjpeg'),
        }),
      );
      const cookie = await login(t.app, tenant.user);
      const code = sim.camera.code;

      // Live: the viewer asks, stills come, each newer than the last.
      await expect.poll(() => t.services.hub.isConnected(sim.camera.id), { timeout: 15_000 }).toBe(true);
      const live = await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${code}/live` });
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

      // PTZ through the server reaches the simulated camera and moves its picture: the same moment rendered
      // before and after the move differs far more than JPEG noise, and the live picture changes too.
      const moment = Date.now();
      const size = { width: 160, height: 90 };
      const before = simAgent.sim!.frameAt(moment, size).data;
      const ptz = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${code}/ptz`,
        payload: { pan: 1 },
      });
      expect(ptz.statusCode, ptz.body).toBe(200);
      expect(ptz.json().data.ptz.pan).toBeGreaterThan(0);
      const after = simAgent.sim!.frameAt(moment, size).data;
      let changed = 0;
      for (let i = 0; i < before.length; i++) changed += Math.abs((before[i] ?? 0) - (after[i] ?? 0));
      expect(changed / before.length).toBeGreaterThan(2);
      const panned = await image((await image(second.time)).time);
      expect(await meanDifference(second.data, panned.data)).toBeGreaterThan(1);

      // Live HLS: the agent streams 1 s segments while the playlist is fetched; they are real H.264 TS.
      await t.db
        .updateTable('cameras')
        .set({ use_streaming: true })
        .where('id', '=', sim.camera.id)
        .execute();
      const stream = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${code}/streaming`,
        payload: { mode: 'live', expires: 3600 },
      });
      expect(stream.statusCode, stream.body).toBe(200);
      const playlistUrl: string = stream.json().data.url;
      let playlist = '';
      await expect
        .poll(
          async () => {
            playlist = (await t.app.inject({ method: 'GET', url: playlistUrl })).body;
            return playlist.split('\n').filter((line) => line.endsWith('.ts')).length;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBeGreaterThanOrEqual(2);
      expect(playlist).toContain('#EXT-X-TARGETDURATION:');
      const segmentName = playlist.split('\n').filter((line) => line.endsWith('.ts'))[0]!;
      const segment = await t.app.inject({
        method: 'GET',
        url: new URL(segmentName, `http://x${playlistUrl}`).pathname,
      });
      expect(segment.statusCode).toBe(200);
      const segmentFile = path.join(work, 'segment.ts');
      await fs.writeFile(segmentFile, segment.rawPayload);
      const probed = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=format_name:stream=codec_name',
        '-of',
        'json',
        segmentFile,
      ]);
      expect(JSON.parse(probed.stdout)).toMatchObject({
        format: { format_name: 'mpegts' },
        streams: [{ codec_name: 'h264' }],
      });

      // Archives: the first (partial) minute is uploaded when the next wall-clock minute begins.
      const minute = new Date(Math.floor(startedAt / 60_000) * 60_000);
      const query = `start_date=${encodeURIComponent(minute.toISOString())}&period=1`;
      const recorded = async (cameraCode: string) => {
        const res = await as(t.app, cookie, {
          method: 'GET',
          url: `/api/cameras/${cameraCode}/archives?${query}`,
        });
        return res.json().data.archives.find((a: { has_data: boolean }) => a.has_data) as
          { has_data: boolean; data_url: string; start_time: string } | undefined;
      };
      await expect
        .poll(async () => Boolean(await recorded(code)), { timeout: 120_000, interval: 1_000 })
        .toBe(true);
      const entry = (await recorded(code))!;
      // The minute the agent started in, or the next one when its first frames came after that minute had ended
      // (ffmpeg's start on a loaded CI box can take longer than the rest of the minute).
      expect([minute.getTime(), minute.getTime() + 60_000]).toContain(Date.parse(entry.start_time));
      const address = await as(t.app, cookie, { method: 'GET', url: `${entry.data_url}?return_url=t` });
      const media = await t.app.inject({
        method: 'GET',
        url: address.json().url,
        headers: { range: 'bytes=0-' },
      });
      expect(media.statusCode).toBe(206);
      const clipFile = path.join(work, 'check.mp4');
      await fs.writeFile(clipFile, media.rawPayload);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'json',
        clipFile,
      ]);
      expect(JSON.parse(stdout).streams[0]).toMatchObject({ codec_name: 'h264', width: 160, height: 90 });

      // The file and MJPEG cameras recorded their first minute the same way (their ffmpeg may have started later
      // than the simulator's on a loaded box: CI once needed more than 30 s).
      for (const other of [file.camera.code, mjpeg.camera.code])
        await expect
          .poll(async () => Boolean(await recorded(other)), { timeout: 90_000, interval: 1_000 })
          .toBe(true);

      // The minute's thumbnail shows as the camera's thumb_url.
      await expect
        .poll(
          async () =>
            (await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${code}` })).json().data.thumb_url,
          {
            timeout: 10_000,
          },
        )
        .toMatch(/^\/api\/media\//);
    },
  );
});
