// Issue 20, camera settings from the server: a new resolution, frame rate and bitrate cap sent on the control
// channel reach a running agent recording an RTSP camera (test/rtsp-test-server.ts) without a restart; the
// recording switches at the next segment boundary (a minute in the product; 10 s and 6 s segments here): the clip up
// to it is whole in the old format, the clip from it whole in the new one (ffprobe), and no time between
// the first clip and the last is missing or recorded twice. A simulated camera (frames on a pipe, one reader)
// is restarted at the boundary instead, its first clip in the new format missing the restart's second.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipUploadQuery } from '@camwatch/contract/device';
import { startAgent, type AgentHandle } from '../src/index.ts';
import { startFakeServer, testConfig, TOKEN, type FakeServer } from './fake-server.ts';
import { recordingLogger, tempDir, waitFor } from './helpers.ts';
import { startRtspTestServer, type RtspTestServer } from './rtsp-test-server.ts';

const run = promisify(execFile);
/** Segment lengths standing for the minute; the RTSP one leaves the new run 8 s to connect and probe. */
const SIM_SEGMENT_SECONDS = 6;
const RTSP_SEGMENT_SECONDS = 10;
const OLD = { width: 160, height: 90, fps: 4 };
const NEW = { width: 192, height: 108, fps: 2, max_bitrate_kbps: 300, live_interval_sec: 2 };

interface UploadedClip {
  startMs: number;
  endMs: number;
  width: number;
  height: number;
  frames: number;
}

async function probe(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_packets'],
    ...['-show_entries', 'stream=width,height,nb_read_packets', '-of', 'json', file],
  ]);
  const stream = (JSON.parse(stdout) as { streams: Record<string, string | number>[] }).streams[0]!;
  return {
    width: Number(stream.width),
    height: Number(stream.height),
    frames: Number(stream.nb_read_packets),
  };
}

interface Recorded {
  segmentSeconds: number;
  agent: AgentHandle;
  server: FakeServer;
  logger: ReturnType<typeof recordingLogger>;
  clips(): Promise<UploadedClip[]>;
}

const running: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of running.reverse()) await stop();
});

async function recordWithAgent(source: string, segmentSeconds: number): Promise<Recorded> {
  const server = await startFakeServer(testConfig({ ...OLD, live_interval_sec: 1 }));
  running.push(() => server.close());
  const logger = recordingLogger();
  const agent = await startAgent({
    server: server.url,
    token: TOKEN,
    source,
    spoolDir: tempDir(),
    logger,
    segmentSeconds,
    heartbeatIntervalMs: 60_000,
    backoff: { initialMs: 200, maxMs: 800 },
  });
  running.push(() => agent.stop());
  const clipDir = tempDir('settings-clips-');
  const clipRequests = () => server.requests.filter((r) => r.method === 'PUT' && r.path.includes('/clips/'));
  const clips = async () =>
    (
      await Promise.all(
        clipRequests().map(async (request, i) => {
          const query = clipUploadQuery.parse(Object.fromEntries(request.query));
          const startMs = Date.parse(decodeURIComponent(request.path.split('/').pop()!)) + query.offset_ms;
          const file = path.join(clipDir, `clip-${i}.mp4`);
          fs.writeFileSync(file, request.body);
          return { startMs, endMs: startMs + query.duration_ms, ...(await probe(file)) };
        }),
      )
    ).sort((a, b) => a.startMs - b.startMs);
  // Recording runs: the first (partial) clip is uploaded.
  await waitFor(() => clipRequests().length >= 1, 30_000, 'the first clip');
  return { segmentSeconds, agent, server, logger, clips };
}

/** Sends the new settings; answers the planned switch time and the clips once two whole ones followed it. */
async function switchSettings({ segmentSeconds, agent, server, logger, clips }: Recorded) {
  server.config = testConfig(NEW);
  server.send({ type: 'config', config: server.config });
  await waitFor(() => agent.config().width === NEW.width, 5_000, 'the new configuration');
  expect(agent.config()).toMatchObject(NEW);
  const planned = await waitFor(
    () => logger.lines.find((l) => l.message.startsWith('configuration changed: the recording switches')),
    5_000,
    'the planned switch',
  );
  const switchAt = Date.parse(planned.fields.at as string);
  expect(switchAt % (segmentSeconds * 1000)).toBe(0);
  const all = await waitFor(
    async () => {
      const uploaded = await clips();
      return uploaded.filter((c) => c.startMs >= switchAt - 50).length >= 2 && uploaded;
    },
    4 * segmentSeconds * 1000 + 30_000,
    'two clips after the switch',
  );
  const before = all.filter((c) => c.endMs <= switchAt + 50);
  const after = all.filter((c) => c.startMs >= switchAt - 50);
  // Every clip is one side of the switch or the other: none spans it, none is in two formats.
  expect(before.length + after.length).toBe(all.length);
  for (const clip of before) expect(clip).toMatchObject({ width: OLD.width, height: OLD.height });
  for (const clip of after) expect(clip).toMatchObject({ width: NEW.width, height: NEW.height });
  // The clip up to the switch ends at it, whole. Frame counts allow a second's frames less: an RTSP camera on a
  // loaded CI box (every workspace's ffmpegs at once) drops frames at the source; a split clip has half.
  const last = before.at(-1)!;
  expect(Math.abs(last.endMs - switchAt)).toBeLessThanOrEqual(300);
  if (before.length >= 2) expect(last.frames).toBeGreaterThanOrEqual((segmentSeconds - 1) * OLD.fps);
  // Clips in the new format after the first are whole, at the new rate.
  for (const clip of after.slice(1))
    expect(clip.frames).toBeGreaterThanOrEqual((segmentSeconds - 1) * NEW.fps);
  // Nothing recorded twice, and nothing missing after the first clip in the new format.
  for (let i = 1; i < all.length; i += 1)
    expect(all[i]!.startMs).toBeGreaterThanOrEqual(all[i - 1]!.endMs - 300);
  for (let i = 1; i < after.length; i += 1)
    expect(Math.abs(after[i]!.startMs - after[i - 1]!.endMs)).toBeLessThanOrEqual(300);
  return { switchAt, all, first: after[0]! };
}

describe('camera settings from the server reach a recording agent', () => {
  let camera: RtspTestServer;
  beforeAll(async () => {
    camera = await startRtspTestServer({ codec: 'h264', width: 320, height: 180, fps: 8 });
    running.push(() => camera.close());
  });

  it('RTSP camera: a second ffmpeg takes over at the boundary, no time lost or recorded twice', async () => {
    const recorded = await recordWithAgent(camera.url(), RTSP_SEGMENT_SECONDS);
    const { switchAt, all, first } = await switchSettings(recorded);
    // The first clip in the new format starts at the switch, whole.
    expect(Math.abs(first.startMs - switchAt)).toBeLessThanOrEqual(50);
    expect(first.frames).toBeGreaterThanOrEqual((RTSP_SEGMENT_SECONDS - 1) * NEW.fps);
    for (let i = 1; i < all.length; i += 1)
      expect(Math.abs(all[i]!.startMs - all[i - 1]!.endMs)).toBeLessThanOrEqual(300);
    // The new run connected while the old one recorded (a second ffmpeg), and the camera never failed.
    const messages = recorded.logger.lines.map((l) => l.message);
    expect(messages).toContain('recording in the new format from the next minute');
    expect(messages.filter((m) => m.startsWith('camera source failed'))).toEqual([]);
  }, 90_000);

  it('simulated camera (one reader at a time): restarted at the boundary, the new format within 3 s of it', async () => {
    const recorded = await recordWithAgent('sim:street?seed=5', SIM_SEGMENT_SECONDS);
    const { switchAt, first } = await switchSettings(recorded);
    expect(first.startMs - switchAt).toBeLessThanOrEqual(3_000);
    expect(Math.abs(first.endMs - (switchAt + SIM_SEGMENT_SECONDS * 1000))).toBeLessThanOrEqual(300);
  }, 90_000);
});
