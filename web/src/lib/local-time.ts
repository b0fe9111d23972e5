// Local dates and times as the browser's date inputs and the API's offsets write them.

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as an ISO date-time in the browser's local offset, e.g. `2026-11-21T09:00:00+09:00`. */
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

/** Local midnight of a `YYYY-MM-DD` date input's value; NaN when empty or malformed. */
export function parseDateInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, mo - 1, d);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : Number.NaN;
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
