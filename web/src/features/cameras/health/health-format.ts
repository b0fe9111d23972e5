// How camera health reads: uptime as a percentage that never rounds a lost second up to 100 %, how long a status
// has lasted in its two largest units, and which of the three states a camera is in.
import type { CameraHealth } from '@camwatch/contract/camera-health';
import { formatDateTime } from '../../../lib/format.ts';
import type { TranslationValues } from '../../../lib/i18n.ts';

/** `99.93 %`: floored to two decimals, so anything short of the whole window stays below 100; null: `—`. */
export function formatUptime(ratio: number | null, language: string, none = '—'): string {
  if (ratio === null) return none;
  const percent = Math.floor(Math.min(1, Math.max(0, ratio)) * 10_000) / 100;
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: percent === 100 || percent === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(percent);
  return `${number} %`;
}

export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/** A span in its two largest units: [[3, 'days'], [4, 'hours']]; under a minute, seconds alone. */
export function durationParts(ms: number): [number, DurationUnit][] {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts: [number, DurationUnit][] = [
    [Math.floor(seconds / 86_400), 'days'],
    [Math.floor((seconds % 86_400) / 3_600), 'hours'],
    [Math.floor((seconds % 3_600) / 60), 'minutes'],
    [seconds % 60, 'seconds'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return [[0, 'seconds']];
  return parts.slice(first, first + 2).filter(([n], i) => i === 0 || n > 0);
}

export type HealthState = 'down' | 'normal' | 'never';

/** Offline, online, or never heard from (a normal camera with no agent yet). */
export const healthState = (camera: Pick<CameraHealth, 'watch_status' | 'last_seen_at'>): HealthState =>
  camera.watch_status === 'down' ? 'down' : camera.last_seen_at === null ? 'never' : 'normal';

export const STATE_COLORS: Record<HealthState, string> = { down: 'red', normal: 'green', never: 'gray' };

/** The page asked for in the address: a whole number from 1, else 1. */
export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** "Offline since … (2 h 5 min)", "Online since …", or never heard. */
export function sinceText(
  t: (key: string, values?: TranslationValues) => string,
  camera: Pick<CameraHealth, 'watch_status' | 'status_since'>,
  now: number,
): string {
  if (!camera.status_since) return t('cameraHealth.neverSeen');
  const since = new Date(camera.status_since);
  const duration = durationParts(now - since.getTime())
    .map(([count, unit]) => t(`cameraHealth.duration.${unit}`, { count }))
    .join(' ');
  return t(camera.watch_status === 'down' ? 'cameraHealth.offlineSince' : 'cameraHealth.onlineSince', {
    time: formatDateTime(since),
    duration,
  });
}
