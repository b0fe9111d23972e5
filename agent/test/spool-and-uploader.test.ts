// Store-and-forward (issue "Video pipeline" item 3): clips wait on disk, go up oldest first, leave the
// spool only after a 200, go to rejected/ when refused, and the spool drops its oldest clips when full.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipBaseName, parseClipName } from '../src/spool/clip-naming.ts';
import { Spool } from '../src/spool/spool.ts';
import { ClipUploader, outcomeOf } from '../src/upload/clip-uploader.ts';
import { DeviceClient } from '../src/upload/device-client.ts';
import { startFakeServer, TOKEN, type FakeServer } from './fake-server.ts';
import { makeClip, recordingLogger, tempDir, waitFor } from './helpers.ts';

const MINUTE = Date.UTC(2026, 10, 21, 7, 1, 0);
let fixture: string;
let fixtureBytes: number;

beforeAll(async () => {
  fixture = await makeClip(path.join(tempDir(), 'fixture.mp4'), 2);
  fixtureBytes = fs.statSync(fixture).size;
});

/** Puts a copy of the fixture into the spool as a recorder would, for the minute `minutesLater` after MINUTE. */
async function spoolClip(spool: Spool, minutesLater: number, offsetMs = 0): Promise<string> {
  const copy = path.join(spool.recordingDir, `copy-${minutesLater}.mp4`);
  fs.copyFileSync(fixture, copy);
  const start = new Date(MINUTE + minutesLater * 60_000).toISOString().replace('.000Z', 'Z');
  return spool.add(copy, {
    start_time: start,
    duration_ms: 2000,
    offset_ms: offsetMs,
    sha256: 'a'.repeat(64),
  });
}

describe('clip naming', () => {
  it('names clips by minute and offset so that names sort oldest first', () => {
    expect(clipBaseName(MINUTE, 1234)).toBe('20261121T070100Z-01234');
    expect(parseClipName('20261121T070100Z-01234.mp4')).toEqual({
      start_time: '2026-11-21T07:01:00Z',
      offset_ms: 1234,
    });
    expect(parseClipName('20261121T070100Z.mp4')).toEqual({
      start_time: '2026-11-21T07:01:00Z',
      offset_ms: 0,
    });
    expect(parseClipName('20261121T070130Z.mp4')).toBeNull(); // not a minute boundary
    expect(parseClipName('notes.txt')).toBeNull();
  });
});

describe('Spool', () => {
  it('drops the oldest clips with a log line when over its bound', async () => {
    const logger = recordingLogger();
    const spool = new Spool({ dir: tempDir(), maxBytes: fixtureBytes * 2 + 10, logger });
    await spool.open();
    for (let i = 0; i < 4; i++) await spoolClip(spool, i);
    const names = (await spool.list()).map((clip) => clip.name);
    expect(names).toEqual(['20261121T070300Z-00000.mp4', '20261121T070400Z-00000.mp4']);
    const drops = logger.lines.filter((line) => line.message.includes('dropped the oldest clip'));
    expect(drops.map((line) => line.fields.clip)).toEqual([
      '20261121T070100Z-00000.mp4',
      '20261121T070200Z-00000.mp4',
    ]);
    expect(fs.existsSync(path.join(spool.dir, '20261121T070100Z-00000.json'))).toBe(false);
    expect(await spool.stats()).toEqual({ clips: 2, bytes: fixtureBytes * 2 });
  });

  it('reads duration and checksum itself for a clip put there by hand without a sidecar', async () => {
    const spool = new Spool({ dir: tempDir(), maxBytes: 1e9, logger: recordingLogger() });
    await spool.open();
    fs.copyFileSync(fixture, path.join(spool.dir, '20261121T070100Z.mp4'));
    const [clip] = await spool.list();
    const meta = await spool.meta(clip!);
    expect(meta.start_time).toBe('2026-11-21T07:01:00Z');
    expect(meta.offset_ms).toBe(0);
    expect(meta.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(meta.duration_ms).toBeLessThanOrEqual(2100);
    expect(meta.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('clears what a crash left half-done', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, '.recording', 'run-1'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.recording', 'run-1', 'half.mp4'), 'x');
    fs.writeFileSync(path.join(dir, '20261121T070100Z-00000.json'), '{}');
    const spool = new Spool({ dir, maxBytes: 1e9, logger: recordingLogger() });
    await spool.open();
    expect(fs.readdirSync(path.join(dir, '.recording'))).toEqual([]);
    expect(fs.existsSync(path.join(dir, '20261121T070100Z-00000.json'))).toBe(false);
  });
});

describe('ClipUploader', () => {
  let server: FakeServer;
  let uploader: ClipUploader | null = null;
  afterEach(async () => {
    await uploader?.stop();
    await server?.close();
  });

  async function setUp(answers: number[]) {
    server = await startFakeServer();
    const queue = [...answers];
    server.clipAnswer = (request) => {
      const status = queue.shift() ?? 200;
      return status === 200
        ? {
            status,
            body: { clip: { start_time: 'x', duration_ms: 2000, bytes: request.body.length, stored: 'new' } },
          }
        : { status, body: { error: { code: 'x', message: `answer ${status}` } } };
    };
    const logger = recordingLogger();
    const spool = new Spool({ dir: tempDir(), maxBytes: 1e9, logger });
    await spool.open();
    const client = new DeviceClient(server.url, TOKEN);
    uploader = new ClipUploader({
      spool,
      client,
      cameraCode: () => 'CAM0001',
      logger,
      backoff: { initialMs: 50, maxMs: 200 },
    });
    return { spool, logger };
  }

  const clipUploads = () => server.requests.filter((request) => request.path.includes('/clips/'));

  it('keeps a clip through network trouble and 5xx until the server answers 200, oldest first', async () => {
    const { spool } = await setUp([503, 500, 200, 200]);
    await spoolClip(spool, 1, 0);
    await spoolClip(spool, 0, 1500);
    uploader!.start();
    await waitFor(() => clipUploads().length >= 4, 10_000, 'four uploads');
    await waitFor(async () => (await spool.list()).length === 0);
    const uploads = clipUploads();
    expect(uploads.map((request) => request.path)).toEqual([
      '/api/ingest/cameras/CAM0001/clips/2026-11-21T07:01:00Z',
      '/api/ingest/cameras/CAM0001/clips/2026-11-21T07:01:00Z',
      '/api/ingest/cameras/CAM0001/clips/2026-11-21T07:01:00Z',
      '/api/ingest/cameras/CAM0001/clips/2026-11-21T07:02:00Z',
    ]);
    const first = uploads[0]!;
    expect(first.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first.query.get('offset_ms')).toBe('1500');
    expect(first.query.get('duration_ms')).toBe('2000');
    expect(first.query.get('sha256')).toBe('a'.repeat(64));
    expect(first.body.equals(fs.readFileSync(fixture))).toBe(true);
    expect(await spool.list()).toEqual([]);
  });

  it('moves a clip the server refuses (400) to rejected/ with a log line and goes on', async () => {
    const { spool, logger } = await setUp([400, 200]);
    await spoolClip(spool, 0);
    await spoolClip(spool, 1);
    uploader!.start();
    await waitFor(() => clipUploads().length >= 2, 10_000, 'two uploads');
    await waitFor(async () => (await spool.list()).length === 0);
    expect(fs.readdirSync(spool.rejectedDir).sort()).toEqual([
      '20261121T070100Z-00000.json',
      '20261121T070100Z-00000.mp4',
    ]);
    expect(logger.lines.some((line) => line.level === 'error' && line.message.includes('refused'))).toBe(
      true,
    );
    expect(clipUploads()).toHaveLength(2);
  });

  it('tells clip refusals from problems of the agent or the moment', () => {
    expect(outcomeOf(200)).toBe('stored');
    for (const status of [400, 409, 413, 415]) expect(outcomeOf(status)).toBe('rejected');
    for (const status of [401, 403, 404, 429, 500, 503]) expect(outcomeOf(status)).toBe('retry');
  });
});
