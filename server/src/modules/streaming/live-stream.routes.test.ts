// Live streams through the real app: POST api/cameras/:code/streaming (mode live) asks the agent for a
// stream, the agent uploads MPEG-TS segments with its device token, and the sliding playlist lists them.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentChannel } from '../../realtime/agent-hub.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

const run = promisify(execFile);

/** A one-second H.264 MPEG-TS segment, as the agent cuts them. */
async function makeTsSegment(): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-live-ts-'));
  try {
    const out = path.join(dir, 'seg.ts');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=64x36:r=5:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mpegts',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function recordingChannel() {
  const sent: ServerToDeviceMessage[] = [];
  const channel: AgentChannel & { sent: ServerToDeviceMessage[] } = {
    sent,
    send: (message) => sent.push(message),
    close() {},
  };
  return channel;
}

let t: TestApp;
let ts: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  ts = await makeTsSegment();
});
afterAll(async () => {
  await t.app.close();
});

async function setup(permissions?: Parameters<typeof createTenant>[1], connect = true) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  await t.db.updateTable('cameras').set({ use_streaming: true }).where('id', '=', camera.id).execute();
  const cookie = await login(t.app, tenant.user);
  const channel = recordingChannel();
  if (connect)
    t.services.hub.attach(camera.id, channel, {
      camera_code: camera.code,
      fps: 5,
      width: 160,
      height: 90,
      live_interval_sec: 1,
      motion_area: [],
      can_pan: false,
      can_tilt: false,
      can_zoom: false,
    });
  const { token } = await t.services.deviceAuth.issue(camera.id);
  const upload = (
    sequence: number,
    query = 'duration_ms=1000',
    body = ts,
    bearer = token,
    code = camera.code,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/ingest/cameras/${code}/live-segments/${sequence}?${query}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'video/mp2t' },
      payload: body,
    });
  return { tenant, camera, cookie, channel, token, upload };
}

const startLive = (cookie: string, code: string, expires = 600) =>
  as(t.app, cookie, {
    method: 'POST',
    url: `/api/cameras/${code}/streaming`,
    payload: { mode: 'live', expires },
  });

describe('POST api/cameras/{camera_code}/streaming (live)', () => {
  it('issue item 9: asks the agent for a stream; uploads fill a sliding playlist with sequence and discontinuities', async () => {
    const { camera, cookie, channel, upload } = await setup();
    expect(channel.sent.some((m) => m.type === 'stream')).toBe(false);

    const res = await startLive(cookie, camera.code);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/streams\/[\w.-]+\/index\.m3u8$/);
    expect(channel.sent.at(-1)).toEqual({ type: 'stream', on: true });
    expect(t.services.hub.isStreamWanted(camera.id)).toBe(true);

    // Agent sequences 0..7, then the agent restarts its stream at 0.
    for (let seq = 0; seq < 8; seq++) {
      const answer = await upload(seq, seq === 0 ? 'duration_ms=1000&discontinuity=1' : 'duration_ms=1000');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ stream: true });
    }
    expect((await upload(0, 'duration_ms=1000&discontinuity=1')).statusCode).toBe(200);
    expect((await upload(1, 'duration_ms=500')).statusCode).toBe(200);

    const playlist = await t.app.inject({ method: 'GET', url });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-store');
    expect(playlist.body).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:1',
        '#EXT-X-MEDIA-SEQUENCE:4',
        '#EXT-X-DISCONTINUITY-SEQUENCE:1',
        '#EXTINF:1.000,',
        '4.ts',
        '#EXTINF:1.000,',
        '5.ts',
        '#EXTINF:1.000,',
        '6.ts',
        '#EXTINF:1.000,',
        '7.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:1.000,',
        '8.ts',
        '#EXTINF:0.500,',
        '9.ts',
        '',
      ].join('\n'),
    );
    expect(playlist.body).not.toContain('ENDLIST');

    const segment = await t.app.inject({ method: 'GET', url: new URL('9.ts', `http://x${url}`).pathname });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.equals(ts)).toBe(true);

    // Two more segments push the oldest out of the ring of ten.
    await upload(2);
    await upload(3);
    const next = await t.app.inject({ method: 'GET', url });
    expect(next.body).toContain('#EXT-X-MEDIA-SEQUENCE:6\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    const gone = await t.app.inject({ method: 'GET', url: new URL('0.ts', `http://x${url}`).pathname });
    expect(gone.statusCode).toBe(404);
    t.services.hub.detach(camera.id, channel);
  });

  it('a playlist asked for before the first segment waits for it', async () => {
    const { camera, cookie, channel, upload } = await setup();
    const url = (await startLive(cookie, camera.code)).json().data.url as string;
    const waiting = t.app.inject({ method: 'GET', url });
    setTimeout(() => void upload(0, 'duration_ms=1000&discontinuity=1'), 100);
    const playlist = await waiting;
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(playlist.body).toContain('\n0.ts\n');
    t.services.hub.detach(camera.id, channel);
  });

  it('core.md §4: not_supported without live or use_streaming, unavailable when the agent is not connected; 403 without the live right', async () => {
    const noLiveModel = await setup();
    await t.db
      .updateTable('cameras')
      .set({ use_nolive: true })
      .where('id', '=', noLiveModel.camera.id)
      .execute();
    expect((await startLive(noLiveModel.cookie, noLiveModel.camera.code)).json()).toEqual({
      result: 'failed',
      data: { reason: 'not_supported' },
    });
    await t.db
      .updateTable('cameras')
      .set({ use_nolive: false, use_streaming: false })
      .where('id', '=', noLiveModel.camera.id)
      .execute();
    expect((await startLive(noLiveModel.cookie, noLiveModel.camera.code)).json()).toEqual({
      result: 'failed',
      data: { reason: 'not_supported' },
    });

    const offline = await setup(undefined, false);
    expect((await startLive(offline.cookie, offline.camera.code)).json()).toEqual({
      result: 'failed',
      data: { reason: 'unavailable' },
    });

    const noRight = await setup({ live: false });
    expect((await startLive(noRight.cookie, noRight.camera.code)).statusCode).toBe(403);
  });

  it('core.md §9: expires above 43200 is refused with 400', async () => {
    const { camera, cookie } = await setup(undefined, false);
    const res = await startLive(cookie, camera.code, 43_201);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('expires');
  });
});

describe('PUT api/ingest/cameras/{camera_code}/live-segments/{sequence}', () => {
  it('answers stream false while nobody watches; refuses a missing or foreign token, a long segment, and non-TS bytes', async () => {
    const { camera, token, upload } = await setup(undefined, false);
    const idle = await upload(0);
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json()).toEqual({ stream: false });

    const other = await setup(undefined, false);
    expect((await upload(1, 'duration_ms=1000', ts, other.token)).statusCode).toBe(403);
    expect((await upload(1, 'duration_ms=1000', ts, 'not-a-token')).statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/cameras/${camera.code}/live-segments/1?duration_ms=1000`,
      headers: { 'content-type': 'video/mp2t' },
      payload: ts,
    });
    expect(noToken.statusCode).toBe(401);

    const tooLong = await upload(1, 'duration_ms=2001');
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toContain('duration_ms');
    const notTs = await upload(1, 'duration_ms=1000', Buffer.from('definitely not a transport stream'));
    expect(notTs.statusCode).toBe(400);
    expect(Object.keys(notTs.json().errors)).toEqual(['body']);
    // The camera's own token: another camera's is refused (403) before the body's type is looked at.
    const wrongType = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/cameras/${camera.code}/live-segments/1?duration_ms=1000`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: ts,
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses a live token on a tampered address with 403', async () => {
    const { camera, cookie, channel } = await setup();
    const url = (await startLive(cookie, camera.code)).json().data.url as string;
    const tampered = url.replace(
      /\.([\w-]+)\/index/,
      (_m, mac: string) => `.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}/index`,
    );
    expect(tampered).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: tampered.replace('index.m3u8', '0.ts') })).statusCode,
    ).toBe(403);
    t.services.hub.detach(camera.id, channel);
  });
});
