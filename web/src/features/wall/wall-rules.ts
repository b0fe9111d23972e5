// Pure rules of the multi-video wall (core.md §2 camera list "multi", §4 multi-video, §9): the division and
// its grid, the auto-play counter, which minute follows a finished one, the no-data retry, the live update
// interval and its round-robin order, and the tiles' messages. The synced playback's clock is in sync-rules.ts.
import {
  DEFAULT_MULTI_VIDEO_DIVISION,
  LATEST_ARCHIVE_OFFSET_MIN,
  MAX_AUTO_PLAYS,
  MULTI_VIDEO_DIVISIONS,
  liveUpdateIntervalMs,
  type MultiVideoDivision,
} from '@camwatch/contract/constants';
import { multiVideoGrid, multiVideoRetryDelayMs } from '@camwatch/contract/archive-rules';

const MINUTE_MS = 60_000;

/** The division of the `division` query; anything not offered is the default 4 (core.md §9). */
export function parseDivision(raw: string | null | undefined): MultiVideoDivision {
  const value = Number(raw);
  return (MULTI_VIDEO_DIVISIONS as readonly number[]).includes(value)
    ? (value as MultiVideoDivision)
    : DEFAULT_MULTI_VIDEO_DIVISION;
}

/** Rows and columns of the wall for a division: rows 1, 2, 2, 2, 3, 3, 4 for 2, 4, 6, 8, 9, 12, 16. */
export const wallGrid = (division: MultiVideoDivision) => multiVideoGrid(division);

/**
 * The auto-play counter: how many times the wall started playing by itself (on load, after moving on to the
 * next minute) since a person last pressed play. Once it reaches 60 the wall loads the next minute but waits
 * paused, so an unattended wall does not stream for ever.
 */
export const canAutoplay = (autoPlays: number): boolean => autoPlays < MAX_AUTO_PLAYS;

/** The minute the wall plays after `minuteMs` ends, and whether it lies in the next hour (minute 59). */
export function nextWallMinute(minuteMs: number): { minuteMs: number; isNextHour: boolean } {
  const start = minuteMs - (((minuteMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const next = start + MINUTE_MS;
  return { minuteMs: next, isNextHour: new Date(start).getMinutes() === 59 };
}

/** The first moment of the hour that holds `ms` (local time). */
export function wallHourStart(ms: number): number {
  const date = new Date(ms);
  date.setMinutes(0, 0, 0);
  return date.getTime();
}

/** The minute the wall opens on: the latest archive, two minutes before now (core.md §9). */
export function initialWallMinute(nowMs: number): number {
  const ms = nowMs - LATEST_ARCHIVE_OFFSET_MIN * MINUTE_MS;
  return ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}

/** Whether a minute can be chosen: not in the future (the time picker stops at the current time, core.md §5). */
export const isPlayableMinute = (minuteMs: number, nowMs: number): boolean => minuteMs <= nowMs;

/** Delay before the n-th retry (0-based) when no camera has data: 5, 10, 20, 40, 80 s; null after 5. */
export const noDataRetryDelayMs = (retry: number): number | null => multiVideoRetryDelayMs(retry);

/** One shared live poller ticks every 1000 ms ÷ live cameras, so each camera is asked about once a second. */
export const liveTickMs = (liveCameras: number): number => liveUpdateIntervalMs(liveCameras);

/**
 * The camera the round-robin poller asks on this tick: the next one after `cursor` that is ready (started,
 * not already waiting for an answer), or null when none is. One timer serves the whole wall.
 */
export function nextLiveIndex(ready: readonly boolean[], cursor: number): number | null {
  const count = ready.length;
  for (let step = 1; step <= count; step++) {
    const index = (((cursor + step) % count) + count) % count;
    if (ready[index]) return index;
  }
  return null;
}

/** What a tile shows over (or instead of) its picture. */
export type TileMessage = 'notSupported' | 'cannotLive' | 'noData' | 'noRecording' | null;

/** Live tiles: no live function → not supported; a refused start → cannot live (core.md §4, §8). */
export function liveTileMessage(hasLive: boolean, hasStartFailed: boolean): TileMessage {
  if (!hasLive) return 'notSupported';
  return hasStartFailed ? 'cannotLive' : null;
}

/**
 * Archive tiles: a video that failed to load shows no data (core.md §8); a minute without a recording, or a
 * moment of the wall's clock outside the tile's clip, shows "no recording at this time" (issue 22: the tile
 * joins when the clock reaches a moment it has).
 */
export function archiveTileMessage(
  hasData: boolean,
  hasFailed: boolean,
  place: 'before' | 'inside' | 'after' | null,
): TileMessage {
  if (!hasData || place === 'before' || place === 'after') return 'noRecording';
  return hasFailed ? 'noData' : null;
}
