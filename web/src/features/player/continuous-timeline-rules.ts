// Pure rules of the detail page's continuous timeline (issue 22): the visible window of time and how zoom and
// pan move it within what may be shown, pixels ↔ moments, the ticks under it, the recorded segments and event
// marks drawn from coverage buckets, the moment a scrub plays, and what a selected range exports.
import type { Coverage } from '@camwatch/contract/coverage';
import { DOWNLOAD_MAX_HOURS } from '@camwatch/contract/constants';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The narrowest and widest window the strip shows. */
export const MIN_SPAN_MS = 10 * MINUTE_MS;
export const MAX_SPAN_MS = 7 * DAY_MS;
/** The window the strip opens with, around the playing moment. */
export const INITIAL_SPAN_MS = 6 * HOUR_MS;
/** One press of + or − zooms by this factor; an arrow key pans by this share of the window. */
export const ZOOM_STEP = 2;
export const PAN_STEP = 0.1;

export interface TimeView {
  startMs: number;
  endMs: number;
}

export interface ViewBounds {
  minMs: number;
  maxMs: number;
}

/**
 * What the strip may show: up to a minute after now, and back to the camera's first recording or a week,
 * whichever is earlier.
 */
export function viewBounds(nowMs: number, firstRecordedMs: number | null): ViewBounds {
  const weekAgo = nowMs - MAX_SPAN_MS;
  return {
    minMs: Math.min(weekAgo, firstRecordedMs ?? weekAgo),
    maxMs: nowMs + MINUTE_MS,
  };
}

const spanOf = (view: TimeView) => view.endMs - view.startMs;

/** The window with its length between the limits, moved (not shrunk) to lie within the bounds. */
export function clampView(view: TimeView, bounds: ViewBounds): TimeView {
  const room = bounds.maxMs - bounds.minMs;
  const span = Math.min(Math.max(spanOf(view), MIN_SPAN_MS), MAX_SPAN_MS, Math.max(room, MIN_SPAN_MS));
  let startMs = view.startMs + (spanOf(view) - span) / 2;
  if (startMs + span > bounds.maxMs) startMs = bounds.maxMs - span;
  if (startMs < bounds.minMs) startMs = bounds.minMs;
  return { startMs, endMs: startMs + span };
}

/** The window opened around a moment (the playing minute), as far right as now allows. */
export const initialView = (centerMs: number, bounds: ViewBounds): TimeView =>
  clampView({ startMs: centerMs - INITIAL_SPAN_MS / 2, endMs: centerMs + INITIAL_SPAN_MS / 2 }, bounds);

/**
 * Zooms by `factor` (>1 out, <1 in) around `anchorMs`: the moment under the pointer (or the window's centre)
 * stays where it is on the strip.
 */
export function zoomView(view: TimeView, factor: number, anchorMs: number, bounds: ViewBounds): TimeView {
  const span = spanOf(view);
  const next = Math.min(Math.max(span * factor, MIN_SPAN_MS), MAX_SPAN_MS);
  const share = span > 0 ? (anchorMs - view.startMs) / span : 0.5;
  const startMs = anchorMs - share * next;
  return clampView({ startMs, endMs: startMs + next }, bounds);
}

/** Moves the window by `deltaMs` (negative: back in time), stopping at the bounds. */
export const panView = (view: TimeView, deltaMs: number, bounds: ViewBounds): TimeView =>
  clampView({ startMs: view.startMs + deltaMs, endMs: view.endMs + deltaMs }, bounds);

export const centerOf = (view: TimeView): number => (view.startMs + view.endMs) / 2;

/** The moment at `x` px on a strip `width` px wide. */
export const timeAt = (x: number, width: number, view: TimeView): number =>
  view.startMs + (Math.min(Math.max(x, 0), width) / Math.max(width, 1)) * spanOf(view);

/** Where a moment lies on the strip, in px (may be outside 0..width). */
export const xOf = (ms: number, width: number, view: TimeView): number =>
  ((ms - view.startMs) / Math.max(spanOf(view), 1)) * width;

// ── Ticks ────────────────────────────────────────────────────────────────────────────────────────────────

const TICK_STEPS = [
  MINUTE_MS,
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
];

export interface Tick {
  ms: number;
  /** A local midnight: labelled with its date. */
  isDay: boolean;
}

/**
 * Ticks at least `minGapPx` apart, on round local times (whole hours, days at local midnight, so a day's
 * tick stays at midnight across a daylight-saving change).
 */
export function ticksFor(view: TimeView, width: number, minGapPx = 72): Tick[] {
  const msPerPx = spanOf(view) / Math.max(width, 1);
  const step = TICK_STEPS.find((s) => s / msPerPx >= minGapPx) ?? DAY_MS;
  const ticks: Tick[] = [];
  const first = new Date(view.startMs);
  first.setHours(0, 0, 0, 0); // walk from the local midnight before the window
  for (let day = first; day.getTime() <= view.endMs;) {
    const dayStart = day.getTime();
    const next = new Date(dayStart);
    next.setDate(next.getDate() + 1);
    const dayEnd = next.getTime();
    for (let ms = dayStart; ms < dayEnd && ms <= view.endMs; ms += Math.min(step, DAY_MS)) {
      if (ms >= view.startMs) ticks.push({ ms, isDay: ms === dayStart });
      if (step >= DAY_MS) break;
    }
    day = next;
  }
  return ticks;
}

// ── Coverage on the strip ─────────────────────────────────────────────────────────────────────────────

export interface Segment {
  startMs: number;
  endMs: number;
  /** Share of the bucket recorded (0..1); for a camera hiding minutes without motion, the motion minutes. */
  share: number;
  motion: number;
  enterAlert: number;
  people: number;
}

/** The buckets of coverage answers as segments in time order (later answers win where two overlap). */
export function coverageSegments(answers: readonly Coverage[], hidesNoMotion: boolean): Segment[] {
  const byStart = new Map<number, Segment>();
  for (const answer of answers) {
    const bucketMs = answer.bucket_sec * 1000;
    const toMs = Date.parse(answer.to);
    for (const bucket of answer.buckets) {
      const startMs = Date.parse(bucket.start);
      const endMs = Math.min(startMs + bucketMs, toMs);
      const length = (endMs - startMs) / 1000;
      const recorded = hidesNoMotion ? bucket.motion * 60 : bucket.recorded_sec;
      byStart.set(startMs, {
        startMs,
        endMs,
        share: length > 0 ? Math.min(1, recorded / length) : 0,
        motion: bucket.motion,
        enterAlert: bucket.enter_alert,
        people: bucket.people,
      });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startMs - b.startMs);
}

/** The recorded segment holding `ms`, if any. */
export const segmentAt = (segments: readonly Segment[], ms: number): Segment | undefined =>
  segments.find((s) => s.share > 0 && s.startMs <= ms && ms < s.endMs);

/**
 * The moment a scrub released at `ms` plays: `ms` itself when recorded there (or not known to be a gap),
 * else the start of the next recording on the strip; null when nothing was recorded after it.
 */
export function playableMoment(segments: readonly Segment[], ms: number): number | null {
  if (segmentAt(segments, ms)) return ms;
  const next = segments.find((s) => s.share > 0 && s.startMs > ms);
  return next ? next.startMs : null;
}

// ── Ranges ──────────────────────────────────────────────────────────────────────────────────────────────

/** Two moments of a drag as a range of whole minutes (at least one), not past now's minute. */
export function normalizeRange(aMs: number, bMs: number, nowMs: number): TimeView {
  const nowMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const startMs = Math.min(Math.floor(Math.min(aMs, bMs) / MINUTE_MS) * MINUTE_MS, nowMinute - MINUTE_MS);
  const endMs = Math.min(Math.ceil(Math.max(aMs, bMs) / MINUTE_MS) * MINUTE_MS, nowMinute);
  return { startMs, endMs: Math.max(endMs, startMs + MINUTE_MS) };
}

export type RangeVerdict =
  | { kind: 'nothing'; range: TimeView; beforeFirst: boolean; afterLast: boolean }
  | { kind: 'tooLong'; range: TimeView; hours: number }
  | {
      kind: 'ok';
      range: TimeView;
      isTrimmed: boolean;
      recordedMin: number;
      spanMin: number;
      /** A minute or more of the range was not recorded (worth saying; a clip begun mid-minute is not). */
      isPartial: boolean;
    };

/**
 * What a selected range exports, from the coverage of that range: trimmed to its first and last recording;
 * nothing when it holds no recording (before the camera's first or after its last recording, or in a gap);
 * too long when its recordings span more than a download allows (DOWNLOAD_MAX_HOURS).
 */
export function rangeVerdict(
  range: TimeView,
  coverage: Pick<Coverage, 'buckets' | 'bucket_sec' | 'first_recorded' | 'last_recorded'>,
): RangeVerdict {
  const bucketMs = coverage.bucket_sec * 1000;
  const recorded = coverage.buckets.filter((b) => b.recorded_sec > 0);
  if (recorded.length === 0) {
    const first = coverage.first_recorded ? Date.parse(coverage.first_recorded) : null;
    const last = coverage.last_recorded ? Date.parse(coverage.last_recorded) : null;
    return {
      kind: 'nothing',
      range,
      beforeFirst: first === null || range.endMs <= first,
      afterLast: last !== null && range.startMs >= last + MINUTE_MS,
    };
  }
  const startMs = Math.max(range.startMs, Date.parse(recorded[0]!.start));
  const endMs = Math.min(range.endMs, Date.parse(recorded.at(-1)!.start) + bucketMs);
  const trimmed = { startMs, endMs };
  if (endMs - startMs > DOWNLOAD_MAX_HOURS * HOUR_MS)
    return { kind: 'tooLong', range: trimmed, hours: Math.ceil((endMs - startMs) / HOUR_MS) };
  const recordedSec = recorded.reduce((sum, b) => sum + b.recorded_sec, 0);
  return {
    kind: 'ok',
    range: trimmed,
    isTrimmed: startMs !== range.startMs || endMs !== range.endMs,
    recordedMin: Math.round(recordedSec / 60),
    spanMin: Math.round((endMs - startMs) / MINUTE_MS),
    isPartial: (endMs - startMs) / 1000 - recordedSec >= 60,
  };
}
