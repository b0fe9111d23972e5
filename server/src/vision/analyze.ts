// The vision engine's one pipeline, used alike by the worker's per-clip jobs and the operator's CLI
// (`analyze people`): decode the video at the analysis rate and size, skip the detector where nothing moves,
// detect people, describe each one's appearance, and follow them with the tracker. It answers the tracks and
// the tracker's end state, which the next clip of the same camera starts from (so a person keeps one id
// across the minute boundary).
//
// The cheap first stage: each analysed picture is compared, grey and small, with the previous one, and the
// detector runs on enlarged crops (regions.ts) so small, far people are large in the model's input; the whole
// picture only for a clip's first picture or when the crops would cover most of it. Tracking between detections
// (refreshSeconds > 0, the default): motion inside the predicted boxes of people already followed costs nothing;
// the detector looks only at motion nobody explains (someone new, unless it continues motion it found nobody in
// less than refreshSeconds ago, such as a car driving by), at tentative and just-missed tracks, and at each
// followed person again every refreshSeconds. A picture with nothing to look at is skipped: the tracks' boxes
// for it are interpolated between detections (or predicted at the clip's end), so every analysed moment still
// has a box. refreshSeconds 0 is the former engine (detector on every moving picture and around everyone
// tracked, at most once a second while still), kept to compare costs (bench --baseline).
import { describeDetections } from './appearance.ts';
import { decodeFrames, type DecodeOptions } from './decode.ts';
import { PersonDetector, paddedSide, type PersonDetectorOptions } from './person-detector.ts';
import { DEFAULT_TRACKER_OPTIONS, PersonTracker, type TrackerOptions, type TrackerState } from './tracker.ts';
import {
  cropPicture,
  cropsFor,
  defaultRegionOptions,
  fromCrop,
  movingBlobs,
  suppressDuplicates,
  type PixelBox,
  type RegionOptions,
} from './regions.ts';
import type { Detection, NormBox, RgbFrame, Track } from './types.ts';

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
  /**
   * Tracking between detections: a person followed (a confirmed track) is looked at by the detector again at
   * least every this many seconds; in between, motion their predicted boxes explain costs no detector pass and
   * their boxes follow the motion model (interpolated between detections). 0: the detector looks at every
   * moving picture and at everyone tracked (the engine before this, kept to compare costs).
   */
  refreshSeconds: number;
  detector: Partial<PersonDetectorOptions>;
  tracker: Partial<TrackerOptions>;
  /** The crops (regions.ts), over its defaults. */
  regions: Partial<RegionOptions>;
}

export const defaultAnalysisOptions: AnalysisOptions = {
  fps: 2,
  maxWidth: 480,
  motionGate: true,
  regionCrops: true,
  motionShare: 0.0015,
  refreshSeconds: 1.5,
  detector: {},
  tracker: {},
  regions: {},
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
  /** Where the CPU went. */
  profile: AnalysisProfile;
}

/** CPU milliseconds per stage (this process's, measured with process.cpuUsage) and the detector's calls. */
export interface AnalysisProfile {
  /** ffmpeg's own CPU (decoding and scaling). */
  decodeMs: number;
  /** This process: reading the decoded pictures from ffmpeg's pipe. */
  readMs: number;
  /** Motion check (grey sample, difference, blobs). */
  gateMs: number;
  /** Cutting and scaling the crops. */
  cropMs: number;
  /** The detector's passes (tensor in, model, answer out). */
  detectorMs: number;
  /** Appearance descriptors. */
  describeMs: number;
  trackerMs: number;
  /** Detector passes: all, and on the whole picture. */
  detectorCalls: number;
  wholePictureCalls: number;
  /** Model input pixels over all passes (padded to multiples of 32). */
  detectorInputPixels: number;
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

/** This process's CPU time, milliseconds. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function emptyProfile(): AnalysisProfile {
  return {
    decodeMs: 0,
    readMs: 0,
    gateMs: 0,
    cropMs: 0,
    detectorMs: 0,
    describeMs: 0,
    trackerMs: 0,
    detectorCalls: 0,
    wholePictureCalls: 0,
    detectorInputPixels: 0,
  };
}

/** Runs the detector on one picture (whole or a crop), counting its cost in the profile. */
async function timedDetect(
  detector: PersonDetector,
  picture: RgbFrame,
  profile: AnalysisProfile,
): Promise<Detection[]> {
  const before = cpuMs();
  const found = await detector.detect(picture);
  profile.detectorMs += cpuMs() - before;
  profile.detectorCalls++;
  profile.detectorInputPixels += paddedSide(picture.width) * paddedSide(picture.height);
  return found;
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
  profile: AnalysisProfile,
): Promise<Detection[]> {
  const whole = async () => {
    profile.wholePictureCalls++;
    return timedDetect(detector, frame, profile);
  };
  if (!useCrops || previous === null) return whole();
  let mark = cpuMs();
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const regions = [...movingBlobs(previous, grey, cols, rows), ...tracked];
  const crops = cropsFor(regions, frame.width, frame.height);
  profile.gateMs += cpuMs() - mark;
  if (crops === null) return whole();
  const found: Detection[] = [];
  for (const crop of crops) {
    mark = cpuMs();
    const picture = cropPicture(frame, crop);
    profile.cropMs += cpuMs() - mark;
    for (const detection of await timedDetect(detector, picture, profile))
      found.push(fromCrop(detection, crop, frame.width, frame.height));
  }
  return suppressDuplicates(found);
}

/** A box in picture fractions as one in pixels, grown by `margin` of its height on every side. */
function toPixels(box: NormBox, width: number, height: number, margin = 0): PixelBox {
  const pad = box.h * height * margin;
  return {
    x: box.x * width - pad,
    y: box.y * height - pad,
    w: box.w * width + 2 * pad,
    h: box.h * height + 2 * pad,
  };
}

/** Motion the detector looked at and found nobody in (a car, a swaying sign), and when it last looked. */
interface EmptyMotion {
  box: PixelBox;
  checkedAt: number;
}

/**
 * Tracking between detections (refreshSeconds > 0): where must the detector look in this picture? Around motion
 * that no followed person explains (someone new, or something else moving) unless it continues motion the detector
 * found nobody in less than `refreshSeconds` ago (a car driving by is looked at once in that time, not in every
 * picture), around tentative tracks (to confirm them), tracks just missed, and tracks not looked at for
 * `refreshSeconds`. `look` null: nowhere (the picture is skipped); else the crops (picture pixels), or 'whole' for
 * the whole picture. `checked`: the motion blobs looked at, to remember as empty when nobody is found in them.
 */
function whereToLook(
  tracker: PersonTracker,
  frame: RgbFrame & { t: number },
  previous: Uint8Array,
  previousT: number,
  grey: Uint8Array,
  moved: boolean,
  refreshSeconds: number,
  empty: EmptyMotion[],
  regionOptions: RegionOptions,
): { look: PixelBox[] | 'whole' | null; checked: PixelBox[]; empty: EmptyMotion[] } {
  const now = tracker.predicted(frame.t);
  const due = now.filter((p) => !p.confirmed || p.missing || p.sinceHit >= refreshSeconds - 1e-6);
  if (!moved && due.length === 0) return { look: null, checked: [], empty };
  // A walker's difference covers where they were and where they are: both boxes, grown a little.
  const then = tracker.predicted(previousT, true);
  const explained: PixelBox[] = [];
  now.forEach((p, i) => {
    if (!p.confirmed || p.missing) return;
    explained.push(toPixels(p.box, frame.width, frame.height, EXPLAINED_MARGIN));
    explained.push(toPixels(then[i]!.box, frame.width, frame.height, EXPLAINED_MARGIN));
  });
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const checked: PixelBox[] = [];
  const stillEmpty: EmptyMotion[] = [];
  for (const blob of movingBlobs(previous, grey, cols, rows, regionOptions, explained)) {
    const known = empty.find(
      (e) =>
        frame.t - e.checkedAt < refreshSeconds - 1e-6 && overlaps(e.box, blob) && similarHeight(e.box, blob),
    );
    if (known) stillEmpty.push({ box: blob, checkedAt: known.checkedAt });
    else checked.push(blob);
  }
  const regions = [
    ...checked,
    ...due.map((p) => ({
      ...toPixels(p.box, frame.width, frame.height),
      margin: regionOptions.trackedMargin,
    })),
  ];
  if (regions.length === 0) return { look: null, checked, empty: stillEmpty };
  return {
    look: cropsFor(regions, frame.width, frame.height, regionOptions) ?? 'whole',
    checked,
    empty: stillEmpty,
  };
}

const overlaps = (a: PixelBox, b: PixelBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Motion of about the same height (a person joining a car's motion makes it taller: looked at again). */
const similarHeight = (a: PixelBox, b: PixelBox) => Math.max(a.h, b.h) <= 1.5 * Math.min(a.h, b.h);

/** Share of a followed person's box height their explained motion may reach beyond the box. */
const EXPLAINED_MARGIN = 0.2;

export async function analyzeVideo(
  file: string,
  options: Partial<AnalysisOptions>,
  params: AnalyzeParams,
): Promise<AnalysisResult> {
  const settings = { ...defaultAnalysisOptions, ...options };
  const regionOptions: RegionOptions = { ...defaultRegionOptions, ...settings.regions };
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
  const profile = emptyProfile();
  const cpuBefore = process.cpuUsage();
  let previous: Uint8Array | null = null;
  let previousT = 0;
  let emptyMotion: EmptyMotion[] = [];
  const highScore = settings.tracker.highScore ?? DEFAULT_TRACKER_OPTIONS.highScore;
  let lastDetectionAt = -Infinity;
  let lastBoxes: PixelBox[] = [];
  let frames = 0;
  let detectedFrames = 0;
  let width = 0;
  let height = 0;
  // A continued clip may start with people already tracked.
  let tracking = (params.state?.tracks.length ?? 0) > 0;
  let readFrom = cpuMs();
  for await (const frame of decodeFrames(file, decode)) {
    let mark = cpuMs();
    profile.readMs += mark - readFrom;
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
    if (settings.refreshSeconds > 0 && settings.regionCrops && before !== null) {
      const where = whereToLook(
        tracker,
        frame,
        before,
        previousT,
        grey,
        moved,
        settings.refreshSeconds,
        emptyMotion,
        regionOptions,
      );
      const look = where.look;
      emptyMotion = where.empty;
      previousT = frame.t;
      profile.gateMs += cpuMs() - mark;
      if (look === null) {
        mark = cpuMs();
        tracker.skip(frame.t);
        profile.trackerMs += cpuMs() - mark;
        params.onFrame?.(frame, null);
        readFrom = cpuMs();
        continue;
      }
      detectedFrames++;
      let detections: Detection[];
      let lookedAt: NormBox[] | undefined;
      if (look === 'whole') {
        profile.wholePictureCalls++;
        detections = await timedDetect(detector, frame, profile);
      } else {
        const found: Detection[] = [];
        for (const crop of look) {
          mark = cpuMs();
          const picture = cropPicture(frame, crop, regionOptions);
          profile.cropMs += cpuMs() - mark;
          for (const detection of await timedDetect(detector, picture, profile))
            found.push(fromCrop(detection, crop, frame.width, frame.height));
        }
        detections = suppressDuplicates(found);
        lookedAt = look.map((c) => ({
          x: c.x / frame.width,
          y: c.y / frame.height,
          w: c.w / frame.width,
          h: c.h / frame.height,
        }));
      }
      // Motion looked at with nobody in it is not looked at again for a while.
      for (const blob of where.checked) {
        // (A weak detection, which never starts a track, does not count.)
        const hasPerson = detections.some((d) => {
          if (d.score < highScore) return false;
          const cx = (d.box.x + d.box.w / 2) * frame.width;
          const cy = (d.box.y + d.box.h / 2) * frame.height;
          return cx >= blob.x && cx <= blob.x + blob.w && cy >= blob.y && cy <= blob.y + blob.h;
        });
        if (!hasPerson) emptyMotion.push({ box: blob, checkedAt: frame.t });
      }
      mark = cpuMs();
      if (detections.length > 0) describeDetections(frame, detections);
      const described = cpuMs();
      profile.describeMs += described - mark;
      tracker.update(frame.t, detections, lookedAt);
      profile.trackerMs += cpuMs() - described;
      params.onFrame?.(frame, detections);
      readFrom = cpuMs();
      continue;
    }
    previousT = frame.t;
    const run = !settings.motionGate || moved || (tracking && frame.t - lastDetectionAt >= 1 - 1e-6);
    profile.gateMs += cpuMs() - mark;
    if (!run) {
      params.onFrame?.(frame, null);
      readFrom = cpuMs();
      continue;
    }
    detectedFrames++;
    lastDetectionAt = frame.t;
    const detections = await detectIn(
      detector,
      frame,
      before,
      grey,
      lastBoxes,
      settings.regionCrops,
      profile,
    );
    lastBoxes = detections.map((d) => ({
      x: d.box.x * frame.width,
      y: d.box.y * frame.height,
      w: d.box.w * frame.width,
      h: d.box.h * frame.height,
    }));
    mark = cpuMs();
    // Each box described without the pixels of a person in front of it.
    if (detections.length > 0) describeDetections(frame, detections);
    const described = cpuMs();
    profile.describeMs += described - mark;
    tracking = tracker.update(frame.t, detections) > 0;
    profile.trackerMs += cpuMs() - described;
    params.onFrame?.(frame, detections);
    readFrom = cpuMs();
  }
  const durationSec = frames / settings.fps;
  // decodeFrames throws on a video without pictures, so the tracker exists here.
  const { tracks, state } = tracker!.finish(durationSec);
  const cpu = process.cpuUsage(cpuBefore);
  profile.decodeMs = stats.decodeCpuSeconds * 1000;
  const r1 = (v: number) => Math.round(v * 10) / 10;
  for (const key of [
    'decodeMs',
    'readMs',
    'gateMs',
    'cropMs',
    'detectorMs',
    'describeMs',
    'trackerMs',
  ] as const)
    profile[key] = r1(profile[key]);
  return {
    tracks,
    state,
    frames,
    detectedFrames,
    durationSec,
    width,
    height,
    cpuSeconds: (cpu.user + cpu.system) / 1e6 + stats.decodeCpuSeconds,
    profile,
  };
}
