// Entry detection on a recorded clip (advanced.md §5), pure: the vision job finds and tracks the people in the
// clip (server/src/vision, `Track`s at its analysis rate, boxes in picture fractions); a person has entered when
// one of them, taken for a person at the link's person detection threshold and at least the minimum detection
// size tall, stands with the feet (the bottom centre of the box) inside the entry detection area for the
// detection frame threshold, while the machine runs. Anything else that moves (a car, a shadow, the lights)
// raises nothing. Whether the machine runs is still a matter of pixels: when a link has a machine area, more
// than the running threshold of its pixels change between two grey frames (decoded small here, 128x72 at 5 fps).
//
// Times. The detection frame threshold counts frames of ENTRY_ANALYSIS_FPS (5 a second, what the setting screen
// shows: 3 frames = 0.6 s); the tracks may come at another rate, so a stay needs as many of its own frames as
// cover that time (at 2 fps: 2 frames for 3). A stay survives STAY_GAP_FRAMES missed frames of the tracks' rate.
// The vigilant time is seconds, as before.
//
// Minutes. A stay or a vigilant time running over a clip's end is one alert: the rule takes the previous clip's
// `EntryCarry` (shifted to this clip's time by shiftCarry) and answers this clip's, JSON-serialisable, which the
// service stores with the clip. An alert that continues the previous clip's is marked `continued` (it starts at
// the clip's start); it is not notified again, and the CSV joins it to the alert it continues.
import { ENTRY_ANALYSIS_FPS } from '@camwatch/contract/entry-detection-rules';
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { Point } from '@camwatch/contract/polygon';
import { feetOf } from '../vision/counting.ts';
import type { Track } from '../vision/types.ts';
import {
  changedFractions,
  decodeGrayFrames,
  isInsidePolygon,
  rasterizeMotionArea,
  type MotionOptions,
  type MotionSpan,
} from './motion.ts';

/** The grey frames the machine-running check compares (only decoded for links with a machine area). */
export const entryDecodeOptions: MotionOptions = {
  fps: 5,
  width: 128,
  height: 72,
  pixelThreshold: 25,
  areaThreshold: 0,
  mergeGapSec: 1,
};

const CLIP_SECONDS = 60;
/** A frame or two without the person (hidden, or missed by the detector) does not end the stay. */
export const STAY_GAP_FRAMES = 2;
/** The longest vigilant time (AREA_LINK_THRESHOLD_RANGES): an older alert end is not carried on. */
const MAX_VIGILANT_SEC = 600;
/** A machine-change sample farther than this from a track's frame says nothing about it. */
const MACHINE_SAMPLE_REACH_SEC = 1;

export { isInsidePolygon };

export type EntryRule = Pick<
  AreaLinkInput,
  | 'detectionFrameThreshold'
  | 'minimumDetectionSize'
  | 'personDetectionThreshold'
  | 'runningThreshold'
  | 'vigilantTime'
> & { entryArea: Point[]; machineArea: Point[] | null };

/** A stay still going on at a clip's end. Times in seconds of the clip the carry belongs to. */
export interface EntryStay {
  firstSec: number;
  lastSec: number;
  /** Counted frames so far. */
  frames: number;
  /** It has raised (or continued) an alert. */
  alerted: boolean;
}

/** What one clip hands the next of the same camera and link (JSON). Times in seconds from that clip's start. */
export interface EntryCarry {
  /** End of the last alert (negative after shifting: before the clip), or null when none is recent. */
  lastAlertEndSec: number | null;
  /** The stay going on at the clip's end, or null. */
  stay: EntryStay | null;
}

/** The carry of a clip as seen from a clip starting `bySec` seconds after it (usually 60). */
export function shiftCarry(carry: EntryCarry, bySec: number): EntryCarry {
  return {
    lastAlertEndSec: carry.lastAlertEndSec === null ? null : carry.lastAlertEndSec - bySec,
    stay: carry.stay
      ? { ...carry.stay, firstSec: carry.stay.firstSec - bySec, lastSec: carry.stay.lastSec - bySec }
      : null,
  };
}

/** Share of the machine area's pixels that changed, for grey frame pairs ending at `times` (clip seconds). */
export interface MachineChange {
  times: readonly number[];
  fractions: readonly number[];
}

export interface EntryAlert extends MotionSpan {
  /** It continues the previous clip's alert (a stay or the vigilant time over the clip's start). */
  continued: boolean;
}

export interface EntryTrackOptions {
  /** Frames a second the tracks were analysed at. */
  fps: number;
  /** Length of the analysed clip, seconds: a stay whose last frame is near it goes on into the next clip. */
  durationSec: number;
  /** Where the clip begins in its minute (a clip that began late), seconds. */
  offsetSec?: number;
  /** The previous clip's carry, shifted to this clip (shiftCarry); none for the first clip. */
  carry?: EntryCarry | null;
  /** Required when the rule has a machine area: without it the machine is taken to stand still. */
  machineChange?: MachineChange | null;
}

export interface EntryTrackResult {
  /** In seconds of the minute, oldest first. */
  alerts: EntryAlert[];
  /** For the next clip, in seconds of this clip. */
  carry: EntryCarry;
}

/** Frames of the tracks' rate that last as long as the detection frame threshold's frames of 5 a second. */
export function framesNeeded(detectionFrameThreshold: number, fps: number): number {
  return Math.max(1, Math.ceil((detectionFrameThreshold / ENTRY_ANALYSIS_FPS) * fps - 1e-9));
}

/** Whether the machine runs at clip second t: the nearest sample's change above the running threshold. */
function runningAt(change: MachineChange, t: number, runningThreshold: number): boolean {
  let best = -1;
  for (let i = 0; i < change.times.length; i++) {
    if (best < 0 || Math.abs(change.times[i]! - t) < Math.abs(change.times[best]! - t)) best = i;
  }
  if (best < 0 || Math.abs(change.times[best]! - t) > MACHINE_SAMPLE_REACH_SEC) return false;
  return change.fractions[best]! > runningThreshold;
}

/** The clip seconds (one per analysed frame, ascending) at which a person stands in the area, tall enough. */
export function entryFrameTimes(
  tracks: readonly Track[],
  rule: EntryRule,
  machineChange: MachineChange | null = null,
): number[] {
  const times = new Map<number, number>();
  for (const track of tracks) {
    if (track.maxScore < rule.personDetectionThreshold) continue;
    // A box the tracker only predicted after its last detection (score 0) is where someone might be, not where
    // someone was seen; one between two detections (a picture the engine did not look at while it followed the
    // person, or missed them in) is where they walked, and counts.
    const seen = track.points.filter((p) => p.score > 0);
    const firstSeen = seen[0]?.t ?? Infinity;
    const lastSeen = seen.at(-1)?.t ?? -Infinity;
    for (const { t, box, score } of track.points) {
      if ((score <= 0 && (t < firstSeen || t > lastSeen)) || box.h < rule.minimumDetectionSize) continue;
      const feet = feetOf(box);
      if (!isInsidePolygon(feet.x, feet.y, rule.entryArea)) continue;
      times.set(Math.round(t * 1000), t);
    }
  }
  const sorted = [...times.values()].sort((a, b) => a - b);
  if (!rule.machineArea) return sorted;
  if (!machineChange) return [];
  return sorted.filter((t) => runningAt(machineChange, t, rule.runningThreshold));
}

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The entry alerts of one clip for one area link, from the clip's person tracks: a stay of framesNeeded frames
 * (gaps of STAY_GAP_FRAMES bridged) raises an alert from its first frame; a stay that starts within vigilantTime
 * seconds of the previous alert's end continues that alert, also across the clip's start (options.carry).
 */
export function entryAlertsFromTracks(
  tracks: readonly Track[],
  rule: EntryRule,
  options: EntryTrackOptions,
): EntryTrackResult {
  const { fps, durationSec, offsetSec = 0, carry = null, machineChange = null } = options;
  const needed = framesNeeded(rule.detectionFrameThreshold, fps);
  const bridgeSec = (STAY_GAP_FRAMES + 1) / fps + 1e-6;
  const alerts: EntryAlert[] = [];
  let lastEnd = carry?.lastAlertEndSec ?? null;
  type Open = EntryStay & { alertIndex: number | null };
  let open: Open | null = carry?.stay ? { ...carry.stay, alertIndex: null } : null;

  const raise = (stay: Open) => {
    if (stay.frames < needed) return;
    if (stay.alertIndex === null) {
      const continues = stay.alerted || (lastEnd !== null && stay.firstSec - lastEnd <= rule.vigilantTime);
      const previous = alerts.at(-1);
      if (continues && previous && !stay.alerted) {
        stay.alertIndex = alerts.length - 1;
      } else {
        alerts.push(
          continues
            ? { startSec: 0, endSec: stay.lastSec, continued: true }
            : { startSec: Math.max(0, stay.firstSec), endSec: stay.lastSec, continued: false },
        );
        stay.alertIndex = alerts.length - 1;
      }
      stay.alerted = true;
    }
    alerts[stay.alertIndex]!.endSec = stay.lastSec;
    lastEnd = stay.lastSec;
  };

  for (const t of entryFrameTimes(tracks, rule, machineChange)) {
    if (open && t - open.lastSec <= bridgeSec) {
      open.lastSec = t;
      open.frames++;
    } else {
      open = { firstSec: t, lastSec: t, frames: 1, alerted: false, alertIndex: null };
    }
    raise(open);
  }

  const ongoing = open && durationSec - open.lastSec <= bridgeSec ? open : null;
  return {
    alerts: alerts.map(({ startSec, endSec, continued }) => ({
      startSec: tenth(Math.min(CLIP_SECONDS, startSec + offsetSec)),
      endSec: tenth(Math.min(CLIP_SECONDS, endSec + offsetSec)),
      continued,
    })),
    carry: {
      lastAlertEndSec: lastEnd !== null && durationSec - lastEnd <= MAX_VIGILANT_SEC ? lastEnd : null,
      stay: ongoing
        ? {
            firstSec: ongoing.firstSec,
            lastSec: ongoing.lastSec,
            frames: ongoing.frames,
            alerted: ongoing.alerted,
          }
        : null,
    },
  };
}

/** How much of the machine area changes between consecutive grey frames (entryDecodeOptions' size and rate). */
export function machineChangeOf(
  frames: readonly Uint8Array[],
  machineArea: Point[],
  options: Pick<MotionOptions, 'fps' | 'width' | 'height' | 'pixelThreshold'> = entryDecodeOptions,
): MachineChange {
  const { fps, width, height, pixelThreshold } = options;
  const fractions = changedFractions(
    frames,
    rasterizeMotionArea([machineArea], width, height),
    pixelThreshold,
  );
  return { times: fractions.map((_, k) => (k + 1) / fps), fractions };
}

/** The grey frames of a video file for the machine-running check. */
export function decodeMachineFrames(inputPath: string, ffmpegPath = 'ffmpeg'): Promise<Uint8Array[]> {
  return decodeGrayFrames(inputPath, entryDecodeOptions, ffmpegPath);
}
