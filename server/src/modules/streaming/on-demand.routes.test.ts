// On-demand streams through the real app: POST api/cameras/:code/streaming (mode on_demand), the VOD
// playlist of recorded minutes and segments remuxed from the stored MP4s, checked with ffprobe.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

const run = promisify(execFile);

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(async () => {
  await t.cleanup();
});

async function setup(permissions?: Parameters<typeof createTenant>[1], useStreaming = true) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  await t.db
    .updateTable('cameras')
    .set({ use_streaming: useStreaming })
    .where('id', '=', camera.id)
    .execute();
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie };
}

const onDemand = (from: Date, to: Date, expires = 600) => ({
  mode: 'on_demand',
  start_datetime: from.toISOString(),
  end_datetime: to.toISOString(),
  expires,
});

const streamingOf = (cookie: string, code: string, payload: object) =>
  as(t.app, cookie, { method: 'POST', url: `/api/cameras/${code}/streaming`, payload });

/** The segment names of a playlist, with their EXTINF durations. */
function segmentsOf(playlist: string): { name: string; seconds: number }[] {
  const lines = playlist.split('\n');
  const out: { name: string; seconds: number }[] = [];
  lines.forEach((line, i) => {
    const match = /^#EXTINF:([\d.]+),/.exec(line);
    if (match) out.push({ name: lines[i + 1] ?? '', seconds: Number(match[1]) });
  });
  return out;
}

/** What ffprobe says about an MPEG-TS segment: container, codec, first timestamp and length. */
async function probeTs(data: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-hls-test-'));
  try {
    const file = path.join(dir, 'seg.ts');
    await fs.writeFile(file, data);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=format_name,start_time,duration:stream=codec_name,codec_type',
      file,
    ]);
    const json = JSON.parse(stdout) as {
      format: { format_name: string; start_time: string; duration: string };
      streams: { codec_name: string; codec_type: string }[];
    };
    return {
      format: json.format.format_name,
      codecs: json.streams.map((s) => `${s.codec_type}:${s.codec_name}`),
      start: Number(json.format.start_time),
      duration: Number(json.format.duration),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('POST api/cameras/{camera_code}/streaming (on_demand)', () => {
  it('issue item 9: a signed VOD playlist over recorded minutes, a gap marked, segments remuxed to continuous MPEG-TS', async () => {
    const { camera, cookie } = await setup();
    const clip = await makeClip({ seconds: 60 });
    const base = minuteAgo(10);
    const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
    const first = await putClip(t, camera.id, at(0), clip);
    const second = await putClip(t, camera.id, at(1), clip);
    // Minute 2 was not recorded.
    const fourth = await putClip(t, camera.id, at(3), clip);

    const res = await streamingOf(cookie, camera.code, onDemand(at(0), at(4)));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/streams\/[\w.-]+\/index\.m3u8$/);

    const playlist = await t.app.inject({ method: 'GET', url });
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const maxAge = Number(/private, max-age=(\d+)/.exec(String(playlist.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(600);
    const text = playlist.body;
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-TARGETDURATION:6');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);

    const segments = segmentsOf(text);
    expect(segments).toHaveLength(30);
    expect(segments.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(180, 3);
    expect(segments.slice(0, 2).map((s) => s.name)).toEqual([`${first.id}-0.ts`, `${first.id}-6.ts`]);
    expect(segments[10]?.name).toBe(`${second.id}-0.ts`);
    expect(segments[20]?.name).toBe(`${fourth.id}-0.ts`);
    // One program date time per clip; the only discontinuity is the unrecorded minute before the fourth.
    expect(text.match(/#EXT-X-PROGRAM-DATE-TIME:/g)).toHaveLength(3);
    expect(text).toContain(`#EXT-X-PROGRAM-DATE-TIME:${at(3).toISOString()}`);
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    expect(text).toMatch(
      new RegExp(`#EXT-X-DISCONTINUITY\\n#EXT-X-PROGRAM-DATE-TIME:${at(3).toISOString()}\\n#EXTINF`),
    );

    // Segment addresses are relative to the playlist and need no session.
    const fetchSegment = async (name: string) => {
      const segment = await t.app.inject({ method: 'GET', url: new URL(name, `http://x${url}`).pathname });
      expect(segment.statusCode, segment.body).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      return segment.rawPayload;
    };
    const s0 = await probeTs(await fetchSegment(segments[0]?.name ?? ''));
    const s1Bytes = await fetchSegment(segments[1]?.name ?? '');
    const s1 = await probeTs(s1Bytes);
    const s10 = await probeTs(await fetchSegment(segments[10]?.name ?? ''));
    for (const probe of [s0, s1, s10]) {
      expect(probe.format).toBe('mpegts');
      expect(probe.codecs).toEqual(['video:h264']);
      expect(probe.duration).toBeCloseTo(6, 1);
    }
    // Timestamps continue: the next slice starts where the previous ended, the next minute 60 s later.
    expect(s1.start - s0.start).toBeCloseTo(6, 2);
    expect(s10.start - s0.start).toBeCloseTo(60, 2);

    // A second request is answered from the segment cache with the very same bytes.
    const cachedBefore = t.services.segmentCache.size;
    expect(cachedBefore).toBeGreaterThanOrEqual(3);
    expect((await fetchSegment(segments[1]?.name ?? '')).equals(s1Bytes)).toBe(true);
    expect(t.services.segmentCache.size).toBe(cachedBefore);

    // A name the plan does not have (not on the 6 s grid, or another camera's clip) is not found.
    const base404 = new URL(`${first.id}-3.ts`, `http://x${url}`).pathname;
    expect((await t.app.inject({ method: 'GET', url: base404 })).statusCode).toBe(404);
  });

  it('cuts a period inside a minute at whole seconds, the last slice ending with the period', async () => {
    const { camera, cookie } = await setup();
    const base = minuteAgo(20);
    const clip = await putClip(t, camera.id, base, await makeClip({ seconds: 60 }));
    const res = await streamingOf(
      cookie,
      camera.code,
      onDemand(new Date(base.getTime() + 30_500), new Date(base.getTime() + 45_000)),
    );
    const playlist = await t.app.inject({ method: 'GET', url: res.json().data.url as string });
    expect(segmentsOf(playlist.body)).toEqual([
      { name: `${clip.id}-30.ts`, seconds: 6 },
      { name: `${clip.id}-36.ts`, seconds: 6 },
      { name: `${clip.id}-42.ts`, seconds: 3 },
    ]);
    expect(playlist.body).not.toContain('#EXT-X-DISCONTINUITY');
  });

  it('core.md §4: result failed no_data when nothing was recorded, not_supported without use_streaming', async () => {
    const { camera, cookie } = await setup();
    const res = await streamingOf(cookie, camera.code, onDemand(minuteAgo(5), minuteAgo(4)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'failed', data: { reason: 'no_data' } });

    const plain = await setup(undefined, false);
    const recorded = minuteAgo(5);
    await putClip(t, plain.camera.id, recorded, await makeClip({ seconds: 60 }));
    const refused = await streamingOf(
      plain.cookie,
      plain.camera.code,
      onDemand(recorded, new Date(recorded.getTime() + 60_000)),
    );
    expect(refused.json()).toEqual({ result: 'failed', data: { reason: 'not_supported' } });
  });

  it('core.md §6, §9: 403 without the archive right; 400 for expires above 3600 or a reversed period', async () => {
    const noArchive = await setup({ archive: false });
    const res = await streamingOf(
      noArchive.cookie,
      noArchive.camera.code,
      onDemand(minuteAgo(5), minuteAgo(4)),
    );
    expect(res.statusCode).toBe(403);

    const { camera, cookie } = await setup();
    const tooLong = await streamingOf(cookie, camera.code, onDemand(minuteAgo(5), minuteAgo(4), 3601));
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toContain('expires');
    const reversed = await streamingOf(cookie, camera.code, onDemand(minuteAgo(4), minuteAgo(5)));
    expect(reversed.statusCode).toBe(400);
    const day = await streamingOf(
      cookie,
      camera.code,
      onDemand(new Date(Date.now() - 26 * 3_600_000), minuteAgo(1)),
    );
    expect(day.statusCode).toBe(400);
    expect(Object.keys(day.json().errors)).toEqual(['end_datetime']);
  });

  it('keeps another customer out (404) and answers 401 without a session', async () => {
    const owner = await setup();
    const outsider = await setup();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'streaming on_demand',
        request: {
          method: 'POST',
          url: `/api/cameras/${owner.camera.code}/streaming`,
          payload: onDemand(minuteAgo(5), minuteAgo(4)),
        },
      },
      {
        name: 'streaming live',
        request: {
          method: 'POST',
          url: `/api/cameras/${owner.camera.code}/streaming`,
          payload: { mode: 'live', expires: 60 },
        },
      },
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/cameras/${owner.camera.code}/streaming`,
      payload: onDemand(minuteAgo(5), minuteAgo(4)),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a tampered or expired token with 403 on the playlist and the segment', async () => {
    const { camera, cookie } = await setup();
    const base = minuteAgo(30);
    const clip = await putClip(t, camera.id, base, await makeClip({ seconds: 60 }));
    const res = await streamingOf(cookie, camera.code, onDemand(base, new Date(base.getTime() + 60_000)));
    const token = /^\/api\/streams\/([^/]+)\/index\.m3u8$/.exec(res.json().data.url as string)?.[1] ?? '';
    const [payload = '', mac = ''] = token.split('.');
    // Another camera id in the payload, the old signature.
    const forged = `${Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), c: camera.id + 1 }),
    ).toString('base64url')}.${mac}`;
    const expired = t.services.streamTokens.sign({
      mode: 'on_demand',
      cameraId: camera.id,
      exp: Date.now() - 1000,
      startMs: base.getTime(),
      endMs: base.getTime() + 60_000,
    });
    // A media token does not open a stream.
    const mediaToken = t.services.mediaSigner.token(clip.blob_key);
    for (const bad of [forged, `${payload}.${mac.slice(0, -2)}xx`, expired, mediaToken]) {
      for (const url of [`/api/streams/${bad}/index.m3u8`, `/api/streams/${bad}/${clip.id}-0.ts`]) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(403);
      }
    }
    const good = await t.app.inject({ method: 'GET', url: `/api/streams/${token}/${clip.id}-0.ts` });
    expect(good.statusCode).toBe(200);
    const badName = await t.app.inject({ method: 'GET', url: `/api/streams/${token}/../etc.ts` });
    expect([400, 404]).toContain(badName.statusCode);
  });
});
