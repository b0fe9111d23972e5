// Where a finished segment sits in time: which minute it is the clip of (start_time) and how far into
// that minute it begins (offset_ms). Pure, so the rule is tested on its own.
import { formatMinute, minuteStartOf, MINUTE_MS } from './minute.ts';

export interface SegmentTiming {
  /** The segment's start as its name says (whole seconds, UTC). */
  namedStartMs: number;
  /** Whether it is the first segment of this ffmpeg run (recording began inside it). */
  isFirst: boolean;
  /** When the run's first frame was captured, if known. */
  firstFrameAt: number | null;
  /** The segment length ffmpeg cuts at (60 in the product). */
  segmentSeconds: number;
}

export function clipPlacement(timing: SegmentTiming): { start_time: string; offset_ms: number } {
  const minute = minuteStartOf(timing.namedStartMs);
  let offset = 0;
  if (timing.isFirst) {
    // The first clip after a start is partial: it begins when the first frame was captured.
    const began =
      timing.firstFrameAt !== null && minuteStartOf(timing.firstFrameAt) === minute
        ? timing.firstFrameAt
        : timing.namedStartMs;
    offset = began - minute;
  } else if (timing.segmentSeconds < MINUTE_MS / 1000) {
    // Short test segments: several share a minute and are told apart by where they begin.
    offset = timing.namedStartMs - minute;
  }
  return {
    start_time: formatMinute(minute),
    offset_ms: Math.max(0, Math.min(MINUTE_MS - 1, Math.round(offset))),
  };
}
