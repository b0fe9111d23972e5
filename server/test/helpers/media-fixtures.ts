// Real media for tests, made by ffmpeg at tiny sizes: H.264 MP4 clips (faststart, a keyframe every
// second) and JPEG images. Clips are cached per shape in the worker, since several tests want the same one.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClipShape {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /**
   * `still`: a fixed picture (no motion anywhere). `moving`: a box crosses the picture during
   * [motionFrom, motionTo) seconds and the rest is still.
   */
  scene?: 'still' | 'moving';
  motionFrom?: number;
  motionTo?: number;
}

const cache = new Map<string, Promise<Buffer>>();

async function tmpFile(ext: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-media-'));
  return path.join(dir, `out${ext}`);
}

/** A real H.264 MP4 of the shape asked for. */
export function makeClip(shape: ClipShape): Promise<Buffer> {
  const key = JSON.stringify(shape);
  let made = cache.get(key);
  if (!made) {
    made = renderClip(shape);
    cache.set(key, made);
  }
  return made;
}

async function renderClip({
  seconds,
  width = 160,
  height = 90,
  fps = 5,
  scene = 'still',
  motionFrom = 0,
  motionTo = seconds,
}: ClipShape): Promise<Buffer> {
  const out = await tmpFile('.mp4');
  const background = `color=c=0x405060:s=${width}x${height}:r=${fps}:d=${seconds}`;
  const box = `color=c=white:s=${Math.max(8, Math.round(width / 5))}x${Math.max(8, Math.round(height / 3))}:r=${fps}:d=${seconds}`;
  const filter =
    scene === 'moving'
      ? `[0][1]overlay=x='if(between(t,${motionFrom},${motionTo}),(t-${motionFrom})/${Math.max(0.001, motionTo - motionFrom)}*(W-w),-w)':y=(H-h)/2:eval=frame,format=yuv420p[v]`
      : '[0]format=yuv420p[v]';
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    background,
    '-f',
    'lavfi',
    '-i',
    box,
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-sc_threshold',
    '0',
    '-movflags',
    '+faststart',
    '-t',
    String(seconds),
    out,
  ]);
  const data = await fs.readFile(out);
  await fs.rm(path.dirname(out), { recursive: true, force: true });
  return data;
}

/** A real JPEG of a flat colour (and a label-like stripe so two colours differ clearly). */
export async function makeJpeg(
  options: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const { width = 160, height = 90, color = '0x336699' } = options;
  const out = await tmpFile('.jpg');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:s=${width}x${height}:d=1`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    out,
  ]);
  const data = await fs.readFile(out);
  await fs.rm(path.dirname(out), { recursive: true, force: true });
  return data;
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** A UTC minute `minutesAgo` before now, as the agent names clips. */
export function minuteAgo(minutesAgo: number, now = Date.now()): Date {
  return new Date(Math.floor(now / 60_000) * 60_000 - minutesAgo * 60_000);
}
