// Pure rules of the time-lapse view (core.md §3 "time-lapse sort (default asc)", §8; advanced.md §1): the
// hour windows a day is asked in (the snapshots call covers at most 60 minutes), the order of the frames,
// and the step from one frame to the next while playing.
import { SNAPSHOT_WINDOW_MIN } from '@camwatch/contract/constants';
import { nextLocalMidnight } from '../../lib/local-time.ts';

export type TimeLapseSort = 'asc' | 'desc';

export interface TimeLapseFrame {
  imageUrl: string;
  /** When the image was taken (ms). */
  takenAt: number;
}

/** How long each frame shows while playing. */
export const FRAME_MS = 200;

/**
 * The windows of at most 60 minutes that cover a day up to now: whole hours, the last one cut at now. A
 * future day has none. Each window ends one millisecond before the next starts, so no image comes twice.
 */
export function dayWindows(dayStartMs: number, nowMs: number): { startMs: number; endMs: number }[] {
  const windows: { startMs: number; endMs: number }[] = [];
  const end = Math.min(nextLocalMidnight(dayStartMs), nowMs);
  for (let start = dayStartMs; start < end; start += SNAPSHOT_WINDOW_MIN * 60_000) {
    const windowEnd = Math.min(start + SNAPSHOT_WINDOW_MIN * 60_000 - 1, end);
    windows.push({ startMs: start, endMs: windowEnd });
  }
  return windows;
}

/** The frames in the chosen order: oldest first (asc, the default) or newest first. */
export function sortFrames<T extends { takenAt: number }>(frames: readonly T[], sort: TimeLapseSort): T[] {
  const sorted = [...frames].sort((a, b) => a.takenAt - b.takenAt);
  return sort === 'desc' ? sorted.reverse() : sorted;
}

/** The frame after `index` while playing; null at the end (playing stops on the last frame). */
export const nextFrame = (index: number, count: number): number | null =>
  index + 1 < count ? index + 1 : null;
