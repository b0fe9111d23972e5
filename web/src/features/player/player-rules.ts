// Pure rules of the detail player (core.md §4, §8, §9; advanced.md §4): which minute plays next, how long the
// live viewer waits before retrying, when a live image is stale, the hour/minute arithmetic of the archive,
// the timeline's periods, cells and markers, the controller's overlay, volume and speeds. What is drawn over
// the video (video info) is in video-info-rules.ts.
import type { ArchiveEntry, EventSpan } from '@camwatch/contract/archives';
import {
  browserFromUserAgent,
  effectiveEventFilter,
  firstFutureArchive,
  hidesNoMotionArchives,
  isFutureArchive,
  isUpcomingArchive,
  playSpeedsFor,
  visibleArchives,
  type ArchiveEventFilter,
  type EventCamera,
  type HideCamera,
} from '@camwatch/contract/archive-rules';
import {
  ARCHIVE_CLIP_SEC,
  ARCHIVE_PERIODS,
  CONTROLLER_HIDE_MS,
  DEFAULT_VOLUME,
  LATEST_ARCHIVE_OFFSET_MIN,
  LIVE_IMAGE_MAX_AGE_SEC,
  LIVE_IMAGE_RETRY,
  VOLUME_STEP,
  type ArchivePeriodHours,
} from '@camwatch/contract/constants';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The minute after `index` that has a recording, within the same list; null when none is left. */
export function nextMinuteWithData(archives: readonly { has_data: boolean }[], index: number): number | null {
  for (let i = index + 1; i < archives.length; i++) if (archives[i]?.has_data) return i;
  return null;
}

/** The first minute with a recording, or null. */
export const firstMinuteWithData = (archives: readonly { has_data: boolean }[]): number | null =>
  nextMinuteWithData(archives, -1);

/** Delay before the n-th retry (0-based) of a failed live image: 1 s, ×1.5 each time, at most 60 s (core.md §8). */
export const liveRetryDelayMs = (attempt: number): number =>
  Math.min(
    LIVE_IMAGE_RETRY.initialMs * LIVE_IMAGE_RETRY.factor ** Math.max(0, attempt),
    LIVE_IMAGE_RETRY.maxMs,
  );

/** A live image is stale when older than 60 s plus the camera's live interval (by its Last-Modified). */
export const isLiveImageStale = (lastModifiedMs: number, nowMs: number, liveIntervalSec: number): boolean =>
  nowMs - lastModifiedMs > (LIVE_IMAGE_MAX_AGE_SEC + liveIntervalSec) * 1000;

/** The start of the local hour holding `ms`. */
export function hourStartOf(ms: number): number {
  const date = new Date(ms);
  date.setMinutes(0, 0, 0);
  return date.getTime();
}

/** The next hour's start; ms arithmetic, so a daylight-saving change cannot repeat or skip an hour. */
export const nextHourStart = (hourStart: number): number => hourStart + HOUR_MS;

/** Where skip-to-latest goes: the minute starting 2 minutes before now (core.md §9). */
export function latestArchiveStart(nowMs: number): number {
  const ms = nowMs - LATEST_ARCHIVE_OFFSET_MIN * MINUTE_MS;
  return ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}

/**
 * The minute the detail page plays when it opens: the one the date query names; else, with LIVE off (remembered
 * off, or live not possible), the latest archive as skip-to-latest finds it (core.md §4, §9); null while live
 * plays or without the archive right.
 */
export function openingMinute(opts: {
  dateQueryMs: number | null;
  isLive: boolean;
  hasArchive: boolean;
  nowMs: number;
}): number | null {
  if (!opts.hasArchive) return null;
  if (opts.dateQueryMs !== null)
    return opts.dateQueryMs - (((opts.dateQueryMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  return opts.isLive ? null : latestArchiveStart(opts.nowMs);
}

/** Hours (0-23) that may be chosen on a day: none after the current hour today, none on a future day. */
export function selectableHours(dayStartMs: number, nowMs: number): number[] {
  const hours: number[] = [];
  for (let h = 0; h < 24; h++) {
    const start = new Date(dayStartMs);
    start.setHours(h, 0, 0, 0);
    if (start.getTime() <= nowMs) hours.push(h);
  }
  return hours;
}

/** The volume after a step up or down, kept in 0-1 and rounded to the step (core.md §9). */
export const stepVolume = (volume: number, direction: 1 | -1): number =>
  Math.round(Math.min(1, Math.max(0, volume + direction * VOLUME_STEP)) * 10) / 10;

/** Where a marker of an event span sits on the 60 s seek bar, in percent of its width. */
export function markerPercent(span: { startSec: number; endSec: number }): { left: number; width: number } {
  const clamp = (s: number) => Math.min(ARCHIVE_CLIP_SEC, Math.max(0, s));
  const start = clamp(span.startSec);
  const end = Math.max(start, clamp(span.endSec));
  return {
    left: (start / ARCHIVE_CLIP_SEC) * 100,
    width: Math.max(((end - start) / ARCHIVE_CLIP_SEC) * 100, 1),
  };
}

// ── Archive timeline (core.md §4, §9; advanced.md §9) ───────────────────────────────────────────────────

/** The display periods of the timeline with their lines (rows): 1H 10 lines, 6H 6 lines, 24H 12 lines. */
export const TIMELINE_PERIODS = ARCHIVE_PERIODS.filter(
  (p): p is { hours: ArchivePeriodHours; label: string; lines: number } => p.lines !== null,
);
export type TimelineHours = (typeof TIMELINE_PERIODS)[number]['hours'];

/** The lines of a period; minutes per line follow (1H: 6, 6H: 60, 24H: 120). */
export function periodLines(hours: TimelineHours): { lines: number; minutesPerLine: number } {
  const period = TIMELINE_PERIODS.find((p) => p.hours === hours) ?? TIMELINE_PERIODS[0]!;
  return { lines: period.lines, minutesPerLine: (period.hours * 60) / period.lines };
}

/** The start of the period holding `ms`: its hour (1H), its quarter of the local day (6H) or its day (24H). */
export function periodStartOf(ms: number, hours: TimelineHours): number {
  const date = new Date(ms);
  date.setMinutes(0, 0, 0);
  if (hours === 1) return date.getTime();
  date.setHours(hours === 24 ? 0 : Math.floor(date.getHours() / hours) * hours);
  return date.getTime();
}

/** The next period's start; local calendar arithmetic, so a day stays a day. */
export function nextPeriodStart(start: number, hours: TimelineHours, direction: 1 | -1 = 1): number {
  if (hours === 1) return start + direction * HOUR_MS;
  const date = new Date(start);
  date.setHours(date.getHours() + direction * hours);
  return periodStartOf(date.getTime(), hours);
}

/** Events of a minute shown with the filter in effect (`all`: every kind), as spans of its 60 s. */
export function eventSpans(entry: Pick<ArchiveEntry, 'events'>, filter: ArchiveEventFilter): EventSpan[] {
  const { motionDetect, peopleCounter, enterAlert } = entry.events;
  if (filter === 'motionDetect') return motionDetect;
  if (filter === 'peopleCounter') return peopleCounter;
  if (filter === 'enterAlert') return enterAlert;
  return [...motionDetect, ...peopleCounter, ...enterAlert].sort((a, b) => a.startSec - b.startSec);
}

export type CellState = 'data' | 'noData' | 'future' | 'upcoming' | 'hidden';

export interface TimelineCell {
  entry: ArchiveEntry;
  ms: number;
  state: CellState;
  /** Event spans of the minute under the filter in effect (none unless it plays). */
  markers: EventSpan[];
}

/**
 * What each minute of the timeline shows (core.md §4): recorded, not recorded, future (no data, within the
 * last 30 minutes, no later recording: probably still on its way), upcoming (not begun yet: the rest of today
 * in the 24H period, left blank) or hidden (recorded without motion on a camera whose archive_hide has
 * no_motion). Future is judged on the full list: a hidden later recording still shows that the camera has
 * moved past the minute.
 */
export function timelineCells(
  archives: readonly ArchiveEntry[],
  camera: HideCamera & EventCamera,
  filter: ArchiveEventFilter,
  nowMs: number,
): TimelineCell[] {
  const visible = new Set(visibleArchives(archives, camera));
  const effective = effectiveEventFilter(filter, camera);
  return archives.map((entry) => {
    const state: CellState = !entry.has_data
      ? isFutureArchive(entry, archives, nowMs)
        ? 'future'
        : isUpcomingArchive(entry, nowMs)
          ? 'upcoming'
          : 'noData'
      : visible.has(entry)
        ? 'data'
        : 'hidden';
    return {
      entry,
      ms: Date.parse(entry.start_time),
      state,
      markers: state === 'data' ? eventSpans(entry, effective) : [],
    };
  });
}

/** The archives playback may use: hidden minutes count as not recorded, so playback skips them. */
export function playableArchives(archives: readonly ArchiveEntry[], camera: HideCamera): ArchiveEntry[] {
  if (!hidesNoMotionArchives(camera)) return [...archives];
  return archives.map((entry) =>
    entry.has_data && !entry.motion_state
      ? { ...entry, has_data: false, archive_id: null, data_url: null }
      : entry,
  );
}

/**
 * The hour to re-fetch so new minutes appear (core.md §4: the hour of the first future archive); null when
 * nothing is future.
 */
export function futureHourToRefetch(archives: readonly ArchiveEntry[], nowMs: number): number | null {
  const first = firstFutureArchive(archives, nowMs);
  return first ? hourStartOf(Date.parse(first.start_time)) : null;
}

/** The period's list with the minutes of a re-fetched hour put in place (same start_time, newer answer). */
export function mergeArchives(
  period: readonly ArchiveEntry[],
  update: readonly ArchiveEntry[] | undefined,
): readonly ArchiveEntry[] {
  if (!update?.length) return period;
  const byTime = new Map(update.map((entry) => [Date.parse(entry.start_time), entry]));
  let changed = false;
  const merged = period.map((entry) => {
    const fresh = byTime.get(Date.parse(entry.start_time));
    if (!fresh || fresh === entry) return entry;
    if (
      fresh.has_data === entry.has_data &&
      fresh.archive_id === entry.archive_id &&
      fresh.motion_state === entry.motion_state &&
      fresh.events.motionDetect.length === entry.events.motionDetect.length
    )
      return entry;
    changed = true;
    return fresh;
  });
  return changed ? merged : period;
}

// ── Controller (core.md §4, §9) ────────────────────────────────────────────────────────────────────────

/** Play speeds in cycling order for this browser: Edge and Safari skip 2x (core.md §4). */
export const playSpeedsForUserAgent = (userAgent: string) => playSpeedsFor(browserFromUserAgent(userAgent));

/**
 * Whether the controller overlay shows (core.md §4): for 3 s after the last mouse move, and for as long as
 * the pointer is over it, keyboard focus is inside it, or one of its menus is open.
 */
export function isControllerShown(state: {
  msSinceActivity: number;
  isHovered: boolean;
  hasFocusWithin: boolean;
  isMenuOpen: boolean;
}): boolean {
  return (
    state.isHovered || state.hasFocusWithin || state.isMenuOpen || state.msSinceActivity < CONTROLLER_HIDE_MS
  );
}

export interface VolumeState {
  volume: number;
  isMuted: boolean;
  /** The volume to come back to when unmuting after the slider went to 0. */
  previous: number;
}

export const initialVolume: VolumeState = {
  volume: DEFAULT_VOLUME,
  isMuted: false,
  previous: DEFAULT_VOLUME,
};

/** The mute button (core.md §4): mutes, or unmutes back to the volume before (never to silence). */
export function toggleMute(state: VolumeState): VolumeState {
  if (!state.isMuted && state.volume > 0) return { ...state, isMuted: true, previous: state.volume };
  const volume = state.volume > 0 ? state.volume : state.previous > 0 ? state.previous : DEFAULT_VOLUME;
  return { volume, isMuted: false, previous: volume };
}

/** The slider: a volume of 0 reads as muted; any other unmutes. The last audible volume is remembered. */
export function setVolume(state: VolumeState, volume: number): VolumeState {
  const value = Math.round(Math.min(1, Math.max(0, volume)) * 10) / 10;
  return { volume: value, isMuted: value === 0, previous: value > 0 ? value : state.previous };
}

// ── Live (core.md §4, §7; advanced.md §4) ──────────────────────────────────────────────────────────────

export { liveModeOf, parseDateQuery } from './live-mode.ts';
