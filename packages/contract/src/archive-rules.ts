// Rules of archive playback: future archives, the event filter, hidden archives, play speeds per browser
// and the multi-video grid (core.md §4, §9; advanced.md §4, §9).
import {
  ARCHIVE_FUTURE_WINDOW_MIN,
  MULTI_VIDEO_RETRY,
  MULTI_VIDEO_ROWS,
  PLAY_SPEEDS,
  type MultiVideoDivision,
  type PlaySpeed,
} from './constants.ts';

export interface ArchiveState {
  start_time: string;
  has_data: boolean;
  motion_state: boolean;
}

const toMs = (time: Date | number | string): number =>
  typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : time.getTime();

/**
 * An archive is future when it has no data, lies within the last 30 minutes, and no later archive has data
 * (core.md §4): its minute is probably still being recorded or uploaded. A minute that has not begun yet is not
 * within the last 30 minutes, so it is not future (see isUpcomingArchive): a day's later hours are not "on
 * their way".
 */
export function isFutureArchive(
  archive: ArchiveState,
  all: readonly ArchiveState[],
  now: Date | number,
): boolean {
  if (archive.has_data) return false;
  const start = toMs(archive.start_time);
  const nowMs = toMs(now);
  if (start > nowMs || start < nowMs - ARCHIVE_FUTURE_WINDOW_MIN * 60_000) return false;
  return !all.some((other) => other.has_data && toMs(other.start_time) > start);
}

/** A minute that has not begun yet: nothing can have been recorded, so it is neither future nor missing. */
export const isUpcomingArchive = (archive: ArchiveState, now: Date | number): boolean =>
  !archive.has_data && toMs(archive.start_time) > toMs(now);

/** The earliest future archive; updating archives re-fetches its hour. */
export function firstFutureArchive<T extends ArchiveState>(
  all: readonly T[],
  now: Date | number,
): T | undefined {
  return [...all]
    .sort((a, b) => toMs(a.start_time) - toMs(b.start_time))
    .find((archive) => isFutureArchive(archive, all, now));
}

export const archiveEventFilters = ['motionDetect', 'peopleCounter', 'enterAlert', 'all'] as const;
export type ArchiveEventFilter = (typeof archiveEventFilters)[number];
export const DEFAULT_ARCHIVE_EVENT_FILTER: ArchiveEventFilter = 'motionDetect';

export interface EventCamera {
  use_motion: boolean;
  use_people_counter: boolean;
  use_enter_alert: boolean;
}

/** The filter in effect: the chosen one, or `all` when the camera lacks the matching feature. */
export function effectiveEventFilter(filter: ArchiveEventFilter, camera: EventCamera): ArchiveEventFilter {
  const hasFeature: Record<ArchiveEventFilter, boolean> = {
    motionDetect: camera.use_motion,
    peopleCounter: camera.use_people_counter,
    enterAlert: camera.use_enter_alert,
    all: true,
  };
  return hasFeature[filter] ? filter : 'all';
}

export interface HideCamera {
  archive_hide: readonly string[];
  use_motion: boolean;
}

/** Whether archives without motion are hidden: archive_hide includes no_motion and the camera uses motion. */
export const hidesNoMotionArchives = (camera: HideCamera): boolean =>
  camera.use_motion && camera.archive_hide.includes('no_motion');

/** The archives to show: only those with motion_state when the camera hides no-motion archives. */
export function visibleArchives<T extends Pick<ArchiveState, 'motion_state'>>(
  archives: readonly T[],
  camera: HideCamera,
): T[] {
  return hidesNoMotionArchives(camera) ? archives.filter((a) => a.motion_state) : [...archives];
}

export type Browser = 'edge' | 'safari' | 'other';

/** Edge (Chromium or legacy) and Safari; Chrome, Firefox and others are `other`. */
export function browserFromUserAgent(userAgent: string): Browser {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  // No word boundary before the Chromium names: headless Chrome says `HeadlessChrome/`.
  if (/\bSafari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|FxiOS|OPR)\//.test(userAgent)) return 'safari';
  return 'other';
}

/** Play speeds in cycling order; Edge and Safari skip 2x. */
export const playSpeedsFor = (browser: Browser): PlaySpeed[] =>
  PLAY_SPEEDS.filter((speed) => !(speed === 2 && (browser === 'edge' || browser === 'safari')));

/** The speed after `current` in the cycle, back to the first after the last. */
export function nextPlaySpeed(current: number, speeds: readonly PlaySpeed[]): PlaySpeed {
  const index = speeds.indexOf(current as PlaySpeed);
  return speeds[(index + 1) % speeds.length] ?? 1;
}

/** Rows and columns of the multi-video grid for a division. */
export function multiVideoGrid(division: MultiVideoDivision): { rows: number; columns: number } {
  const rows = MULTI_VIDEO_ROWS[division];
  return { rows, columns: Math.ceil(division / rows) };
}

/** Delay before the n-th retry (0-based) when no camera has data: 5 s doubling; null after 5 retries. */
export const multiVideoRetryDelayMs = (retry: number): number | null =>
  retry < MULTI_VIDEO_RETRY.maxRetries ? MULTI_VIDEO_RETRY.baseMs * MULTI_VIDEO_RETRY.factor ** retry : null;
