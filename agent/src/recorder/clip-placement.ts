// Where a finished segment sits in time: which minute it is the clip of (start_time) and how far into
// that minute it begins (offset_ms). Pure, so the rule is tested on its own.
//
// A run's timestamps count from its timeline origin (a wall-clock minute), and the segment muxer lists
// where each segment ends on that timeline. Its start is that end less its length: the muxer lists the
// first segment of a run as starting at 0 whatever its first frame, so the list's start is not used.
import { formatMinute, minuteStartOf, MINUTE_MS } from './minute.ts';

export interface SegmentTiming {
  /** The run's timeline origin, ms since the epoch. */
  timelineOriginMs: number;
  /** Where the segment ends on the run's timeline, in seconds (the segment list's end). */
  endSec: number;
  /** The segment's length by ffprobe. */
  durationMs: number;
}

export function clipPlacement(timing: SegmentTiming): { start_time: string; offset_ms: number } {
  const startMs = timing.timelineOriginMs + Math.round(timing.endSec * 1000) - timing.durationMs;
  const minute = minuteStartOf(startMs);
  return {
    start_time: formatMinute(minute),
    offset_ms: Math.max(0, Math.min(MINUTE_MS - 1, startMs - minute)),
  };
}
