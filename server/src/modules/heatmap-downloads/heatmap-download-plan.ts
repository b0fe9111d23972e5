// What a heat map batch holds (advanced.md heat map batch download; issue 14): one image per camera and day of
// the period (days whose weekday is not kept are not asked for), or one per camera for the whole period; the
// name of each image in the ZIP; the lines written on it; and the README that lists what had nothing analysed.
// Pure.
import { HEATMAP_WEEKDAYS, addDays, type HeatmapWeekday } from '@camwatch/contract/heatmap-rules';
import type { HeatmapDownloadPer } from '@camwatch/contract/heatmap-downloads';
import { formatMinutes } from './heatmap-image.ts';

export interface PlanCamera {
  id: number;
  code: string;
  name: string;
}

export interface BatchFilter {
  start: string;
  end: string;
  hourFrom: number;
  hourTo: number;
  weekdays: readonly HeatmapWeekday[];
  per: HeatmapDownloadPer;
  timeZone: string;
}

export interface PlannedImage {
  camera: PlanCamera;
  /** The days the image sums (both included): one day, or the whole period. */
  start: string;
  end: string;
}

/** The weekday of a calendar day (the same in every zone: the day is already the zone's). */
export function weekdayOf(day: string): HeatmapWeekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return HEATMAP_WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The batch's images, camera by camera in the order asked, then day by day. */
export function planImages(cameras: readonly PlanCamera[], filter: BatchFilter): PlannedImage[] {
  if (filter.per === 'period')
    return cameras.map((camera) => ({ camera, start: filter.start, end: filter.end }));
  const days: string[] = [];
  for (let day = filter.start; day <= filter.end; day = addDays(day, 1))
    if (filter.weekdays.includes(weekdayOf(day))) days.push(day);
  return cameras.flatMap((camera) => days.map((day) => ({ camera, start: day, end: day })));
}

/** A part of a file name safe in any file system (the same rule as archive downloads' names). */
const safe = (text: string, fallback: string) =>
  text.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || fallback;

/** `玄関_cam-AB12_2026-10-01.png`, or `…_2026-10-01_2026-10-31.png` for a whole period. */
export function imageName(image: PlannedImage): string {
  const days = image.start === image.end ? image.start : `${image.start}_${image.end}`;
  return `${safe(image.camera.name, 'camera')}_${safe(image.camera.code, 'camera')}_${days}.png`;
}

/** `heatmap_2026-10-01_2026-10-31.zip`: the name the ZIP is downloaded under. */
export const zipName = (filter: Pick<BatchFilter, 'start' | 'end'>) =>
  `heatmap_${filter.start}_${filter.end}.zip`;

const isPrintableAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const capital = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** Hours and weekdays when the batch keeps only some; null when it keeps the whole week. */
function filterLine(filter: BatchFilter): string | null {
  const parts: string[] = [];
  if (filter.hourFrom > 0 || filter.hourTo < 24)
    parts.push(`Hours: ${clock(filter.hourFrom)}-${clock(filter.hourTo)}`);
  if (filter.weekdays.length < HEATMAP_WEEKDAYS.length)
    parts.push(`Weekdays: ${filter.weekdays.map(capital).join(' ')}`);
  return parts.length > 0 ? parts.join('   ') : null;
}

/**
 * The lines written under the image (the bitmap font draws ASCII only: a Japanese camera name is in the file
 * name instead, and written here only when it is plain ASCII).
 */
export function imageLines(image: PlannedImage, filter: BatchFilter, totalPersonSeconds: number): string[] {
  const { code, name } = image.camera;
  const camera = isPrintableAscii(name) && name !== code ? `${code} (${name})` : code;
  const day = image.start === image.end ? ` (${capital(weekdayOf(image.start))})` : '';
  const lines = [`Camera: ${camera}`, `Period: ${image.start} – ${image.end}${day}   ${filter.timeZone}`];
  const filtered = filterLine(filter);
  if (filtered) lines.push(filtered);
  lines.push(`Total: ${formatMinutes(totalPersonSeconds)} person-minutes`);
  return lines;
}

/** README.txt of the ZIP, in Japanese and English: what the images show, and what had nothing analysed. */
export function readme(filter: BatchFilter, missing: readonly PlannedImage[]): string {
  const filtered = filterLine(filter);
  const lines = [
    'ヒートマップ一括ダウンロード / Heat map batch download',
    '',
    `期間 / Period: ${filter.start} – ${filter.end} (${filter.timeZone})`,
    ...(filtered ? [`条件 / Filter: ${filtered}`] : []),
    '各画像: カメラの映像の上に、人が滞在した時間（人・分）を色で表示しています。',
    'Each image: where people stayed over the camera’s picture, in person-minutes, coloured by the legend.',
    '',
  ];
  if (missing.length === 0)
    lines.push('解析済みの録画がない日はありません。 / Every image had analysed recordings.');
  else {
    lines.push('解析済みの録画がないため画像がありません / No image, nothing was analysed:');
    for (const image of missing) {
      const days = image.start === image.end ? image.start : `${image.start} – ${image.end}`;
      lines.push(`- ${image.camera.name} (${image.camera.code}) ${days}`);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
