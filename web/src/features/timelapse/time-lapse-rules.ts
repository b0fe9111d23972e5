// Pure rules of the time-lapse view (core.md §3 "time-lapse sort (default asc)", §8; advanced.md §1): the
// hour windows a day is asked in (the snapshots call covers at most 60 minutes), the order of the frames,
// and the step from one frame to the next while playing.
import { SNAPSHOT_WINDOW_MIN } from '@camwatch/contract/constants';

export type TimeLapseSort = 'asc' | 'desc';

export interface TimeLapseFrame {
  imageUrl: string;
  /** When the image was taken (ms). */
  takenAt: number;
}

/** How long each frame shows while playing. */
export const FRAME_MS = 200;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01T09:00:00+09:00` in the browser's time zone. */
export function offsetIso(ms: number): string {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const abs = Math.abs(offset);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `${offset >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The start of the local day holding `ms`. */
export function dayStartOf(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * The windows of at most 60 minutes that cover a day up to now: whole hours, the last one cut at now. A
 * future day has none. Each window ends one millisecond before the next starts, so no image comes twice.
 */
export function dayWindows(dayStartMs: number, nowMs: number): { startMs: number; endMs: number }[] {
  const windows: { startMs: number; endMs: number }[] = [];
  const dayEnd = new Date(dayStartMs);
  dayEnd.setDate(dayEnd.getDate() + 1);
  const end = Math.min(dayEnd.getTime(), nowMs);
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
