// Issue 20, RTSP for real: the agent's recording pipeline (ffmpeg, spool, clip placement, reconnects) against
// an RTSP server on loopback (test/rtsp-test-server.ts: a test picture encoded by ffmpeg, served over UDP or
// TCP behind Digest authentication). H.264 and H.265 cameras, both transports, credentials in the address
// (never in a log line), a camera that goes away and comes back (the gap is missing time, the clips on
// either side are whole and placed where they belong), a camera whose clock jumps, and cameras that refuse
// the password or are not there (a clear reason in the log, retries with growing delays, no crash).
// Segments are 2 s instead of a minute to keep it short.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../src/logger.ts';
import { RecordingPipeline } from '../src/recorder/pipeline.ts';
import { parseSource } from '../src/source/source-spec.ts';
import { Spool } from '../src/spool/spool.ts';
import { probeStream, recordingLogger, tempDir, waitFor, type RecordedLine } from './helpers.ts';
import { startRtspTestServer, type RtspTestServer } from './rtsp-test-server.ts';

const run = promisify(execFile);
const SEGMENT_SECONDS = 2;
const FORMAT = { width: 160, height: 90, fps: 4 };
const BACKOFF = { initialMs: 200, maxMs: 1_600 };
const CREDENTIALS = { user: 'admin', password: 'S3cret:p@ss' };
const SECRET_TEXTS = [CREDENTIALS.password, encodeURIComponent(CREDENTIALS.password), 'S3cret'];

interface Recording {
  pipeline: RecordingPipeline;
  spool: Spool;
  logger: Logger & { lines: RecordedLine[] };
}

const servers: RtspTestServer[] = [];
const spoolDirs: string[] = [];
let recording: Recording | null = null;

async function record(source: string): Promise<Recording> {
  const logger = recordingLogger();
  const dir = tempDir('rtsp-spool-');
  spoolDirs.push(dir);
  const spool = new Spool({ dir, maxBytes: 200 * 1024 * 1024, logger });
  await spool.open();
  const pipeline = new RecordingPipeline({
    source: parseSource(source),
    spool,
    logger,
    ffmpegPath: 'ffmpeg',
    ffprobePath: 'ffprobe',
    segmentSeconds: SEGMENT_SECONDS,
    thumbnailWidth: 80,
    backoff: BACKOFF,
    onStill: () => {},
    onThumbnail: () => {},
  });
  await pipeline.apply(FORMAT);
  recording = { pipeline, spool, logger };
  return recording;
}

async function server(codec: 'h264' | 'h265', withPassword = true): Promise<RtspTestServer> {
  const started = await startRtspTestServer({ codec, ...(withPassword ? CREDENTIALS : {}) });
  servers.push(started);
  return started;
}

interface PlacedClip {
  path: string;
  startMs: number;
  endMs: number;
}

async function clips(spool: Spool): Promise<PlacedClip[]> {
  const placed = await Promise.all(
    (await spool.list()).map(async (clip) => {
      const meta = await spool.meta(clip);
      const startMs = Date.parse(meta.start_time) + meta.offset_ms;
      return { path: clip.path, startMs, endMs: startMs + meta.duration_ms };
    }),
  );
  return placed.sort((a, b) => a.startMs - b.startMs);
}

/** Whole segments (the first of a run may be short). */
const fullClips = (all: PlacedClip[]) =>
  all.filter((c) => c.endMs - c.startMs >= SEGMENT_SECONDS * 1000 - 300);

const failures = (logger: { lines: RecordedLine[] }) =>
  logger.lines.filter((line) => line.message.startsWith('camera source failed'));

function expectNoSecretIn(lines: RecordedLine[]) {
  const text = JSON.stringify(lines);
  for (const secret of SECRET_TEXTS) expect(text).not.toContain(secret);
}

afterEach(async () => {
  await recording?.pipeline.stop();
  recording = null;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const dir of spoolDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('recording an RTSP camera', () => {
  it('records an H.264 camera over TCP with credentials in the address, and never logs them', async () => {
    const camera = await server('h264');
    const { spool, logger } = await record(camera.url(CREDENTIALS));
    await waitFor(async () => fullClips(await clips(spool)).length >= 1, 40_000, 'a whole clip');
    expect(camera.plays).toEqual(['tcp']);
    expect(camera.unauthorized).toBeGreaterThan(0); // Digest: the first DESCRIBE is refused, then answered
    const [clip] = fullClips(await clips(spool));
    expect(await probeStream(clip!.path)).toEqual({ codec: 'h264', width: 160, height: 90 });
    expect(failures(logger)).toEqual([]);
    expectNoSecretIn(logger.lines);
    // ffmpeg reads the address from stdin, so it is stopped with SIGINT: it still closes the clip it was
    // writing (spooled, or dropped as too short to upload), and reports no errors.
    const linesBeforeStop = logger.lines.length;
    await recording!.pipeline.stop();
    const afterStop = logger.lines.slice(linesBeforeStop).map((line) => line.message);
    expect(afterStop).toContainEqual(
      expect.stringMatching(/^(clip recorded|segment too short to upload; dropped)$/),
    );
    expect(afterStop).not.toContain('ffmpeg reported errors while stopping');
  }, 60_000);

  it('records an H.265 camera over UDP (#transport=udp), re-encoded to H.264', async () => {
    const camera = await server('h265');
    const { spool } = await record(`${camera.url(CREDENTIALS)}#transport=udp`);
    await waitFor(async () => fullClips(await clips(spool)).length >= 1, 40_000, 'a whole clip');
    expect(camera.plays).toEqual(['udp']);
    const [clip] = fullClips(await clips(spool));
    expect((await probeStream(clip!.path)).codec).toBe('h264');
  }, 60_000);

  it('reconnects with backoff after the camera goes away; the outage is missing time, nothing else is lost', async () => {
    const camera = await server('h264');
    const { spool, logger } = await record(camera.url(CREDENTIALS));
    await waitFor(async () => fullClips(await clips(spool)).length >= 1, 40_000, 'a whole clip');
    await camera.cutOff();
    const cutAt = Date.now();
    // Nothing listens: ffmpeg fails again and again, each retry later than the one before.
    await waitFor(
      () => failures(logger).length >= 3 && Date.now() - cutAt >= 3_000,
      30_000,
      'three failed attempts and an outage of 3 s',
    );
    const before = await clips(spool);
    await camera.resume();
    const resumedAt = Date.now();
    await waitFor(
      async () => fullClips((await clips(spool)).filter((c) => c.startMs >= resumedAt)).length >= 1,
      40_000,
      'a whole clip after the camera came back',
    );
    expect(camera.plays).toEqual(['tcp', 'tcp']);
    expect(logger.lines.some((line) => line.message === 'camera source recovered')).toBe(true);

    const retries = failures(logger).map((line) => line.fields);
    expect(retries[0]).toMatchObject({ reason: 'connection_lost', attempt: 1 });
    expect(retries.slice(1, 3).map((f) => f.reason)).toEqual(['unreachable', 'unreachable']);
    const delays = retries.map((f) => f.retry_in_ms as number);
    expect(delays.slice(0, 4)).toEqual([200, 400, 800, 1_600].slice(0, Math.min(4, delays.length)));

    // Every clip recorded before the cut is still there (the one open at the cut closed and spooled).
    const all = await clips(spool);
    for (const clip of before) expect(all.map((c) => c.path)).toContain(clip.path);
    // No two clips overlap; the clips end before the cut and start again after the camera came back.
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.startMs).toBeGreaterThanOrEqual(all[i - 1]!.endMs - 50);
    const gap = all.findIndex((c, i) => i > 0 && c.startMs - all[i - 1]!.endMs > 1_000);
    expect(gap).toBeGreaterThan(0);
    expect(all[gap - 1]!.endMs).toBeLessThanOrEqual(cutAt + 500);
    expect(all[gap]!.startMs).toBeGreaterThanOrEqual(resumedAt - 500);
    expectNoSecretIn(logger.lines);
  }, 120_000);

  it('reconnects to a camera that goes silent without closing the connection (#timeout=)', async () => {
    const camera = await server('h264', false);
    const { spool, logger } = await record(`${camera.url()}#timeout=2`);
    await waitFor(async () => fullClips(await clips(spool)).length >= 1, 40_000, 'a whole clip');
    camera.freeze();
    const frozenAt = Date.now();
    await waitFor(() => failures(logger).length >= 1, 40_000, 'the silence noticed');
    expect(failures(logger)[0]!.fields.reason).toBe('timeout');
    await waitFor(
      async () => fullClips((await clips(spool)).filter((c) => c.startMs >= frozenAt)).length >= 1,
      40_000,
      'a whole clip after reconnecting',
    );
    expect(camera.plays).toEqual(['tcp', 'tcp']);
  }, 120_000);

  it("places clips by the agent's clock when the camera's own clock jumps", async () => {
    const camera = await server('h264', false);
    const { spool, logger } = await record(camera.url());
    await waitFor(async () => fullClips(await clips(spool)).length >= 1, 40_000, 'a whole clip');
    const jumpedAt = Date.now();
    camera.jumpClock(3_600); // an hour ahead
    await waitFor(
      async () => fullClips((await clips(spool)).filter((c) => c.startMs >= jumpedAt)).length >= 2,
      40_000,
      'two whole clips after the jump',
    );
    const stoppedAt = Date.now();
    const all = await clips(spool);
    // One run, clip after clip, none an hour ahead.
    expect(failures(logger)).toEqual([]);
    for (let i = 1; i < all.length; i++)
      expect(Math.abs(all[i]!.startMs - all[i - 1]!.endMs)).toBeLessThan(300);
    for (const clip of all) expect(clip.endMs).toBeLessThanOrEqual(stoppedAt + 1_000);
    for (const clip of fullClips(all)) {
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-count_packets',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_packets',
        '-of',
        'csv=p=0',
        clip.path,
      ]);
      expect(Number(stdout.trim())).toBe(FORMAT.fps * SEGMENT_SECONDS);
    }
  }, 90_000);
});

describe('an RTSP camera that cannot be recorded', () => {
  it('logs a wrong password clearly, without the password, and keeps retrying with growing delays', async () => {
    const camera = await server('h264');
    const { spool, logger } = await record(camera.url({ user: 'admin', password: 'S3cret-wrong' }));
    await waitFor(() => failures(logger).length >= 3, 30_000, 'three failed attempts');
    const [first, second] = failures(logger);
    expect(first!.message).toContain('refused the user name or password');
    expect(first!.fields).toMatchObject({ reason: 'unauthorized', attempt: 1, retry_in_ms: 200 });
    expect(second!.fields).toMatchObject({ reason: 'unauthorized', attempt: 2, retry_in_ms: 400 });
    expect(String(first!.fields.source)).toBe(`rtsp://***@127.0.0.1:${camera.port}/stream`);
    expect(JSON.stringify(logger.lines)).not.toContain('S3cret-wrong');
    expect(camera.plays).toEqual([]);
    expect(await spool.list()).toEqual([]);
  }, 60_000);

  it('logs an address where nothing answers as unreachable', async () => {
    const camera = await server('h264', false);
    await camera.cutOff();
    const { logger } = await record(camera.url());
    await waitFor(() => failures(logger).length >= 2, 30_000, 'two failed attempts');
    expect(failures(logger)[0]!.message).toContain('nothing answers at the camera address');
    expect(failures(logger)[0]!.fields.reason).toBe('unreachable');
  }, 60_000);
});
