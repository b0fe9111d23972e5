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
// followed person again every refreshSeconds, in a tight crop scaled by their own height (regions.ts
// personHeight), and motion too short to be a person the analyses need is left until it grows. Dim pictures (a
// dark night) keep the wide looks at every blob (AnalysisOptions.dim). A picture with nothing to look at is skipped: the tracks' boxes
// for it are interpolated between detections (or predicted at the clip's end), so every analysed moment still
// has a box. refreshSeconds 0 is the former engine (detector on every moving picture and around everyone
// tracked, at most once a second while still), kept to compare costs (bench --baseline).
import { defaultAnalysisOptions, type AnalysisOptions } from './analysis-options.ts';
import { cpuMs, emptyProfile, roundProfile, type AnalysisProfile } from './analysis-profile.ts';
import { describeDetections } from './appearance.ts';
import { decodeFrames, type DecodeOptions } from './decode.ts';
import { detectIn, timedDetect } from './frame-detection.ts';
import { whereToLook, type EmptyMotion } from './look-schedule.ts';
import { changedShare, meanLuminance, sampleGrey } from './motion-gate.ts';
import { PersonDetector } from './person-detector.ts';
import {
  cropPicture,
  defaultRegionOptions,
  fromCrop,
  suppressDuplicates,
  type PixelBox,
  type RegionOptions,
} from './regions.ts';
import { DEFAULT_TRACKER_OPTIONS } from './tracker-options.ts';
import type { TrackerState } from './tracker-state.ts';
import { PersonTracker } from './tracker.ts';
import type { Detection, NormBox, RgbFrame, Track } from './types.ts';

/** A box in picture fractions as whole picture pixels, inside the picture. */
function pixelBoxOf(box: NormBox, width: number, height: number): PixelBox {
  const x = Math.max(0, Math.floor(box.x * width));
  const y = Math.max(0, Math.floor(box.y * height));
  return {
    x,
    y,
    w: Math.min(width, Math.ceil((box.x + box.w) * width)) - x,
    h: Math.min(height, Math.ceil((box.y + box.h) * height)) - y,
  };
}

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
  /** Every analysed picture with its people (no appearance), when the request asked for them (vision-child.ts). */
  pictures?: AnalysedPictureOf[];
}

/** One analysed picture as sent back: seconds from the video's start, its people or null (not looked at). */
export interface AnalysedPictureOf {
  t: number;
  detections: Omit<Detection, 'descriptor'>[] | null;
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

export async function analyzeVideo(
  file: string,
  options: Partial<AnalysisOptions>,
  params: AnalyzeParams,
): Promise<AnalysisResult> {
  const settings = { ...defaultAnalysisOptions, ...options };
  const regionOptions: RegionOptions = { ...defaultRegionOptions, ...settings.regions };
  const dim = { ...defaultAnalysisOptions.dim, ...settings.dim };
  const dimRegionOptions: RegionOptions = { ...regionOptions, ...dim.regions };
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
    if (settings.lookOnly) {
      // Fixed places only (e.g. a camera's operation areas): every moving picture, no tracking.
      profile.gateMs += cpuMs() - mark;
      if (settings.motionGate && !moved) {
        params.onFrame?.(frame, null);
        readFrom = cpuMs();
        continue;
      }
      detectedFrames++;
      const found: Detection[] = [];
      for (const box of settings.lookOnly) {
        const crop = pixelBoxOf(box, frame.width, frame.height);
        if (crop.w < 1 || crop.h < 1) continue;
        mark = cpuMs();
        const picture = cropPicture(frame, crop, regionOptions);
        profile.cropMs += cpuMs() - mark;
        for (const detection of await timedDetect(detector, picture, profile))
          found.push(fromCrop(detection, crop, frame.width, frame.height));
      }
      params.onFrame?.(frame, suppressDuplicates(found));
      readFrom = cpuMs();
      continue;
    }
    if (settings.refreshSeconds > 0 && settings.regionCrops && before !== null) {
      const isDim = meanLuminance(grey) < dim.belowLuminance;
      const lookOptions = isDim ? dimRegionOptions : regionOptions;
      const where = whereToLook(
        tracker,
        frame,
        before,
        previousT,
        grey,
        moved,
        settings.refreshSeconds,
        emptyMotion,
        lookOptions,
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
          const picture = cropPicture(frame, crop, lookOptions);
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
  roundProfile(profile);
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
