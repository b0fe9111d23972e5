// Entry detection on a recorded clip (advanced.md §5): ffmpeg decodes it small and grey (128x72 at 5 fps,
// media/motion.ts), consecutive frames are differenced over the whole picture, and each connected region
// that changed is something moving. Something has entered when a moving region at least the minimum size
// tall stands with its feet (the bottom centre of its box) inside the entry detection area for the detection
// frame threshold of consecutive frames, while the machine runs: when a machine area is drawn, while more than
// the running threshold of its pixels change. Entries within the vigilant time of the previous alert continue
// it. Everything but the decoding is pure and unit-tested.
import type { AreaLinkInput } from '@camwatch/contract/enter-alerts';
import type { Point } from '@camwatch/contract/polygon';
import {
  changedFractions,
  changedRegions,
  decodeGrayFrames,
  isInsidePolygon,
  rasterizeMotionArea,
  type MotionOptions,
  type MotionSpan,
} from './motion.ts';

/** Twice the motion job's resolution: a person far from the camera is still a few pixels tall. */
export const entryDecodeOptions: MotionOptions = {
  fps: 5,
  width: 128,
  height: 72,
  pixelThreshold: 25,
  areaThreshold: 0,
  mergeGapSec: 1,
};

const CLIP_SECONDS = 60;
/** A frame or two without the region (it stood still, or overlapped another) does not end its stay. */
const STAY_GAP_FRAMES = 2;

export type EntryRule = Pick<
  AreaLinkInput,
  'detectionFrameThreshold' | 'minimumDetectionSize' | 'runningThreshold' | 'vigilantTime'
> & { entryArea: Point[]; machineArea: Point[] | null };

export { isInsidePolygon };

/**
 * For each frame after the first, whether it counts toward an entry: a moving region tall enough with its
 * feet in the area, while the machine (if any) runs.
 */
export function entryHits(
  frames: readonly Uint8Array[],
  rule: EntryRule,
  options: Pick<MotionOptions, 'width' | 'height' | 'pixelThreshold'> = entryDecodeOptions,
): boolean[] {
  const { width, height, pixelThreshold } = options;
  const whole = new Uint8Array(width * height).fill(1);
  const running = rule.machineArea
    ? changedFractions(frames, rasterizeMotionArea([rule.machineArea], width, height), pixelThreshold).map(
        (fraction) => fraction > rule.runningThreshold,
      )
    : null;
  const hits: boolean[] = [];
  for (let k = 0; k + 1 < frames.length; k++) {
    if (running && !running[k]) {
      hits.push(false);
      continue;
    }
    const regions = changedRegions(frames[k]!, frames[k + 1]!, whole, width, height, pixelThreshold);
    hits.push(
      regions.some(
        (box) =>
          box.h >= rule.minimumDetectionSize &&
          isInsidePolygon(box.x + box.w / 2, box.y + box.h, rule.entryArea),
      ),
    );
  }
  return hits;
}

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Alerts from the per-frame hits (hits[k] belongs to the time (k+1)/fps): a stay of at least
 * detectionFrameThreshold frames (gaps of up to STAY_GAP_FRAMES frames bridged) raises an alert from its
 * first frame; a stay that starts within vigilantTime seconds of the previous alert's end continues that
 * alert. Shifted by offsetSec (a clip that began late in its minute) and kept inside the minute.
 */
export function entryAlerts(
  hits: readonly boolean[],
  rule: Pick<EntryRule, 'detectionFrameThreshold' | 'vigilantTime'>,
  { fps, offsetSec = 0 }: { fps: number; offsetSec?: number },
): MotionSpan[] {
  const stays: { first: number; last: number; frames: number }[] = [];
  let stay: { first: number; last: number; frames: number } | null = null;
  hits.forEach((hit, k) => {
    if (!hit) return;
    if (stay && k - stay.last <= STAY_GAP_FRAMES + 1) {
      stay.last = k;
      stay.frames++;
    } else {
      stay = { first: k, last: k, frames: 1 };
      stays.push(stay);
    }
  });
  const alerts: MotionSpan[] = [];
  for (const { first, last, frames } of stays) {
    if (frames < rule.detectionFrameThreshold) continue;
    const startSec = (first + 1) / fps;
    const endSec = (last + 1) / fps;
    const previous = alerts.at(-1);
    if (previous && startSec - previous.endSec <= rule.vigilantTime) previous.endSec = endSec;
    else alerts.push({ startSec, endSec });
  }
  return alerts.map(({ startSec, endSec }) => ({
    startSec: tenth(Math.min(CLIP_SECONDS, startSec + offsetSec)),
    endSec: tenth(Math.min(CLIP_SECONDS, endSec + offsetSec)),
  }));
}

/** The entry alerts of a video file for each rule (one area link each), in seconds of its minute; decoded once. */
export async function detectEntries(
  inputPath: string,
  rules: readonly EntryRule[],
  { offsetMs = 0, ffmpegPath = 'ffmpeg' }: { offsetMs?: number; ffmpegPath?: string } = {},
): Promise<MotionSpan[][]> {
  if (rules.length === 0) return [];
  const frames = await decodeGrayFrames(inputPath, entryDecodeOptions, ffmpegPath);
  return rules.map((rule) =>
    entryAlerts(entryHits(frames, rule, entryDecodeOptions), rule, {
      fps: entryDecodeOptions.fps,
      offsetSec: offsetMs / 1000,
    }),
  );
}
