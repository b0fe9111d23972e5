// The recorder with real ffmpeg and a simulated camera (issue "Video pipeline" items 2 and 9): H.264 MP4
// segments with a keyframe every second and the index at the front, 1 s MPEG-TS live segments of the same
// encoded stream, stills as whole JPEGs paired with their capture time, and the last segment closed and
// listed when recording stops. Short 2 s segments keep it fast; the product cuts at every wall-clock minute.
// The folder's name holds characters the tee muxer would otherwise read as separators.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedSegment } from '../src/ffmpeg/segment-list.ts';
import type { Fmp4Piece } from '../src/live/fmp4-splitter.ts';
import { Recorder, type ClosedLiveSegment } from '../src/recorder/recorder.ts';
import { SimCamera } from '../src/sim/sim-camera.ts';
import { parseSource } from '../src/source/source-spec.ts';
import {
  isCompleteJpeg,
  keyframeTimes,
  probeFormat,
  probeStream,
  recordingLogger,
  tempDir,
  topLevelBoxes,
  waitFor,
} from './helpers.ts';

const dir = tempDir("recorder it's:a|b [c]-");
const liveDir = path.join(dir, 'live');
fs.mkdirSync(liveDir);
const segments: FinishedSegment[] = [];
const liveSegments: ClosedLiveSegment[] = [];
const fmp4: Fmp4Piece[] = [];
const stills: { jpeg: Buffer; capturedAt: number }[] = [];
const thumbnails: { jpeg: Buffer; capturedAt: number }[] = [];
const source = parseSource('sim:street');
const camera = new SimCamera(source as Extract<typeof source, { kind: 'sim' }>);
let recorder: Recorder;

/** Segments after the first that span a whole segment period (a start under load may add a short one). */
const fullSegments = () => segments.slice(1).filter((s) => s.endSec - s.startSec === 2);

beforeAll(async () => {
  recorder = new Recorder({
    source,
    format: { width: 160, height: 90, fps: 4 },
    segmentDir: dir,
    liveSegmentDir: liveDir,
    segmentSeconds: 2,
    thumbnailWidth: 80,
    ffmpegPath: 'ffmpeg',
    logger: recordingLogger(),
    feeder: camera,
    onStill: (jpeg, capturedAt) => stills.push({ jpeg, capturedAt }),
    onThumbnail: (jpeg, capturedAt) => thumbnails.push({ jpeg, capturedAt }),
    onSegment: (segment) => segments.push(segment),
    onLiveSegment: (segment) => liveSegments.push(segment),
    onLiveFragment: (piece) => fmp4.push(piece),
  });
  recorder.start();
  await waitFor(
    () => fullSegments().length >= 1 && liveSegments.length >= 4,
    20_000,
    'a whole segment after the first and four live segments',
  );
  const exit = await recorder.stop();
  expect(exit.wasStopped).toBe(true);
  expect(exit.code).toBe(0);
}, 40_000);

afterAll(() => camera.close());

describe('Recorder', () => {
  it('lists numbered segments that follow one another without a gap, cut on the run timeline', () => {
    expect(segments.length).toBeGreaterThanOrEqual(3);
    expect(segments.map((segment) => segment.fileName)).toEqual(segments.map((_, i) => `clip-${i}.mp4`));
    for (let i = 1; i < segments.length; i++) expect(segments[i]!.startSec).toBe(segments[i - 1]!.endSec);
    // Whole segments are cut where the timestamps cross a multiple of segmentSeconds (2 s) of the run's
    // timeline, whose origin is a wall-clock boundary; its first frame is at or after that origin.
    expect(fullSegments().length).toBeGreaterThan(0);
    for (const segment of fullSegments()) expect(segment.endSec % 2).toBe(0);
    expect(recorder.timelineOriginMs % 2_000).toBe(0);
    expect(recorder.firstFrameAt!).toBeGreaterThanOrEqual(recorder.timelineOriginMs);
  });

  it('writes H.264 MP4 of 2 s from 0 with a keyframe every second and the index before the media (faststart)', async () => {
    for (const segment of fullSegments()) {
      const file = path.join(dir, segment.fileName);
      expect(await probeStream(file)).toEqual({ codec: 'h264', width: 160, height: 90 });
      expect((await probeFormat(file)).durationMs).toBe(2_000);
      expect(await keyframeTimes(file)).toEqual([0, 1]);
      const boxes = topLevelBoxes(file);
      expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    }
  });

  it('writes 1 s MPEG-TS live segments of the same H.264 stream, one keyframe in each', async () => {
    expect(liveSegments.length).toBeGreaterThanOrEqual(4);
    expect(liveSegments.map((s) => path.basename(s.filePath))).toEqual(
      liveSegments.map((_, i) => `live-${i}.ts`),
    );
    // All but the last (cut short by stop) last one keyframe interval, by the list and by ffprobe.
    for (const segment of liveSegments.slice(0, -1)) {
      expect(segment.durationMs).toBeGreaterThanOrEqual(900);
      expect(segment.durationMs).toBeLessThanOrEqual(1_100);
      expect(await probeFormat(segment.filePath)).toMatchObject({ format: 'mpegts', codec: 'h264' });
      expect((await probeFormat(segment.filePath)).durationMs).toBeCloseTo(segment.durationMs, -2);
      const keys = await keyframeTimes(segment.filePath);
      expect(keys.length).toBe(1);
      const data = fs.readFileSync(segment.filePath);
      expect(data[0]).toBe(0x47); // the MPEG-TS sync byte
    }
    expect(await probeStream(liveSegments[1]!.filePath)).toEqual({ codec: 'h264', width: 160, height: 90 });
  });

  it('hands on the live fMP4 stream: one init segment, then a fragment per frame, a keyframe every second', async () => {
    expect(fmp4[0]?.kind).toBe('init');
    const fragments = fmp4.slice(1).filter((p) => p.kind === 'fragment');
    expect(fragments).toHaveLength(fmp4.length - 1);
    expect(fragments.length).toBeGreaterThanOrEqual(12);
    expect(fragments.map((f) => f.sequence)).toEqual(fragments.map((_, i) => i + 1));
    expect(fragments[0]!.keyframe).toBe(true);
    // 4 fps and a keyframe each second: every fourth fragment, from the first.
    const keys = fragments.flatMap((f, i) => (f.keyframe ? [i] : []));
    expect(keys.slice(0, 3)).toEqual([0, 4, 8]);
    // Init and fragments make one playable MP4 of the same H.264 stream.
    const file = path.join(dir, 'live.mp4');
    fs.writeFileSync(file, Buffer.concat(fmp4.map((p) => p.data)));
    expect(await probeStream(file)).toEqual({ codec: 'h264', width: 160, height: 90 });
  });

  it('delivers every frame as a complete JPEG still, paired with the time the frame was captured', () => {
    expect(stills.length).toBeGreaterThan(8);
    expect(stills.every((still) => isCompleteJpeg(still.jpeg))).toBe(true);
    // The simulator captures on the 250 ms grid; each still carries its own frame's time.
    expect(stills.every((still) => still.capturedAt % 250 === 0)).toBe(true);
    const times = stills.map((still) => still.capturedAt);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(recorder.firstFrameAt).toBe(times[0]);
  });

  it('delivers small thumbnails too', () => {
    expect(thumbnails.length).toBeGreaterThan(8);
    expect(thumbnails.every((thumbnail) => isCompleteJpeg(thumbnail.jpeg))).toBe(true);
    expect(thumbnails[0]!.jpeg.length).toBeLessThan(stills[0]!.jpeg.length);
  });
});
