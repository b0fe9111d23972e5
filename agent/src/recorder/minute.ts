// Wall-clock minutes as the device API names them. A clip is one UTC minute (CLIP_SECONDS).
import { CLIP_SECONDS } from '@camwatch/contract/device';

export const MINUTE_MS = CLIP_SECONDS * 1000;

/** The start of the minute holding `ms` (ms since the epoch). */
export function minuteStartOf(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** The API's name of a minute: `2026-11-21T07:01:00Z`. */
export function formatMinute(ms: number): string {
  return `${new Date(minuteStartOf(ms)).toISOString().slice(0, 19)}Z`;
}

/** Compact UTC time used in file names: `20261121T070100Z`. */
export function formatCompactTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Reads a compact UTC time (`20261121T070146Z`, the start of a segment's name); null if it is not one. */
export function parseCompactTime(text: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return Number.isNaN(ms) ? null : ms;
}
