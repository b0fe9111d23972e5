// The vision engine's one pipeline, used alike by the worker's per-clip jobs and the operator's CLI
// (`analyze people`): decode the video at the analysis rate and size, skip the detector where nothing moves,
// detect people, describe each one's appearance, and follow them with the tracker. It answers the tracks and
// the tracker's end state, which the next clip of the same camera starts from (so a person keeps one id
// across the minute boundary).
//
// The cheap first stage: each analysed picture is compared, grey and small, with the previous one. The detector
// runs on a picture that changed; on a still picture only while someone is being tracked, and then at most
// once a second (someone standing still stays tracked without paying for every frame). It runs on enlarged crops
// around what moved and around the people found last time (regions.ts), so small, far people are large in the
// model's input; the whole picture only when the crops would cover most of it.
import { describeDetections } from './appearance.ts';
import { decodeFrames, type DecodeOptions } from './decode.ts';
import { PersonDetector, type PersonDetectorOptions } from './person-detector.ts';
import { PersonTracker, type TrackerOptions, type TrackerState } from './tracker.ts';
import {
  cropPicture,
  cropsFor,
  fromCrop,
  movingBlobs,
  suppressDuplicates,
  type PixelBox,
} from './regions.ts';
import type { Detection, RgbFrame, Track } from './types.ts';

export interface AnalysisOptions {
  /** Analysed pictures per second. */
  fps: number;
  /** Width the detector sees at most (aspect kept). */
  maxWidth: number;
  /** Skip the detector on pictures where nothing moved (see the top of this file). */
  motionGate: boolean;
  /** Run the detector on enlarged crops around what moved and who is tracked (regions.ts), not the whole picture. */
  regionCrops: boolean;
  /** Share of the small grey picture's pixels that must change for a picture to count as moving. */
  motionShare: number;
  detector: Partial<PersonDetectorOptions>;
  tracker: Partial<TrackerOptions>;
}

export const defaultAnalysisOptions: AnalysisOptions = {
  fps: 2,
  maxWidth: 480,
  motionGate: true,
  regionCrops: true,
  motionShare: 0.0015,
  detector: {},
  tracker: {},
};

export interface AnalysisResult {
  tracks: Track[];
  /** The tracker's state at the end, for the next clip of the same camera. */
  state: TrackerState;
  /** Pictures decoded and looked at. */
  frames: number;
  /** Pictures the detector ran on. */
  detectedFrames: number;
  /** Length of the analysed video, seconds (frames / fps). */
  durationSec: number;
  /** The analysis picture's size. */
  width: number;
  height: number;
  /** CPU seconds spent: decoding (ffmpeg) and detection and tracking (this process). */
  cpuSeconds: number;
}

export interface AnalyzeParams {
  /** Prefix of new track ids, unique per clip of a camera (e.g. the clip's minute in base 36 and '-'). */
  idPrefix: string;
  /** The previous clip's end state, when this video continues it. */
  state?: TrackerState;
  /** Called for every analysed picture with what was detected (null when the detector skipped it). */
  onFrame?: (frame: RgbFrame & { t: number }, detections: Detection[] | null) => void;
  ffmpegPath?: string;
  ffprobePath?: string;
}

/** Grey levels a sampled pixel must move by to count as changed (x264 noise stays well below). */
const PIXEL_THRESHOLD = 24;
/** Sample every STEP-th pixel across and down for the motion check. */
const SAMPLE_STEP = 4;

/** The small grey picture the motion check compares. */
export function sampleGrey(frame: RgbFrame): Uint8Array {
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const out = new Uint8Array(cols * rows);
  let o = 0;
  for (let y = 0; y < frame.height; y += SAMPLE_STEP) {
    for (let x = 0; x < frame.width; x += SAMPLE_STEP) {
      const i = (y * frame.width + x) * 3;
      out[o++] = (frame.data[i]! * 77 + frame.data[i + 1]! * 150 + frame.data[i + 2]! * 29) >> 8;
    }
  }
  return out;
}

/** Share of sampled pixels that changed between two pictures. */
export function changedShare(a: Uint8Array, b: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > PIXEL_THRESHOLD) changed++;
  return a.length === 0 ? 0 : changed / a.length;
}

/**
 * The people in one picture: on the whole picture (the first picture, or when crops would cover most of it), else
 * on enlarged crops around what moved since the previous picture and around the people found last time.
 */
async function detectIn(
  detector: PersonDetector,
  frame: RgbFrame,
  previous: Uint8Array | null,
  grey: Uint8Array,
  tracked: readonly PixelBox[],
  useCrops: boolean,
): Promise<Detection[]> {
  if (!useCrops || previous === null) return detector.detect(frame);
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const regions = [...movingBlobs(previous, grey, cols, rows), ...tracked];
  const crops = cropsFor(regions, frame.width, frame.height);
  if (crops === null) return detector.detect(frame);
  const found: Detection[] = [];
  for (const crop of crops)
    for (const detection of await detector.detect(cropPicture(frame, crop)))
      found.push(fromCrop(detection, crop, frame.width, frame.height));
  return suppressDuplicates(found);
}

export async function analyzeVideo(
  file: string,
  options: Partial<AnalysisOptions>,
  params: AnalyzeParams,
): Promise<AnalysisResult> {
  const settings = { ...defaultAnalysisOptions, ...options };
  const detector = await PersonDetector.load(settings.detector);
  // Made at the first picture: the tracker measures in picture heights, so it needs the picture's shape.
  let tracker: PersonTracker | null = null;
  const stats = { decodeCpuSeconds: 0 };
  const decode: DecodeOptions = {
    fps: settings.fps,
    maxWidth: settings.maxWidth,
    ffmpegPath: params.ffmpegPath,
    ffprobePath: params.ffprobePath,
    stats,
  };
  const cpuBefore = process.cpuUsage();
  let previous: Uint8Array | null = null;
  let lastDetectionAt = -Infinity;
  let lastBoxes: PixelBox[] = [];
  let frames = 0;
  let detectedFrames = 0;
  let width = 0;
  let height = 0;
  // A continued clip may start with people already tracked.
  let tracking = (params.state?.tracks.length ?? 0) > 0;
  for await (const frame of decodeFrames(file, decode)) {
    frames++;
    width = frame.width;
    height = frame.height;
    tracker ??= new PersonTracker(
      { aspect: width / height, ...settings.tracker },
      params.idPrefix,
      params.state,
    );
    const grey = sampleGrey(frame);
    const before = previous;
    const moved = before === null || changedShare(before, grey) > settings.motionShare;
    previous = grey;
    const run = !settings.motionGate || moved || (tracking && frame.t - lastDetectionAt >= 1 - 1e-6);
    if (!run) {
      params.onFrame?.(frame, null);
      continue;
    }
    detectedFrames++;
    lastDetectionAt = frame.t;
    const detections = await detectIn(detector, frame, before, grey, lastBoxes, settings.regionCrops);
    lastBoxes = detections.map((d) => ({
      x: d.box.x * frame.width,
      y: d.box.y * frame.height,
      w: d.box.w * frame.width,
      h: d.box.h * frame.height,
    }));
    // Each box described without the pixels of a person in front of it.
    if (detections.length > 0) describeDetections(frame, detections);
    tracking = tracker.update(frame.t, detections) > 0;
    params.onFrame?.(frame, detections);
  }
  const durationSec = frames / settings.fps;
  // decodeFrames throws on a video without pictures, so the tracker exists here.
  const { tracks, state } = tracker!.finish(durationSec);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    tracks,
    state,
    frames,
    detectedFrames,
    durationSec,
    width,
    height,
    cpuSeconds: (cpu.user + cpu.system) / 1e6 + stats.decodeCpuSeconds,
  };
}
