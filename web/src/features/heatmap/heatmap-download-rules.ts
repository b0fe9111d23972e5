// The heat map batch download's rules on the screen (advanced.md: archive and heat map batch download dialog,
// §9 allowance and polling; issue 14): how many images a batch makes (one per camera and kept day, or one per
// camera for the whole period, as the server plans them), when a download's state is asked again (every 2 s while
// queued or running), the request body the dialog sends, and which camera a 404 names. Pure.
import { addDays, HEATMAP_WEEKDAYS, type HeatmapWeekday } from '@camwatch/contract/heatmap-rules';
import type {
  HeatmapDownload,
  HeatmapDownloadPer,
  HeatmapDownloadRequestBody,
} from '@camwatch/contract/heatmap-downloads';
import type { HeatmapView, Period } from './heatmap-rules.ts';

/** How often a queued or running download is asked about (the archive download's pace, advanced.md §9). */
export const HEATMAP_DOWNLOAD_POLL_MS = 2_000;

/** The weekday of a calendar day, Monday first (the day is already the reader's zone's, so UTC reads it). */
export function weekdayOfDay(day: string): HeatmapWeekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return HEATMAP_WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** A whole `YYYY-MM-DD` calendar day (a date field half typed is not one). */
export const isCalendarDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The days of a period (both ends included) whose weekday is kept; none for a period that is not one. */
export function keptDays(period: Period, weekdays: readonly HeatmapWeekday[]): number {
  if (!isCalendarDay(period.start) || !isCalendarDay(period.end) || period.start > period.end) return 0;
  let count = 0;
  for (let day = period.start; day <= period.end; day = addDays(day, 1))
    if (weekdays.includes(weekdayOfDay(day))) count++;
  return count;
}

// A type, not an interface, so it is also the values of the count's text.
export type BatchSize = {
  cameras: number;
  /** Days with a kept weekday (per day), or 1 (the whole period). */
  days: number;
  images: number;
};

/**
 * What a batch makes, as the server's plan: per day one image per camera and kept day (days whose weekday is
 * left out get none); per period one image per camera.
 */
export function batchSize(
  cameras: number,
  period: Period,
  weekdays: readonly HeatmapWeekday[],
  per: HeatmapDownloadPer,
): BatchSize {
  const isPeriod = isCalendarDay(period.start) && isCalendarDay(period.end) && period.start <= period.end;
  const days = per === 'period' ? (isPeriod ? 1 : 0) : keptDays(period, weekdays);
  return { cameras, days, images: cameras * days };
}

/** A download that will still change (its state is worth asking again). */
export const isHeatmapDownloadActive = (download: Pick<HeatmapDownload, 'status'>): boolean =>
  download.status === 'queued' || download.status === 'running';

/**
 * When to ask a download's state again: every HEATMAP_DOWNLOAD_POLL_MS until it is known and settled (ready,
 * failed or expired), then never. Closing the dialog unmounts the query, which stops it too.
 */
export const heatmapDownloadPollInterval = (
  download: Pick<HeatmapDownload, 'status'> | undefined,
): number | false => (download && !isHeatmapDownloadActive(download) ? false : HEATMAP_DOWNLOAD_POLL_MS);

/** The list is asked again while one of its downloads is being made; otherwise it is left alone. */
export const heatmapDownloadListPollInterval = (
  downloads: readonly Pick<HeatmapDownload, 'status'>[] | undefined,
): number | false => (downloads?.some(isHeatmapDownloadActive) ? HEATMAP_DOWNLOAD_POLL_MS : false);

/** The POST body for the screen's cameras and filters with the dialog's period and choice; all weekdays are left out. */
export function heatmapDownloadBody(
  view: Pick<HeatmapView, 'cameras' | 'hourFrom' | 'hourTo' | 'weekdays'>,
  period: Period,
  per: HeatmapDownloadPer,
  timeZone: string,
): HeatmapDownloadRequestBody {
  return {
    camera_codes: [...view.cameras],
    start: period.start,
    end: period.end,
    hour_from: view.hourFrom,
    hour_to: view.hourTo,
    ...(view.weekdays.length < HEATMAP_WEEKDAYS.length ? { weekdays: [...view.weekdays] } : {}),
    per,
    time_zone: timeZone,
  };
}

/**
 * The camera a 404 names: the server's message (`camera CODE not found`) carries the code of the first camera
 * it refused; only a code that was asked for is taken from it, so no server text reaches the reader.
 */
export function refusedCameraOf(message: string | undefined, codes: readonly string[]): string | null {
  if (!message) return null;
  // The longest first, so `cam-10` is not read as `cam-1`.
  const byLength = [...codes].sort((a, b) => b.length - a.length);
  return byLength.find((code) => message.includes(code)) ?? null;
}

/** The part of a field's path the dialog places errors by (`weekdays.0` is `weekdays`). */
export const fieldRoot = (path: string): string => path.split('.')[0] ?? path;
