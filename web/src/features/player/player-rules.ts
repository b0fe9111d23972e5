// Pure rules of the detail player (core.md §4, §8, §9; advanced.md §4): which minute plays next, how long the
// live viewer waits before retrying, when a live image is stale, and the hour/minute arithmetic of the archive.
import {
  ARCHIVE_CLIP_SEC,
  LATEST_ARCHIVE_OFFSET_MIN,
  LIVE_IMAGE_MAX_AGE_SEC,
  LIVE_IMAGE_RETRY,
  VOLUME_STEP,
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

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01T09:00:00+09:00` in the browser's time zone: the archives call wants an offset. */
export function toOffsetIso(ms: number): string {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** `YYYY-MM-DD` of a moment in local time (the date input's value). */
export const localDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** `HH:mm` of a moment in local time. */
export const localTime = (ms: number): string => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** `YYYY-MM-DDTHH:mm` in local time: how the page keeps the chosen minute in its `date` query. */
export const dateQueryValue = (ms: number): string => `${localDate(ms)}T${localTime(ms)}`;

/**
 * The moment a `date` query names (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm` or any ISO form), in local time; null when
 * it is absent, malformed or in the future (date pickers do not allow future dates, core.md §5).
 */
export function parseDateQuery(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(value);
  let ms: number;
  if (plain) {
    const [, y, mo, d, h, mi] = plain;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
    if (date.getMonth() !== Number(mo) - 1) return null;
    ms = date.getTime();
  } else {
    ms = Date.parse(value);
  }
  if (!Number.isFinite(ms) || ms > nowMs) return null;
  return ms;
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
