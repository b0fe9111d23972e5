// Motion detection on a recorded clip: ffmpeg decodes it small, grey and slow (64x36 at 5 fps), then
// consecutive frames are differenced inside the camera's motion detection area. A frame "moves" when
// the share of pixels that changed clearly exceeds a threshold; moving frames close together merge into
// spans of seconds within the minute. Everything but the decoding is pure and unit-tested.
import type { MotionArea } from '@camwatch/contract/device';
import { failureText, runProgram } from './launcher.ts';
import { BACKGROUND_PRIORITY } from './priority.ts';

export interface MotionSpan {
  startSec: number;
  endSec: number;
}

export interface MotionOptions {
  /** Analysed frames per second. */
  fps: number;
  /** Size of the analysed picture. The aspect does not matter: the area is in 0..1 coordinates. */
  width: number;
  height: number;
  /** A pixel changed when its grey level moved by more than this (0..255). */
  pixelThreshold: number;
  /** A frame moves when more than this share of the area's pixels changed. */
  areaThreshold: number;
  /** Moving frames at most this far apart belong to one span. */
  mergeGapSec: number;
  /**
   * Decode only the keyframes (the agent writes one a second), sampled at `fps` on the clip's timeline: about
   * a third of the CPU of decoding every frame, for a queue that has fallen behind (motion.service.ts).
   */
  keyframesOnly?: boolean;
}

/**
 * Tuned on the test clips and on x264 noise: compression flicker at 64x36 stays far below 25 grey levels
 * (downscaling averages it away), while an object crossing a sixth of the picture changes several percent
 * of it between two frames 0.2 s apart.
 */
export const defaultMotionOptions: MotionOptions = {
  fps: 5,
  width: 64,
  height: 36,
  pixelThreshold: 25,
  areaThreshold: 0.01,
  mergeGapSec: 1,
};

/** The cheaper pass: keyframes only, one picture a second (frames 1 s apart, the same thresholds). */
export const keyframeMotionOptions: MotionOptions = {
  ...defaultMotionOptions,
  fps: 1,
  keyframesOnly: true,
};

const CLIP_SECONDS = 60;
const DECODE_TIMEOUT_MS = 120_000;

/** The ffmpeg arguments that turn a video file into raw 8-bit grey frames on stdout. */
export function motionDecodeArgs(inputPath: string, options: MotionOptions = defaultMotionOptions): string[] {
  const { fps, width, height } = options;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    // One decoding thread: the worker shares two cores with the API. The picture is analysed at 64x36,
    // so the decoder may skip the deblocking filter (about a third of H.264 decoding) and take shortcuts.
    '-threads',
    '1',
    '-skip_loop_filter',
    'all',
    '-flags2',
    'fast',
    // The other frames are never decoded; fps= below repeats a keyframe where a GOP is longer than a second.
    ...(options.keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    '-i',
    inputPath,
    '-an',
    '-vf',
    `fps=${fps},scale=${width}:${height}:flags=area,format=gray`,
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

/** Decodes the file into grey frames of width*height bytes each. */
export async function decodeGrayFrames(
  inputPath: string,
  options: MotionOptions = defaultMotionOptions,
  ffmpegPath = 'ffmpeg',
): Promise<Buffer[]> {
  const result = await runProgram(ffmpegPath, motionDecodeArgs(inputPath, options), {
    timeoutMs: DECODE_TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
    background: BACKGROUND_PRIORITY,
  });
  if (result.exitCode !== 0)
    throw new Error(`ffmpeg failed (${result.signal ?? result.exitCode}): ${failureText(result)}`);
  const data = result.stdout;
  const frameSize = options.width * options.height;
  const frames: Buffer[] = [];
  for (let at = 0; at + frameSize <= data.length; at += frameSize)
    frames.push(data.subarray(at, at + frameSize));
  return frames;
}

/** Even-odd rule: whether the point lies inside the polygon. */
export function isInsidePolygon(x: number, y: number, polygon: readonly { x: number; y: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * The pixels (1) that count, from the camera's area: the union of its polygons, tested at pixel centres.
 * No area (null or empty) means the whole picture.
 */
export function rasterizeMotionArea(area: MotionArea | null, width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  if (!area || area.length === 0) return mask.fill(1);
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5) / height;
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / width;
      if (area.some((polygon) => isInsidePolygon(x, y, polygon))) mask[py * width + px] = 1;
    }
  }
  return mask;
}

/** For each frame after the first, the share of the mask's pixels that changed since the frame before. */
export function changedFractions(frames: readonly Uint8Array[], mask: Uint8Array, pixelThreshold: number) {
  let counted = 0;
  for (const bit of mask) counted += bit;
  const fractions: number[] = [];
  for (let f = 1; f < frames.length; f++) {
    if (counted === 0) {
      fractions.push(0);
      continue;
    }
    const previous = frames[f - 1]!;
    const current = frames[f]!;
    let changed = 0;
    for (let i = 0; i < mask.length; i++)
      if (mask[i] && Math.abs(current[i]! - previous[i]!) > pixelThreshold) changed++;
    fractions.push(changed / counted);
  }
  return fractions;
}

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Spans of motion from the per-frame changed shares (fractions[k] compares frame k+1 with frame k, so it
 * belongs to the time (k+1)/fps), shifted by offsetSec (a clip that began late in its minute) and kept
 * inside the minute.
 */
export function motionSpans(
  fractions: readonly number[],
  options: Pick<MotionOptions, 'fps' | 'areaThreshold' | 'mergeGapSec'> & { offsetSec?: number },
): MotionSpan[] {
  const { fps, areaThreshold, mergeGapSec, offsetSec = 0 } = options;
  const frameSec = 1 / fps;
  const spans: MotionSpan[] = [];
  let current: MotionSpan | null = null;
  fractions.forEach((fraction, k) => {
    if (fraction <= areaThreshold) return;
    const t = (k + 1) / fps;
    if (current && t - current.endSec <= mergeGapSec) current.endSec = t;
    else {
      current = { startSec: t, endSec: t };
      spans.push(current);
    }
  });
  return spans.map(({ startSec, endSec }) => ({
    startSec: tenth(Math.min(CLIP_SECONDS, startSec + offsetSec)),
    endSec: tenth(Math.min(CLIP_SECONDS, Math.max(endSec, startSec + frameSec) + offsetSec)),
  }));
}

export interface MotionBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The changed regions of one moving frame, at `sec` of the minute. */
export interface MotionFrame {
  sec: number;
  boxes: MotionBox[];
}

/** Regions smaller than this many analysed pixels are compression flicker, not something moving. */
const MIN_REGION_PIXELS = 2;
/** At most this many boxes per frame, the largest regions first. */
const MAX_BOXES_PER_FRAME = 6;
const thousandth = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The boxes around the connected regions (8-neighbour) of pixels inside the mask that changed by more than
 * the threshold between two frames, in 0..1 picture coordinates, largest region first.
 */
export function changedRegions(
  previous: Uint8Array,
  current: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  pixelThreshold: number,
): MotionBox[] {
  const changed = new Uint8Array(width * height);
  for (let i = 0; i < changed.length; i++)
    if (mask[i] && Math.abs(current[i]! - previous[i]!) > pixelThreshold) changed[i] = 1;
  const regions: { pixels: number; box: MotionBox }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < changed.length; start++) {
    if (changed[start] !== 1) continue;
    changed[start] = 2;
    stack.push(start);
    let pixels = 0;
    let [minX, minY, maxX, maxY] = [width, height, -1, -1];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      pixels++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (changed[next] === 1) {
            changed[next] = 2;
            stack.push(next);
          }
        }
    }
    if (pixels < MIN_REGION_PIXELS) continue;
    regions.push({
      pixels,
      box: {
        x: thousandth(minX / width),
        y: thousandth(minY / height),
        w: thousandth((maxX + 1 - minX) / width),
        h: thousandth((maxY + 1 - minY) / height),
      },
    });
  }
  return regions
    .sort((a, b) => b.pixels - a.pixels)
    .slice(0, MAX_BOXES_PER_FRAME)
    .map((region) => region.box);
}

/**
 * For each moving frame (its changed share above the area threshold), the boxes of what changed, at the
 * frame's time in the minute (offsetSec added, kept inside the minute).
 */
export function motionFrames(
  frames: readonly Uint8Array[],
  fractions: readonly number[],
  mask: Uint8Array,
  options: Pick<MotionOptions, 'fps' | 'width' | 'height' | 'pixelThreshold' | 'areaThreshold'> & {
    offsetSec?: number;
  },
): MotionFrame[] {
  const { fps, width, height, pixelThreshold, areaThreshold, offsetSec = 0 } = options;
  const result: MotionFrame[] = [];
  fractions.forEach((fraction, k) => {
    if (fraction <= areaThreshold) return;
    const boxes = changedRegions(frames[k]!, frames[k + 1]!, mask, width, height, pixelThreshold);
    if (boxes.length === 0) return;
    result.push({ sec: tenth(Math.min(CLIP_SECONDS, (k + 1) / fps + offsetSec)), boxes });
  });
  return result;
}

/** Motion spans of a video file and the boxes of its moving frames, in seconds of its minute. */
export async function analyseMotion(
  inputPath: string,
  area: MotionArea | null,
  { offsetMs = 0, options = defaultMotionOptions }: { offsetMs?: number; options?: MotionOptions } = {},
): Promise<{ spans: MotionSpan[]; frames: MotionFrame[] }> {
  const frames = await decodeGrayFrames(inputPath, options);
  const mask = rasterizeMotionArea(area, options.width, options.height);
  const fractions = changedFractions(frames, mask, options.pixelThreshold);
  const offsetSec = offsetMs / 1000;
  return {
    spans: motionSpans(fractions, { ...options, offsetSec }),
    frames: motionFrames(frames, fractions, mask, { ...options, offsetSec }),
  };
}

/** Motion spans of a video file, in seconds of its minute. */
export async function detectMotion(
  inputPath: string,
  area: MotionArea | null,
  { offsetMs = 0, options = defaultMotionOptions }: { offsetMs?: number; options?: MotionOptions } = {},
): Promise<MotionSpan[]> {
  const frames = await decodeGrayFrames(inputPath, options);
  const mask = rasterizeMotionArea(area, options.width, options.height);
  const fractions = changedFractions(frames, mask, options.pixelThreshold);
  return motionSpans(fractions, { ...options, offsetSec: offsetMs / 1000 });
}
