// Motion detection on real H.264 clips made by ffmpeg (test/helpers/media-fixtures.ts), and its pure parts.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, type ClipShape } from '../../test/helpers/media-fixtures.ts';
import {
  changedFractions,
  changedRegions,
  decodeGrayFrames,
  defaultMotionOptions,
  detectMotion,
  keyframeMotionOptions,
  motionDecodeArgs,
  motionFrames,
  motionSpans,
  rasterizeMotionArea,
} from './motion.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-motion-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function clipFile(shape: ClipShape): Promise<string> {
  const file = path.join(dir, `${Object.values(shape).join('-')}.mp4`);
  await fs.writeFile(file, await makeClip(shape));
  return file;
}

describe('rasterizeMotionArea', () => {
  it('counts the whole picture without an area, and only the inside of the polygons with one', () => {
    expect(rasterizeMotionArea(null, 4, 2)).toEqual(new Uint8Array(8).fill(1));
    expect(rasterizeMotionArea([], 4, 2)).toEqual(new Uint8Array(8).fill(1));
    // The left half, as a rectangle; pixel centres are at 1/8, 3/8, 5/8, 7/8.
    const left = [
      { x: 0, y: 0 },
      { x: 0.5, y: 0 },
      { x: 0.5, y: 1 },
      { x: 0, y: 1 },
    ];
    expect([...rasterizeMotionArea([left], 4, 2)]).toEqual([1, 1, 0, 0, 1, 1, 0, 0]);
    // Two polygons are a union: a triangle in the top right corner added.
    const corner = [
      { x: 0.7, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 0.6 },
    ];
    expect([...rasterizeMotionArea([left, corner], 4, 2)]).toEqual([1, 1, 0, 1, 1, 1, 0, 0]);
  });
});

describe('changedFractions and motionSpans', () => {
  it('counts changed pixels inside the mask only, above the pixel threshold', () => {
    const a = Uint8Array.from([10, 10, 10, 10]);
    const b = Uint8Array.from([10, 200, 20, 200]); // pixel 2 moved by 10 only
    expect(changedFractions([a, b], Uint8Array.from([1, 1, 1, 1]), 25)).toEqual([0.5]);
    expect(changedFractions([a, b], Uint8Array.from([1, 0, 1, 0]), 25)).toEqual([0]);
    expect(changedFractions([a, b], new Uint8Array(4), 25)).toEqual([0]);
  });

  it('merges moving frames less than the gap apart, shifts by the offset and stays inside the minute', () => {
    const options = { fps: 5, areaThreshold: 0.01, mergeGapSec: 1 };
    // Frames at 0.2 s steps: moving at 1.0, 1.2, 1.8 (merged) and 4.0 (alone).
    const fractions = Array<number>(25).fill(0);
    for (const t of [1.0, 1.2, 1.8, 4.0]) fractions[Math.round(t * 5) - 1] = 0.2;
    expect(motionSpans(fractions, options)).toEqual([
      { startSec: 1, endSec: 1.8 },
      { startSec: 4, endSec: 4.2 },
    ]);
    expect(motionSpans(fractions, { ...options, offsetSec: 59 })).toEqual([
      { startSec: 60, endSec: 60 },
      { startSec: 60, endSec: 60 },
    ]);
    expect(motionSpans(fractions, { ...options, offsetSec: 30 })[0]).toEqual({ startSec: 31, endSec: 31.8 });
    expect(motionSpans(Array<number>(25).fill(0.009), options)).toEqual([]);
  });
});

describe('changedRegions and motionFrames (the motion analysis info boxes)', () => {
  // An 8x4 picture: a 2x2 block changes at the left, a 3x1 run at the right, one lone pixel in between.
  const before = new Uint8Array(32).fill(10);
  const after = Uint8Array.from(before);
  for (const i of [0, 1, 8, 9, 21, 22, 23, 27]) after[i] = 200;
  const all = new Uint8Array(32).fill(1);

  it('boxes each connected changed region inside the mask, largest first, in 0..1 coordinates', () => {
    expect(changedRegions(before, after, all, 8, 4, 25)).toEqual([
      { x: 0, y: 0, w: 0.25, h: 0.5 },
      { x: 0.625, y: 0.5, w: 0.375, h: 0.25 },
    ]);
  });

  it('drops regions outside the mask and lone pixels (compression flicker)', () => {
    const leftHalf = Uint8Array.from({ length: 32 }, (_, i) => (i % 8 < 4 ? 1 : 0));
    expect(changedRegions(before, after, leftHalf, 8, 4, 25)).toEqual([{ x: 0, y: 0, w: 0.25, h: 0.5 }]);
  });

  it('answers the boxes of the moving frames only, at their second of the minute', () => {
    const frames = [before, before, after];
    const fractions = changedFractions(frames, all, 25);
    expect(
      motionFrames(frames, fractions, all, {
        fps: 5,
        width: 8,
        height: 4,
        pixelThreshold: 25,
        areaThreshold: 0.01,
        offsetSec: 30,
      }),
    ).toEqual([{ sec: 30.4, boxes: changedRegions(before, after, all, 8, 4, 25) }]);
  });
});

describe('detectMotion on real clips', () => {
  it('finds nothing in a still clip', async () => {
    const file = await clipFile({ seconds: 4, scene: 'still' });
    expect(await detectMotion(file, null)).toEqual([]);
  });

  it('finds one span around [1, 2] s when a box moves between 1 s and 2 s of a 4 s clip', async () => {
    const file = await clipFile({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const spans = await detectMotion(file, null);
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span!.startSec).toBeGreaterThanOrEqual(0.6);
    expect(span!.startSec).toBeLessThanOrEqual(1.2);
    expect(span!.endSec).toBeGreaterThanOrEqual(1.8);
    expect(span!.endSec).toBeLessThanOrEqual(2.6);
  });

  it("adds the clip's offset in the minute", async () => {
    const file = await clipFile({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const [span] = await detectMotion(file, null, { offsetMs: 20_000 });
    expect(span!.startSec).toBeGreaterThanOrEqual(20.6);
    expect(span!.endSec).toBeLessThanOrEqual(22.6);
  });

  it('finds nothing when the area covers only where nothing moves (the top fifth; the box crosses the middle)', async () => {
    const file = await clipFile({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const top = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 0.2 },
      { x: 0, y: 0.2 },
    ];
    expect(await detectMotion(file, [top])).toEqual([]);
    // The same clip with an area over the middle band still moves.
    const middle = top.map((p) => ({ x: p.x, y: p.y === 0 ? 0.4 : 0.6 }));
    expect(await detectMotion(file, [middle])).toHaveLength(1);
  });

  it('does not take sensor noise for motion: a still test pattern with strong per-frame noise', async () => {
    const file = path.join(dir, 'noisy.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'smptebars=s=320x180:r=10:d=4,noise=alls=30:allf=t'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ]);
    const frames = await decodeGrayFrames(file);
    expect(frames.length).toBeGreaterThanOrEqual(19);
    const mask = rasterizeMotionArea(null, defaultMotionOptions.width, defaultMotionOptions.height);
    const fractions = changedFractions(frames, mask, defaultMotionOptions.pixelThreshold);
    expect(Math.max(...fractions)).toBeLessThan(defaultMotionOptions.areaThreshold / 2);
    expect(await detectMotion(file, null)).toEqual([]);
  });
});

describe('the keyframes-only pass (a motion queue that has fallen behind)', () => {
  it('asks ffmpeg for keyframes only, one picture a second', () => {
    const args = motionDecodeArgs('clip.mp4', keyframeMotionOptions);
    expect(args.slice(args.indexOf('-skip_frame'), args.indexOf('-skip_frame') + 2)).toEqual([
      '-skip_frame',
      'nokey',
    ]);
    expect(args.indexOf('-skip_frame')).toBeLessThan(args.indexOf('-i'));
    expect(args).toContain('fps=1,scale=64:36:flags=area,format=gray');
    expect(motionDecodeArgs('clip.mp4')).not.toContain('-skip_frame');
  });

  it('finds the box crossing between 1 s and 2 s at one-second resolution, and nothing in a still clip', async () => {
    const moving = await clipFile({ seconds: 5, scene: 'moving', motionFrom: 1, motionTo: 2 });
    expect((await decodeGrayFrames(moving, keyframeMotionOptions)).length).toBeGreaterThanOrEqual(4);
    const spans = await detectMotion(moving, null, { options: keyframeMotionOptions });
    expect(spans).toHaveLength(1);
    expect(spans[0]!.startSec).toBeGreaterThanOrEqual(0.6);
    expect(spans[0]!.startSec).toBeLessThanOrEqual(1.2);
    expect(spans[0]!.endSec).toBeGreaterThanOrEqual(1.8);
    expect(spans[0]!.endSec).toBeLessThanOrEqual(3.2);
    const still = await clipFile({ seconds: 5, scene: 'still' });
    expect(await detectMotion(still, null, { options: keyframeMotionOptions })).toEqual([]);
  });
});
