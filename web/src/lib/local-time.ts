// Local dates and times, the one place the web app writes them: the API's offsets, the browser's date and
// datetime-local inputs, and the spec's `YYYY-MM-DD HH:mm:ss` (core.md §9). Everything is in the browser's zone.

/** Two digits: `7` → `07`. */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** A moment as an ISO date-time in the browser's local offset, e.g. `2026-11-21T09:00:00+09:00`. */
export function toOffsetIso(ms: number): string {
  const offset = -new Date(ms).getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${localDate(ms)}T${localTimeWithSeconds(ms)}${sign}${twoDigits(Math.floor(abs / 60))}:${twoDigits(abs % 60)}`;
}

/** `YYYY-MM-DD` of a moment in local time (the date input's value). */
export const localDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;
};

/** `HH:mm` of a moment in local time. */
export const localTime = (ms: number): string => {
  const d = new Date(ms);
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
};

/** `HH:mm:ss` of a moment in local time. */
export const localTimeWithSeconds = (ms: number): string =>
  `${localTime(ms)}:${twoDigits(new Date(ms).getSeconds())}`;

/** `YYYY-MM-DD HH:mm:ss` (core.md §9) of a moment in local time. */
export const localDateTime = (ms: number): string => `${localDate(ms)} ${localTimeWithSeconds(ms)}`;

/** `YYYY-MM-DD HH:mm` of a moment in local time. */
export const localDateMinute = (ms: number): string => `${localDate(ms)} ${localTime(ms)}`;

/** `YYYY-MM-DDTHH:mm` in local time: the value of a datetime-local input (and the player's `date` query). */
export const dateTimeInputValue = (ms: number): string => `${localDate(ms)}T${localTime(ms)}`;

/** Local midnight of a `YYYY-MM-DD` date input's value; NaN when empty or malformed. */
export function parseDateInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, mo - 1, d);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : Number.NaN;
}

/** The moment of a datetime-local value (local time); NaN when empty or malformed. */
export function parseDateTimeInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return date.getMonth() === mo - 1 ? date.getTime() : Number.NaN;
}

/** The start of the local day holding `ms`. */
export function localDayStart(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The local midnight after the day that starts at `dayStartMs` (23 or 25 hours later on a DST change). */
export function nextLocalMidnight(dayStartMs: number): number {
  const d = new Date(dayStartMs);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** The browser's IANA time zone (`Asia/Tokyo`): the server names the files it makes for us in it. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** `0:07`: a position in a one-minute clip, as the seek bars label it. */
export const clipPositionLabel = (seconds: number): string => `0:${twoDigits(Math.floor(seconds))}`;
