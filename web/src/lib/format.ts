// Date and time formats of the spec (clock YYYY/MM/DD HH:mm:ss, exports YYYY-MM-DD HH:mm:ss) and amounts of data.
import { localDateTime } from './local-time.ts';

export const formatClock = (d: Date): string => localDateTime(d.getTime()).replaceAll('-', '/');

export const formatDateTime = (d: Date | number): string =>
  localDateTime(typeof d === 'number' ? d : d.getTime());

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** 1 KB = 1024 bytes, as the monthly download allowance (50 GB = 50 × 1024³ bytes) is counted. */
const BYTE_STEP = 1024;

/**
 * An amount of data in the unit that suits it (`512 B`, `1.1 MB`, `50 GB`): one decimal place below 10, whole
 * numbers from 10, digits grouped the language's way. A value that rounds up to 1024 moves to the next unit.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  const round = (v: number) => (v < 10 && unit > 0 ? Math.round(v * 10) / 10 : Math.round(v));
  while (unit < BYTE_UNITS.length - 1 && round(value) >= BYTE_STEP) {
    value /= BYTE_STEP;
    unit++;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(round(value));
  return `${number} ${BYTE_UNITS[unit]}`;
}
