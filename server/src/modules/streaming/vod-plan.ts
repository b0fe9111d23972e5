// Which segments an on-demand stream has: each recorded clip overlapping the period is cut at whole
// seconds of the clip (its keyframes) into slices of about VOD_SEGMENT_SEC. Pure, so the playlist and
// every later segment request agree on the same cuts without keeping any state between requests.

/** Length of an on-demand segment, seconds. */
export const VOD_SEGMENT_SEC = 6;
/** A final slice shorter than this joins the one before it. */
const MIN_TAIL_SEC = 1;
/** Clips closer than this (ms) count as one continuous recording. */
const CONTINUITY_TOLERANCE_MS = 100;

export interface RecordedClip {
  id: number;
  start_time: Date;
  offset_ms: number;
  duration_ms: number;
}

export interface StreamRange {
  startMs: number;
  endMs: number;
}

export interface VodSegment {
  clipId: number;
  /** Where the slice starts in the clip, whole seconds. */
  fromSec: number;
  durationSec: number;
  /** Wall-clock time of the slice's first frame (ms since the epoch). */
  wallStartMs: number;
  /** Where the slice sits on the stream's timeline, seconds (the ffmpeg -output_ts_offset). */
  tsOffsetSec: number;
}

export interface VodClipPlan {
  clipId: number;
  /** Set when the clip does not continue the previous one (a gap in the recording). */
  discontinuity: boolean;
  segments: VodSegment[];
}

/** The timeline's zero: the minute the period starts in, so every offset is non-negative. */
const timelineZeroMs = (range: StreamRange) => Math.floor(range.startMs / 60_000) * 60_000;

/** The slices of one clip inside the period, in order (none when the clip lies outside it). */
export function clipSegments(clip: RecordedClip, range: StreamRange): VodSegment[] {
  const mediaStart = clip.start_time.getTime() + clip.offset_ms;
  const sliceStart = Math.max(range.startMs, mediaStart);
  const sliceEnd = Math.min(range.endMs, mediaStart + clip.duration_ms);
  if (sliceEnd <= sliceStart) return [];
  const endSec = (sliceEnd - mediaStart) / 1000;
  const cuts: number[] = [];
  for (let at = Math.floor((sliceStart - mediaStart) / 1000); at < endSec; at += VOD_SEGMENT_SEC)
    cuts.push(at);
  if (cuts.length > 1 && endSec - (cuts.at(-1) ?? 0) < MIN_TAIL_SEC) cuts.pop();
  const zero = timelineZeroMs(range);
  return cuts.map((fromSec, i) => {
    const toSec = cuts[i + 1] ?? endSec;
    const wallStartMs = mediaStart + fromSec * 1000;
    return {
      clipId: clip.id,
      fromSec,
      durationSec: Math.round((toSec - fromSec) * 1000) / 1000,
      wallStartMs,
      tsOffsetSec: (wallStartMs - zero) / 1000,
    };
  });
}

/** Every clip's slices, oldest first, with a discontinuity wherever the recording has a gap. */
export function planVod(clips: readonly RecordedClip[], range: StreamRange): VodClipPlan[] {
  const plan: VodClipPlan[] = [];
  let previousEndMs: number | null = null;
  for (const clip of [...clips].sort(
    (a, b) => a.start_time.getTime() + a.offset_ms - (b.start_time.getTime() + b.offset_ms),
  )) {
    const segments = clipSegments(clip, range);
    const first = segments[0];
    const last = segments.at(-1);
    if (!first || !last) continue;
    const discontinuity =
      previousEndMs !== null && Math.abs(first.wallStartMs - previousEndMs) > CONTINUITY_TOLERANCE_MS;
    plan.push({ clipId: clip.id, discontinuity, segments });
    previousEndMs = last.wallStartMs + last.durationSec * 1000;
  }
  return plan;
}

/** The segment of a clip that starts at fromSec, as the plan cuts it; null when the plan has none. */
export function findVodSegment(clip: RecordedClip, range: StreamRange, fromSec: number): VodSegment | null {
  return clipSegments(clip, range).find((segment) => segment.fromSec === fromSec) ?? null;
}

/** A segment's file name in the playlist (relative to it). */
export const vodSegmentName = (segment: Pick<VodSegment, 'clipId' | 'fromSec'>) =>
  `${segment.clipId}-${segment.fromSec}.ts`;
