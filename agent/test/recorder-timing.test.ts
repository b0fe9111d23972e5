// Clips keep real time when frames are late or missing (issue 17 point 2), fast: the real recorder and
// ffmpeg with 2 s segments at 4 fps, fed by a simulated camera that loses a third of its frames (as a busy
// event loop does) while its ffmpeg is also stopped and continued like cpulimit (frames written meanwhile
// are dropped by the recorder). Whole segments still last 2 s with 8 frames and a keyframe on each second;
// a recorder that timed frames by their count would cut them short. The pipeline test does the same for
// whole minutes through the server.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedSegment } from '../src/ffmpeg/segment-list.ts';
import type { FrameFeeder } from '../src/recorder/frame-feeder.ts';
import { Recorder } from '../src/recorder/recorder.ts';
import { SimCamera } from '../src/sim/sim-camera.ts';
import { parseSource } from '../src/source/source-spec.ts';
import { keyframeTimes, probeFormat, recordingLogger, tempDir, waitFor } from './helpers.ts';

const run = promisify(execFile);
const FPS = 4;
const SEGMENT_SECONDS = 2;
const dir = tempDir('recorder-timing-');
fs.mkdirSync(path.join(dir, 'live'));
const source = parseSource('sim:street');
const camera = new SimCamera(source as Extract<typeof source, { kind: 'sim' }>);
const delivered: number[] = [];
const segments: FinishedSegment[] = [];
let recorder: Recorder;

/** Every third frame never reaches ffmpeg; the rest go as the recorder takes them. */
const lossyCamera: FrameFeeder = {
  start: (format, sink) =>
    camera.start(format, (frame, capturedAt) => {
      if (Math.round(capturedAt / (1000 / FPS)) % 3 === 0) return false;
      const isTaken = sink(frame, capturedAt);
      if (isTaken) delivered.push(capturedAt);
      return isTaken;
    }),
  stop: () => camera.stop(),
};

/**
 * The segments from the first whole period on, the last (cut short by the stop) left out. Before it come the
 * partial first one and, after a start in the last moment of a period, a piece of a second or two while the
 * segment muxer's count of cuts catches up with the timeline.
 */
function settledSegments(): FinishedSegment[] {
  const first = segments.findIndex(
    (segment, i) =>
      i > 0 &&
      segment.startSec % SEGMENT_SECONDS === 0 &&
      segment.endSec - segment.startSec === SEGMENT_SECONDS,
  );
  return first < 0 ? [] : segments.slice(first, -1);
}

function ffmpegPid(): number | undefined {
  try {
    const pids = execFileSync('pgrep', ['-x', 'ffmpeg', '-P', String(process.pid)], { encoding: 'utf8' });
    return Number(pids.split('\n')[0]);
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  recorder = new Recorder({
    source,
    format: { width: 160, height: 90, fps: FPS },
    segmentDir: dir,
    liveSegmentDir: path.join(dir, 'live'),
    segmentSeconds: SEGMENT_SECONDS,
    thumbnailWidth: 80,
    ffmpegPath: 'ffmpeg',
    logger: recordingLogger(),
    feeder: lossyCamera,
    onStill: () => {},
    onThumbnail: () => {},
    onSegment: (segment) => segments.push(segment),
    onLiveSegment: (segment) => fs.rmSync(segment.filePath, { force: true }),
  });
  recorder.start();
  // ffmpeg gets no CPU for 0.7 s in every 2 s. (A signal to an ffmpeg that has exited meanwhile, ESRCH, is moot.)
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // exited
    }
  };
  let resume: NodeJS.Timeout | undefined;
  const starve = setInterval(() => {
    const pid = ffmpegPid();
    if (pid === undefined) return;
    signal(pid, 'SIGSTOP');
    resume = setTimeout(() => signal(pid, 'SIGCONT'), 700);
  }, 2_000);
  try {
    await waitFor(() => settledSegments().length >= 4, 40_000, 'four whole segments');
  } finally {
    clearInterval(starve);
    clearTimeout(resume);
    const pid = ffmpegPid();
    if (pid !== undefined) signal(pid, 'SIGCONT');
  }
  await recorder.stop();
}, 60_000);

afterAll(() => camera.close());

describe('Recorder under starvation', () => {
  it('keeps every whole segment 2 s long with 8 frames, a keyframe each second, though fewer frames came', async () => {
    expect(settledSegments().length).toBeGreaterThanOrEqual(4);
    for (const segment of settledSegments()) {
      expect(segment.endSec - segment.startSec).toBe(SEGMENT_SECONDS);
      const file = path.join(dir, segment.fileName);
      expect((await probeFormat(file)).durationMs).toBe(SEGMENT_SECONDS * 1000);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-count_packets',
        '-show_entries',
        'stream=nb_read_packets',
        '-of',
        'csv=p=0',
        file,
      ]);
      expect(Number(stdout.trim())).toBe(SEGMENT_SECONDS * FPS);
      expect(await keyframeTimes(file)).toEqual([0, 1]);
      // What the camera delivered in that stretch of the run's timeline: a quarter fewer at least.
      const from = recorder.timelineOriginMs + (segment.endSec - SEGMENT_SECONDS) * 1000;
      const taken = delivered.filter((t) => t >= from && t < from + SEGMENT_SECONDS * 1000).length;
      expect(taken).toBeLessThanOrEqual(SEGMENT_SECONDS * FPS - 2);
    }
  });

  it('follows one segment with the next without a gap', () => {
    for (let i = 1; i < segments.length; i++) expect(segments[i]!.startSec).toBe(segments[i - 1]!.endSec);
  });
});
